import { getDb } from "~/.server/db/instance";
import { csvResponse } from "~/.server/http/files";
import { loadReport, reportCsv, reportFileName } from "~/.server/reports/view";
import type { Route } from "./+types/reports-export";

/**
 * A report's table as CSV (issue 32): the same URL parameters as the page, read by the same code
 * (report-view.ts), so the file holds exactly the rows and columns the table shows. A resource
 * route, so the file is the whole answer.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const view = await loadReport(getDb(), url.searchParams);
  return csvResponse(reportCsv(view), reportFileName(view));
}
