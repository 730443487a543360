/**
 * The back office's sales reports (issue 32), as both the server and the page know them: which
 * reports there are, and the column headings their table and CSV file share.
 */
export const REPORT_KINDS = [
  "period",
  "product",
  "line",
  "variant",
  "category",
  "class",
  "brand",
  "business",
  "rep",
  "state",
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export function isReportKind(value: string | null): value is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(value ?? "");
}

/** The column headings of a report's table and file. */
export function reportColumns(kind: ReportKind, grain: "day" | "month"): [string, string, string, string] {
  const first: Record<ReportKind, string> = {
    period: grain === "day" ? "Day" : "Month",
    product: "Product",
    line: "Product line",
    variant: "Variant",
    category: "Category",
    class: "Product class",
    brand: "Brand",
    business: "Business",
    rep: "Sales rep",
    state: "Destination state",
  };
  return [first[kind], "Orders", "Units", "Sales (USD)"];
}
