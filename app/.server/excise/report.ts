import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import { stateName } from "~/lib/compliance/vocabulary";
import { describeRate } from "~/lib/excise/describe";
import type { ExciseMethod, OwedBy } from "~/lib/excise/engine";
import { storeMonthBounds } from "~/lib/store-time";
import { neutralizeFormula } from "../catalog/csv/file";
import type { DB } from "../db/schema";

/**
 * The excise filing report (issue 31): for a month, per destination state, the taxable quantities
 * (units, ml, cartridges, wholesale value) and the tax, per product and rule and in total, from
 * the excise stored with each order line (order_line_excise) — the same cents the order, the
 * invoice and the mail show, so the report and the orders agree to the cent. Cancelled orders are
 * left out; a month is the store's (Dallas) month of the order, as the PACT report's (lib/store-time.ts).
 */

export interface ExciseReportRow {
  productId: number | null;
  product: string;
  sku: string;
  rule: string;
  method: ExciseMethod;
  rate: string;
  owedBy: OwedBy;
  units: number;
  mlMilli: number;
  cartridges: number;
  wholesaleCents: number;
  taxCents: number;
}

export interface ExciseReportState {
  state: string;
  name: string;
  rows: ExciseReportRow[];
  total: Omit<ExciseReportRow, "productId" | "product" | "sku" | "rule" | "method" | "rate" | "owedBy">;
  /** Of the total tax, what the store collected (the rest the buyers owe). */
  collectedCents: number;
}

export function validReportMonth(value: string | null): value is string {
  return !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

export async function exciseReport(db: Kysely<DB>, month: string, state?: string): Promise<ExciseReportState[]> {
  let q = db
    .selectFrom("order_line_excise as e")
    .innerJoin("orders", "orders.id", "e.order_id")
    .innerJoin("order_items", "order_items.id", "e.order_item_id")
    .select([
      "e.state",
      "e.product_id",
      "e.rule_name",
      "e.method",
      "e.rate_micros",
      "e.owed_by",
      "e.quantity",
      "e.ml_milli",
      "e.cartridges",
      "e.wholesale_cents",
      "e.amount_cents",
      "order_items.name",
      "order_items.sku",
    ])
    .where("orders.status", "<>", "Cancelled")
    .where("orders.created_at", ">=", storeMonthBounds(month).start)
    .where("orders.created_at", "<", storeMonthBounds(month).end);
  if (state) q = q.where("e.state", "=", state);
  const rows = await q.orderBy("e.state").orderBy("order_items.sku").orderBy("e.rule_name").execute();
  const states = new Map<string, Map<string, ExciseReportRow>>();
  for (const r of rows) {
    const byKey = states.get(r.state) ?? new Map<string, ExciseReportRow>();
    states.set(r.state, byKey);
    const method = r.method as ExciseMethod;
    const rate = describeRate(method, Number(r.rate_micros));
    const key = `${r.sku}|${r.rule_name}|${rate}|${r.owed_by}`;
    const row = byKey.get(key) ?? {
      productId: r.product_id,
      product: r.name,
      sku: r.sku,
      rule: r.rule_name,
      method,
      rate,
      owedBy: r.owed_by === "buyer" ? "buyer" : "store",
      units: 0,
      mlMilli: 0,
      cartridges: 0,
      wholesaleCents: 0,
      taxCents: 0,
    };
    row.units += r.quantity;
    row.mlMilli += Number(r.ml_milli);
    row.cartridges += r.cartridges;
    row.wholesaleCents += Number(r.wholesale_cents);
    row.taxCents += Number(r.amount_cents);
    byKey.set(key, row);
  }
  return [...states.entries()].map(([code, byKey]) => {
    const list = [...byKey.values()];
    const sum = (f: (x: ExciseReportRow) => number) => list.reduce((s, x) => s + f(x), 0);
    return {
      state: code,
      name: stateName(code),
      rows: list,
      total: {
        units: sum((x) => x.units),
        mlMilli: sum((x) => x.mlMilli),
        cartridges: sum((x) => x.cartridges),
        wholesaleCents: sum((x) => x.wholesaleCents),
        taxCents: sum((x) => x.taxCents),
      },
      collectedCents: sum((x) => (x.owedBy === "store" ? x.taxCents : 0)),
    };
  });
}

/** Milliliters from thousandths, as the report prints them ("1,234.5"). */
export function formatMl(mlMilli: number): string {
  return (mlMilli / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The CSV of a month (one state or all): a row per product and rule, then a total row per state. */
export function exciseCsv(month: string, states: readonly ExciseReportState[]): string {
  const records: (string | number)[][] = [];
  for (const s of states) {
    for (const r of s.rows)
      records.push([
        month,
        s.state,
        neutralizeFormula(r.product),
        neutralizeFormula(r.sku),
        neutralizeFormula(r.rule),
        r.rate,
        r.owedBy,
        r.units,
        (r.mlMilli / 1000).toFixed(3),
        r.cartridges,
        dollars(r.wholesaleCents),
        dollars(r.taxCents),
      ]);
    records.push([
      month,
      s.state,
      "TOTAL",
      "",
      "",
      "",
      "",
      s.total.units,
      (s.total.mlMilli / 1000).toFixed(3),
      s.total.cartridges,
      dollars(s.total.wholesaleCents),
      dollars(s.total.taxCents),
    ]);
  }
  return stringify(records, {
    header: true,
    columns: [
      "Month",
      "State",
      "Product",
      "SKU",
      "Tax rule",
      "Rate",
      "Owed by",
      "Units",
      "Ml",
      "Cartridges",
      "Wholesale value",
      "Tax",
    ],
  });
}
