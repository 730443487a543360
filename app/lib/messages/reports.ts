/**
 * The sentences of the back office's reports and overview (issue 32): the date range's refusals,
 * what the figures count, and the charts' descriptions.
 */

export const reportRangeIncomplete = "Choose both a first and a last day. Showing the last 30 days.";
export const reportRangeNotADate = "That is not a date. Showing the last 30 days.";
export const reportRangeOutOfBounds = (first: string, last: string) =>
  `Reports cover the days from ${first} to ${last}. Showing the last 30 days.`;
export const reportRangeReversed = "The first day is after the last day. Showing the last 30 days.";
export const reportRangeTooLong = "A report covers at most two years. Showing the last 30 days.";
export const reportBadKind = "There is no such report. Showing sales by period.";
export const reportBadPage = "There is no such page. Showing the first page.";
export const reportCancelledExcluded =
  "Figures count the order lines of orders placed in the range, at the price charged, before tax. Cancelled orders are left out.";
export const reportAttributesAsSold =
  "Category, class and brand are each order line's as sold: a product moved or changed later leaves its past sales where they were.";
export const reportLineAsSold =
  "Sales stay with the product line they were sold in: a variant moved to another line later leaves its past sales there. Lines are named as they are today; a line that is gone, as it was sold.";
export const reportNoSales = "No sales in this range.";
export const reportTableNote = "The table shows the same figures as the chart.";

/** The label of a group whose value is missing: a deleted product, a product without a class. */
export function reportUnknown(kind: string): string {
  switch (kind) {
    case "product":
      return "Deleted product";
    case "variant":
      return "Deleted product";
    case "line":
      return "No product line (product deleted)";
    case "category":
      return "No category (product deleted)";
    case "class":
      return "No product class";
    case "brand":
      return "No brand";
    case "business":
      return "Deleted account";
    default:
      return "Unknown";
  }
}

/** A chart's description for screen readers and hover: "Sales by product, 2026-10-29 to 2026-11-27." */
export function chartSummary(title: string, from: string, to: string): string {
  return `${title}, ${from} to ${to}.`;
}

/** A mark's value on hover or focus: "2026-11-03: $1,234.50 (4 orders)". */
export function chartMarkValue(label: string, money: string, orders: number): string {
  return `${label}: ${money} (${orders.toLocaleString("en-US")} order${orders === 1 ? "" : "s"})`;
}

/** A comparison mark: "Previous period, 2026-10-04: $12.00". */
export function chartPreviousValue(label: string, money: string): string {
  return `Previous period, ${label}: ${money}`;
}

/** The change against the previous period: "Up 12% on the previous period." */
export function changeAgainstPrevious(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "No sales in either period." : "No sales in the previous period.";
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return "Level with the previous period.";
  return `${pct > 0 ? "Up" : "Down"} ${Math.abs(pct)}% on the previous period.`;
}

/** A count (new businesses) against the previous period: "Up 50% on the previous period." */
export function countAgainstPrevious(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "None in either period." : "None in the previous period.";
  return changeAgainstPrevious(current, previous);
}

export const overviewNoLicensesExpiring = "No approved license expires in the next 30 days.";
export const overviewNoLowStock = "No product is low on stock.";
export const overviewNoTop = "Nothing sold in the last 30 days.";
