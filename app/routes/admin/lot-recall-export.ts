import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { csvResponse } from "~/.server/http/files";
import { recallCsv } from "~/.server/inventory/lot-admin";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/lot-recall-export";

/** Every release of a lot, with the fields of 21 CFR 1.345 (issue 39). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.lotId);
  const csv = id === null ? null : await recallCsv(getDb(), id);
  if (csv === null) throw data(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
  return csvResponse(csv, `lot-${id}-recipients.csv`);
}
