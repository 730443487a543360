import { data } from "react-router";
import { pactCsv, pactShipments, validMonth } from "~/.server/compliance/pact";
import { getDb } from "~/.server/db/instance";
import { csvResponse } from "~/.server/http/files";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { US_STATE_CODES } from "~/lib/us-states";
import type { Route } from "./+types/reports-pact-export";

/**
 * The PACT Act file of one destination state and month (?month=YYYY-MM&state=XX): a resource
 * route, so the file is the whole answer (the report page links here).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const month = url.searchParams.get("month");
  const state = (url.searchParams.get("state") ?? "").toUpperCase();
  if (!validMonth(month) || !US_STATE_CODES.includes(state))
    throw data(BACK_OFFICE_MESSAGES.pactExportBadFilter, { status: 400 });
  return csvResponse(pactCsv(await pactShipments(getDb(), month, state)), `pact-${state}-${month}.csv`);
}
