import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { isReportKind, type ReportKind, reportColumns } from "~/lib/reports";
import { neutralizeFormula } from "../catalog/csv/file";
import type { DB } from "../db/schema";
import { type DayRange, readRange } from "./range";
import { grainOf, REPORT_PAGE_SIZE, type SalesRow, salesBy, salesByPeriod, sumRows } from "./sales";

/**
 * One report as the page and its CSV show it (issue 32): which report, which range, which page,
 * read from the URL once for both, so the file holds exactly the rows and columns of the table.
 */
export interface ReportView {
  kind: ReportKind;
  range: DayRange;
  /** Days or months (the period report). */
  grain: "day" | "month";
  page: number;
  pageSize: number;
  total: number;
  rows: SalesRow[];
  sums: { orders: number; units: number; salesCents: number };
  /** Why the range asked was not taken (the default range is shown), or null. */
  rangeProblem: string | null;
  /** What else the URL asked that is not one (a report, a page): the default was shown instead. */
  problems: string[];
}

export async function loadReport(db: Kysely<DB>, params: URLSearchParams, today = storeToday()): Promise<ReportView> {
  const problems: string[] = [];
  const askedKind = params.get("by");
  let kind: ReportKind = "period";
  if (isReportKind(askedKind)) kind = askedKind;
  else if (askedKind) problems.push(REPORT_MESSAGES.reportBadKind);
  const { range, problem: rangeProblem } = readRange(params, today);
  const askedPage = params.get("page");
  let page = 1;
  if (askedPage !== null) {
    if (/^[1-9]\d{0,6}$/.test(askedPage)) page = Number(askedPage);
    else problems.push(REPORT_MESSAGES.reportBadPage);
  }
  const grain = grainOf(range);
  if (kind === "period") {
    const rows = await salesByPeriod(db, range, grain);
    if (page !== 1) problems.push(REPORT_MESSAGES.reportBadPage);
    return {
      kind,
      range,
      grain,
      page: 1,
      pageSize: rows.length,
      total: rows.length,
      rows,
      sums: sumRows(rows),
      rangeProblem,
      problems,
    };
  }
  let result = await salesBy(db, kind, range, { page });
  if (page > 1 && result.rows.length === 0) {
    problems.push(REPORT_MESSAGES.reportBadPage);
    page = 1;
    result = await salesBy(db, kind, range, { page });
  }
  return { kind, range, grain, page, pageSize: REPORT_PAGE_SIZE, ...result, rangeProblem, problems };
}

/** Cents as the file writes them: "1234.50" (a spreadsheet reads it as a number). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The table of a report as CSV: its headings, then its rows, every cell a formula would start neutralized. */
export function reportCsv(view: ReportView): string {
  const rows = view.rows.map((r) =>
    [r.label, String(r.orders), String(r.units), dollars(r.salesCents)].map(neutralizeFormula),
  );
  return stringify([reportColumns(view.kind, view.grain), ...rows]);
}

/** The file's name: "sales-by-product-2026-10-29-to-2026-11-27.csv" (page 2: "…-page-2.csv"). */
export function reportFileName(view: ReportView): string {
  const page = view.page > 1 ? `-page-${view.page}` : "";
  return `sales-by-${view.kind}-${view.range.from}-to-${view.range.to}${page}.csv`;
}
