import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { validReportMonth } from "~/.server/excise/report";
import { csvResponse } from "~/.server/http/files";
import { salesTaxCsv, salesTaxReport } from "~/.server/tax/report";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import type { Route } from "./+types/sales-tax-report-export";

/** The sales tax report of a month (?month=YYYY-MM) as a CSV file, for the Comptroller's return. */
export async function loader({ url }: Route.LoaderArgs) {
  const month = url.searchParams.get("month");
  if (!validReportMonth(month)) throw data(EXCISE_MESSAGES.chooseMonth, { status: 400 });
  return csvResponse(salesTaxCsv(await salesTaxReport(getDb(), month)), `sales-tax-${month}.csv`);
}
