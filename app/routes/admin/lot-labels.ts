import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { pdfResponse } from "~/.server/http/files";
import { findLabelLot, lotLabelsPdf } from "~/.server/inventory/lot-labels";
import { env } from "~/.server/runtime/env";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/lot-labels";

/**
 * A Letter sheet of QR labels for a lot (issue 39; decision 0067), for the admins who stick them
 * on its cartons: each leads to the lot's public page. Only for a published lot: a label must
 * never lead to a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.lotId);
  const lot = id === null ? null : await findLabelLot(getDb(), id);
  if (!lot) throw data(INVENTORY_MESSAGES.labelsNotFound, { status: 404 });
  const name = lot.code.replace(/[^A-Za-z0-9._-]/g, "-");
  return pdfResponse(await lotLabelsPdf(lot, env().BASE_URL), `labels-lot-${name}.pdf`);
}
