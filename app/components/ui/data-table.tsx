import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * One table for every back-office list (issue 37): a caption for screen readers, headers that can
 * sort (a link each, aria-sort on the sorted one), the first column as each row's header when
 * asked, a totals row, an empty state, and on a phone the same table scrolling sideways with its
 * first column kept in view (a table stays a table: every cell keeps its headers).
 */
export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and money: right-aligned, tabular figures. */
  numeric?: boolean;
  /** The totals row's cell for this column. */
  total?: ReactNode;
  /** Sortable by this key (the page's ?sort=). */
  sortKey?: string;
  /** Extra classes of this column's cells. */
  className?: string;
}

export interface TableSort {
  key: string;
  /** Where a header's link goes for a sort key. */
  href: (key: string) => string;
  /** How the sorted column is sorted (aria-sort). */
  direction?: "ascending" | "descending";
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowHeader = false,
  totalsLabel,
  sort,
  rowClassName,
  rowId,
  tableClassName = "",
  className = "",
}: {
  caption: ReactNode;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** What shows instead of the table when there are no rows. */
  empty: ReactNode;
  /** The first column names its row (a th with scope="row"). */
  rowHeader?: boolean;
  /** The totals row's heading, in the first column; no totals row without it. */
  totalsLabel?: ReactNode;
  sort?: TableSort;
  rowClassName?: (row: Row) => string;
  rowId?: (row: Row, index: number) => string;
  /** Extra classes of the table (a wide table's least width). */
  tableClassName?: string;
  /**
   * Extra classes of the box the table scrolls in (a border; `relative` when cells hold visually
   * hidden text, so that it is placed in the box rather than past the page's edge).
   */
  className?: string;
}) {
  if (rows.length === 0) return <div className="py-4 text-sm text-slate-700">{empty}</div>;
  const align = (c: Column<Row>) => (c.numeric ? "tabular text-right" : "text-left");
  const sticky = "sticky left-0 z-[1] bg-white";
  return (
    // Focusable: a table wider than a phone scrolls sideways from the keyboard too. Relative: what
    // is positioned in a cell (a screen reader's hidden label) is clipped by this box, not laid out
    // against the page, which would then scroll sideways as well.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard
    <div className={`relative overflow-x-auto ${className}`} tabIndex={0}>
      <table className={`w-full text-sm ${tableClassName}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 text-slate-700">
            {columns.map((c, i) => {
              const sorted = sort && c.sortKey && sort.key === c.sortKey;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sorted ? (sort.direction ?? "descending") : undefined}
                  className={`px-2 py-2 font-semibold whitespace-nowrap ${align(c)} ${i === 0 ? `${sticky} bg-slate-50` : ""}`}
                >
                  {sort && c.sortKey ? (
                    <Link
                      to={sort.href(c.sortKey)}
                      preventScrollReset
                      className={`underline-offset-2 hover:underline ${sorted ? "text-slate-900 underline" : "text-brand-700"}`}
                    >
                      {c.header}
                    </Link>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr
              key={rowKey(row, r)}
              id={rowId?.(row, r)}
              className={`border-b border-slate-100 ${rowClassName?.(row) ?? ""}`}
            >
              {columns.map((c, i) =>
                i === 0 && rowHeader ? (
                  <th
                    key={c.key}
                    scope="row"
                    className={`px-2 py-2 font-normal text-slate-900 ${align(c)} ${sticky} ${c.className ?? ""}`}
                  >
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={`px-2 py-2 ${align(c)} ${i === 0 ? sticky : ""} ${c.className ?? ""}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {totalsLabel !== undefined ? (
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold text-slate-900">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className={`px-2 py-2 text-left ${sticky}`}>
                    {totalsLabel}
                  </th>
                ) : (
                  <td key={c.key} className={`px-2 py-2 ${align(c)}`}>
                    {c.total ?? ""}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
