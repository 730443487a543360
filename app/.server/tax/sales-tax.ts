import type { Kysely, Transaction } from "kysely";
import { addDays, storeToday } from "~/lib/business";
import type { ProductClass } from "~/lib/compliance/vocabulary";
import {
  type CertificateInForce,
  evaluateSalesTax,
  type JurisdictionKind,
  type SalesTaxLine,
  salesTaxCents,
  type TaxJurisdiction,
} from "~/lib/sales-tax";
import { type ExemptingRule, exemptingRule, feeTaxable } from "~/lib/sales-tax-rules";
import { loadFacts } from "../compliance/facts";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { taxabilityRulesOfState } from "./taxability-rules";

/**
 * Sales tax charged where due (issue 41; decision 0071): which rates apply to a sale, which of the
 * buyer's resale certificates are in force, each line's tax computed once (lib/sales-tax.ts) and
 * stored with the order like its excise; orders.tax_cents is the sum of what is stored.
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface CollectingState {
  state: string;
  sourcing: "origin" | "destination";
  originZip: string | null;
  pendingGraceDays: number;
}

/**
 * The state's settings when the store collects sales tax there (nexus), else null. `asCharged`:
 * its settings whether or not it collects now (an order taxed when it was placed stays taxed).
 */
export async function collectingState(
  db: Db,
  state: string,
  options: { asCharged?: boolean } = {},
): Promise<CollectingState | null> {
  const row = await db
    .selectFrom("sales_tax_states")
    .selectAll()
    .where("state", "=", state)
    .$if(!options.asCharged, (q) => q.where("collects", "=", 1))
    .executeTakeFirst();
  if (!row) return null;
  return {
    state: row.state,
    sourcing: row.sourcing,
    originZip: row.origin_zip,
    pendingGraceDays: Number(row.pending_grace_days),
  };
}

/** The ZIP a sale's local taxes are sourced to: the store's own (origin) or the ship-to ZIP. */
export function sourcedZip(settings: CollectingState, destinationZip: string): string {
  return settings.sourcing === "origin" && settings.originZip ? settings.originZip : destinationZip;
}

/** The rates in force on a store date: the state's own, and the local ones of the ZIP. */
export async function jurisdictionsInForce(
  db: Db,
  state: string,
  zip: string,
  date: string,
): Promise<TaxJurisdiction[]> {
  const rows = await db
    .selectFrom("sales_tax_jurisdictions as j")
    .select(["j.id", "j.state", "j.kind", "j.name", "j.rate_ppm"])
    .where("j.state", "=", state)
    .where("j.effective_from", "<=", date)
    .where((eb) => eb.or([eb("j.effective_until", "is", null), eb("j.effective_until", ">=", date)]))
    .where((eb) =>
      eb.or([
        eb("j.kind", "=", "state"),
        eb.exists(
          eb
            .selectFrom("sales_tax_jurisdiction_zips as z")
            .select("z.zip")
            .whereRef("z.jurisdiction_id", "=", "j.id")
            .where("z.zip", "=", zip),
        ),
      ]),
    )
    .orderBy("j.kind")
    .orderBy("j.id")
    .execute();
  const order: JurisdictionKind[] = ["state", "county", "city", "transit", "special"];
  return rows
    .map((r) => ({ id: r.id, state: r.state, kind: r.kind, name: r.name, ratePpm: Number(r.rate_ppm) }))
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.id - b.id);
}

/**
 * The buyer's resale certificates in force at a moment (ISO time) on its store date: given before
 * it; verified, or revoked only after it, or still waiting for an admin within the state's grace
 * days; not past the store's renewal date. A certificate revoked later still covers the sales made
 * before (a revoked certificate taxes the next order, not past ones).
 */
export async function certificatesInForce(
  db: Db,
  userId: string,
  at: string,
  pendingGraceDays: number,
  usedBySale: readonly string[] = [],
): Promise<CertificateInForce[]> {
  const date = storeToday(new Date(at));
  const used = new Set(usedBySale);
  const rows = await db
    .selectFrom("resale_certificates")
    .select(["id", "status", "product_classes", "created_at", "revoked_at", "expires_on"])
    .where("user_id", "=", userId)
    .where("created_at", "<=", at)
    .where((eb) =>
      used.size > 0
        ? eb.or([eb("status", "in", ["verified", "revoked", "pending"]), eb("id", "in", [...used])])
        : eb("status", "in", ["verified", "revoked", "pending"]),
    )
    .orderBy("created_at")
    .execute();
  return rows
    .filter((c) => {
      // A certificate the sale was exempted under was in force at it, whatever became of it since
      // (revoked in the same millisecond as the sale, or a pending one rejected later).
      if (used.has(c.id)) return true;
      if (c.expires_on !== null && c.expires_on < date) return false;
      if (c.status === "verified") return true;
      if (c.status === "revoked") return c.revoked_at !== null && c.revoked_at > at;
      return pendingGraceDays > 0 && date <= addDays(storeToday(new Date(c.created_at)), pendingGraceDays);
    })
    .map((c) => ({ id: c.id, productClasses: parseClasses(c.product_classes) }));
}

function parseClasses(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export interface SaleLine {
  position: number;
  productId: number | null;
  productClass: string | null;
  goodsCents: number;
  /** The excise the store collects on this line. */
  exciseCents: number;
}

export interface SaleToTax {
  userId: string;
  destination: { state: string; zip: string };
  lines: readonly SaleLine[];
  deliveryCents: number;
  /** When the sale is made (ISO time; default now): the rates and certificates of that moment. */
  at?: string;
  /** The sale was taxed when it was made: taxed again whether or not the store collects there now. */
  taxedWhenMade?: boolean;
  /**
   * The rule answer each product of the sale was charged with (an order's recompute): the rule
   * that exempted it, or null when none did. A product not in it reads the rules of the sale's date.
   */
  ruleAnswers?: ReadonlyMap<number, ExemptingRule | null>;
  /** The certificates the sale was exempted under when it was made (an order's recompute). */
  certificatesUsed?: readonly string[];
}

/**
 * Each line's sales tax by jurisdiction for a sale (none where the store does not collect): the
 * rates, certificates and taxability rules (decision 0075) in force at its moment. A rule reads the
 * product's facts as they are now, with the product class the line was sold under.
 */
export async function computeSalesTax(db: Db, sale: SaleToTax): Promise<SalesTaxLine[]> {
  if (sale.lines.length === 0) return [];
  const settings = await collectingState(db, sale.destination.state, { asCharged: sale.taxedWhenMade });
  if (!settings) return [];
  const at = sale.at ?? new Date().toISOString();
  const date = storeToday(new Date(at));
  const productIds = [...new Set(sale.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
  const [jurisdictions, certificates, rules, facts] = await Promise.all([
    jurisdictionsInForce(db, settings.state, sourcedZip(settings, sale.destination.zip), date),
    certificatesInForce(db, sale.userId, at, settings.pendingGraceDays, sale.certificatesUsed),
    taxabilityRulesOfState(db, settings.state),
    loadFacts(db, productIds),
  ]);
  const exciseTaxable = feeTaxable(rules, "excise", date);
  return evaluateSalesTax({
    lines: sale.lines.map((l) => {
      const product = l.productId === null ? undefined : facts.get(l.productId);
      const charged = l.productId === null ? undefined : sale.ruleAnswers?.get(l.productId);
      return {
        position: l.position,
        productId: l.productId,
        productClass: l.productClass,
        baseCents: l.goodsCents + (exciseTaxable ? l.exciseCents : 0),
        exemptRule:
          charged !== undefined
            ? charged
            : product
              ? exemptingRule(rules, { ...product, productClass: l.productClass as ProductClass | null }, date)
              : null,
      };
    }),
    taxableDeliveryCents: feeTaxable(rules, "delivery", date) ? sale.deliveryCents : 0,
    jurisdictions,
    certificates,
  });
}

/** The product classes of some products, as their compliance facts say now. */
export async function productClassesOf(db: Db, productIds: readonly number[]): Promise<Map<number, string | null>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_compliance")
    .select(["product_id", "product_class"])
    .where("product_id", "in", [...productIds])
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.product_class]));
}

/** Stores an order's sales tax lines, replacing what was stored. Returns their tax. */
export async function storeOrderSalesTax(
  trx: Transaction<DB>,
  orderId: number,
  lines: readonly SalesTaxLine[],
): Promise<number> {
  await trx.deleteFrom("order_line_tax").where("order_id", "=", orderId).execute();
  if (lines.length > 0) {
    const now = sqlNow(dialectOf(trx));
    await trx
      .insertInto("order_line_tax")
      .values(
        lines.map((l) => ({
          order_id: orderId,
          position: l.position,
          product_id: l.productId,
          jurisdiction_id: l.jurisdictionId,
          jurisdiction_name: l.jurisdictionName,
          jurisdiction_kind: l.jurisdictionKind,
          state: l.state,
          rate_ppm: l.ratePpm,
          base_cents: l.baseCents,
          tax_cents: l.taxCents,
          exempt: l.exempt ? 1 : 0,
          certificate_id: l.certificateId,
          rule_id: l.ruleId,
          rule_name: l.ruleName,
          created_at: now,
        })),
      )
      .execute();
  }
  // The order's tax_cents is their sum: written with the order's money (orders/money.ts).
  return salesTaxCents(lines);
}

/**
 * Computes and stores an order's sales tax for its lines, excise and delivery fee as they are in
 * this transaction (an admin's edit, a short delivery): the rates, certificates and collecting of
 * the moment it was placed, so a certificate revoked since still covers it. A line keeps the
 * taxability rule answer it was charged with (exempted by a rule, or not), whatever the rules say
 * since; a line added by the edit reads the rules in force on the sale's date. Call after its
 * excise is stored and before its money is recorded.
 */
export async function recordOrderSalesTax(trx: Transaction<DB>, orderId: number): Promise<number> {
  const order = await trx
    .selectFrom("orders")
    .select(["user_id", "ship_state", "ship_zip", "created_at", "delivery_cents"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const [items, excise] = await Promise.all([
    trx
      .selectFrom("order_items")
      .select(["position", "product_id", "product_class", "unit_price_cents", "quantity"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute(),
    trx
      .selectFrom("order_line_excise")
      .select(["product_id", "amount_cents"])
      .where("order_id", "=", orderId)
      .where("owed_by", "=", "store")
      .execute(),
  ]);
  const exciseOf = new Map<number, number>();
  for (const x of excise)
    if (x.product_id !== null) exciseOf.set(x.product_id, (exciseOf.get(x.product_id) ?? 0) + Number(x.amount_cents));
  // Whether the store collected where it shipped was decided when it was placed (every line of an
  // order placed where the store collects has its tax lines, exempt ones too): an order placed
  // elsewhere, or before the store collected, stays untaxed; one taxed stays taxed. An order whose
  // account was deleted keeps what it was charged.
  const stored = await storedTaxLines(trx, orderId);
  if (stored.length === 0 || order.user_id === null) return salesTaxCents(stored);
  const ruleAnswers = new Map<number, ExemptingRule | null>();
  for (const row of stored)
    if (row.productId !== null)
      ruleAnswers.set(
        row.productId,
        row.ruleId !== null ? { id: row.ruleId, name: row.ruleName ?? "" } : (ruleAnswers.get(row.productId) ?? null),
      );
  const lines = await computeSalesTax(trx, {
    userId: order.user_id,
    destination: { state: order.ship_state, zip: order.ship_zip },
    lines: items.map((i) => ({
      position: i.position,
      productId: i.product_id,
      productClass: i.product_class,
      goodsCents: i.unit_price_cents * i.quantity,
      exciseCents: i.product_id === null ? 0 : (exciseOf.get(i.product_id) ?? 0),
    })),
    deliveryCents: Number(order.delivery_cents),
    at: order.created_at,
    taxedWhenMade: true,
    ruleAnswers,
    certificatesUsed: [...new Set(stored.flatMap((r) => (r.certificateId === null ? [] : [r.certificateId])))],
  });
  return storeOrderSalesTax(trx, orderId, lines);
}

async function storedTaxLines(db: Db, orderId: number) {
  return db
    .selectFrom("order_line_tax")
    .select([
      "tax_cents as taxCents",
      "product_id as productId",
      "rule_id as ruleId",
      "rule_name as ruleName",
      "certificate_id as certificateId",
    ])
    .where("order_id", "=", orderId)
    .execute();
}

/** An order's sales tax as its pages print it: per jurisdiction, taxed and exempt. */
export interface OrderSalesTaxRow {
  jurisdictionName: string;
  ratePpm: number;
  taxableCents: number;
  exemptCents: number;
  taxCents: number;
}

export async function findOrderSalesTax(db: Db, orderId: number): Promise<OrderSalesTaxRow[]> {
  const rows = await db
    .selectFrom("order_line_tax")
    .select(["jurisdiction_id", "jurisdiction_name", "rate_ppm", "base_cents", "tax_cents", "exempt"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const byName = new Map<string, OrderSalesTaxRow>();
  for (const r of rows) {
    const key = `${r.jurisdiction_id}:${r.jurisdiction_name}`;
    const row = byName.get(key) ?? {
      jurisdictionName: r.jurisdiction_name,
      ratePpm: Number(r.rate_ppm),
      taxableCents: 0,
      exemptCents: 0,
      taxCents: 0,
    };
    byName.set(key, row);
    if (r.exempt === 1) row.exemptCents += Number(r.base_cents);
    else row.taxableCents += Number(r.base_cents);
    row.taxCents += Number(r.tax_cents);
  }
  return [...byName.values()];
}
