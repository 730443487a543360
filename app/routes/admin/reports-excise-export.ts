import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { exciseCsv, exciseReport, validReportMonth } from "~/.server/excise/report";
import { csvResponse } from "~/.server/http/files";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { US_STATE_CODES } from "~/lib/us-states";
import type { Route } from "./+types/reports-excise-export";

/** The excise report of a month (?month=YYYY-MM, optionally &state=XX) as a CSV file, for the return. */
export async function loader({ url }: Route.LoaderArgs) {
  const month = url.searchParams.get("month");
  const state = (url.searchParams.get("state") ?? "").toUpperCase();
  if (!validReportMonth(month) || (state && !US_STATE_CODES.includes(state)))
    throw data(EXCISE_MESSAGES.chooseMonth, { status: 400 });
  const report = await exciseReport(getDb(), month, state || undefined);
  return csvResponse(exciseCsv(month, report), `excise-${state ? `${state}-` : ""}${month}.csv`);
}
