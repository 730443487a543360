import { type Kysely, sql, type Transaction } from "kysely";
import { storeToday } from "~/lib/business";
import {
  type BuyerLicense,
  type Destination,
  evaluateSale,
  type ProductFacts,
  type Rule,
  type Verdict,
} from "~/lib/compliance/engine";
import * as MESSAGES from "~/lib/messages";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { loadFacts } from "./facts";
import { currentRules, rulesForTransaction } from "./rule-cache";

type Db = Kysely<DB> | Transaction<DB>;

/** A buyer's licenses as rules read them (one query). */
export async function buyerLicenses(db: Db, userId: string | null, lock = false): Promise<BuyerLicense[]> {
  if (!userId) return [];
  let q = db
    .selectFrom("licenses")
    .select(["type", "status", "expires_on", "issuing_state", "address_id", "address_bound"])
    .where("user_id", "=", userId);
  if (lock && dialectOf(db) === "postgres") q = q.modifyEnd(sql`for share`);
  const rows = await q.execute();
  return rows.map((r) => ({
    type: r.type,
    status: r.status,
    expiresOn: r.expires_on,
    issuingState: r.issuing_state,
    addressId: r.address_id,
    addressBound: Number(r.address_bound) === 1,
  }));
}

/**
 * The verdict for each product shipped to a destination for a buyer, today: the rules from the
 * in-memory copy, the facts of all products in one query, the licenses in one query.
 */
export async function checkProducts(
  db: Kysely<DB>,
  input: { userId: string | null; destination: Destination; productIds: readonly number[]; date?: string },
): Promise<Map<number, Verdict>> {
  const [verdicts] = await checkProductsForEach(db, { ...input, destinations: [input.destination] });
  return verdicts ?? new Map();
}

/**
 * The same for several destinations (a customer's addresses), one map per destination in their
 * order, with the same fixed number of queries whatever the number of products or destinations.
 */
export async function checkProductsForEach(
  db: Kysely<DB>,
  input: {
    userId: string | null;
    destinations: readonly Destination[];
    productIds: readonly number[];
    date?: string;
    /** The buyer's licenses when already read (an audience's, flows/audience.ts). */
    licenses?: readonly BuyerLicense[];
  },
): Promise<Map<number, Verdict>[]> {
  const maps = input.destinations.map(() => new Map<number, Verdict>());
  if (input.productIds.length === 0 || input.destinations.length === 0) return maps;
  const { rules } = await currentRules(db);
  if (rules.length === 0) return maps;
  const [facts, licenses] = await Promise.all([
    loadFacts(db, input.productIds),
    input.licenses ?? buyerLicenses(db, input.userId),
  ]);
  return judgeForEach({ rules, facts, licenses }, input.destinations, input.date);
}

/** What judging a buyer's products needs besides where they go: the rules, the facts, the licenses. */
export interface SaleContext {
  rules: Rule[];
  facts: Map<number, ProductFacts>;
  licenses: readonly BuyerLicense[];
}

/**
 * The rules, the products' facts and the buyer's licenses read at once (independent reads, in
 * parallel): for a caller that reads other things at the same time (the cart check).
 */
export async function loadSaleContext(
  db: Kysely<DB>,
  userId: string | null,
  productIds: readonly number[],
): Promise<SaleContext> {
  const [{ rules }, facts, licenses] = await Promise.all([
    currentRules(db),
    loadFacts(db, productIds),
    buyerLicenses(db, userId),
  ]);
  return { rules, facts, licenses };
}

/** The verdict for each product and each destination, from a loaded context (no query). */
export function judgeForEach(
  context: SaleContext,
  destinations: readonly Destination[],
  date: string = storeToday(),
): Map<number, Verdict>[] {
  const maps = destinations.map(() => new Map<number, Verdict>());
  if (context.rules.length === 0) return maps;
  destinations.forEach((destination, i) => {
    for (const [id, product] of context.facts) {
      maps[i]?.set(id, evaluateSale(product, destination, context.licenses, date, context.rules));
    }
  });
  return maps;
}

export interface LineCheck {
  productId: number;
  name: string;
  verdict: Verdict;
  /** The facts as they were when the line was checked (kept with the order for record keeping). */
  brand: string | null;
  productClass: string | null;
}

/**
 * Checks every line of an order inside its transaction, against the rules, product facts and
 * licenses as they are at that moment (read with share locks on PostgreSQL, so a change in flight
 * either lands before the order, and is obeyed, or waits for it). Returns the refusal the buyer
 * reads for the first line that may not be sold, or the verdicts to record.
 */
export async function checkOrderLines(
  trx: Transaction<DB>,
  input: { userId: string; destination: Destination; lines: readonly { id: number; name: string }[] },
): Promise<{ refusal: string | null; version: number; checks: LineCheck[] }> {
  const { version, rules } = await rulesForTransaction(trx);
  const ids = input.lines.map((l) => l.id);
  const facts = await loadFacts(trx, ids, true);
  const licenses = await buyerLicenses(trx, input.userId, true);
  const date = storeToday();
  const checks: LineCheck[] = [];
  for (const line of input.lines) {
    const product = facts.get(line.id);
    if (!product) continue;
    const verdict = evaluateSale(product, input.destination, licenses, date, rules);
    checks.push({
      productId: line.id,
      name: line.name,
      verdict,
      brand: product.brand,
      productClass: product.productClass,
    });
    if (verdict.outcome !== "allowed") {
      return { refusal: MESSAGES.lineRefused(line.name, verdict.reason ?? MESSAGES.saleBlocked), version, checks };
    }
  }
  return { refusal: null, version, checks };
}

/** Records, per order line, which rules were evaluated and what each said. */
export async function recordLineChecks(
  trx: Transaction<DB>,
  orderId: number,
  version: number,
  checks: readonly LineCheck[],
): Promise<void> {
  if (checks.length === 0) return;
  // A check made again (an order put back in play) replaces the earlier record.
  await trx.deleteFrom("order_line_compliance").where("order_id", "=", orderId).execute();
  const items = await trx
    .selectFrom("order_items")
    .select(["id", "product_id"])
    .where("order_id", "=", orderId)
    .execute();
  const byProduct = new Map(checks.map((c) => [c.productId, c]));
  const now = sqlNow(dialectOf(trx));
  const rows = items.flatMap((item) => {
    const check = item.product_id === null ? undefined : byProduct.get(item.product_id);
    if (!check) return [];
    return [
      {
        order_item_id: item.id,
        order_id: orderId,
        rules_version: version,
        evaluated: JSON.stringify({
          outcome: check.verdict.outcome,
          rules: check.verdict.applied,
          brand: check.brand,
          productClass: check.productClass,
        }),
        checked_at: now,
      },
    ];
  });
  if (rows.length) await trx.insertInto("order_line_compliance").values(rows).execute();
}

/** What was recorded for an order's lines, by order item id. */
export async function findLineChecks(
  db: Db,
  orderId: number,
): Promise<Map<number, { version: number; outcome: string; rules: Verdict["applied"] }>> {
  const rows = await db.selectFrom("order_line_compliance").selectAll().where("order_id", "=", orderId).execute();
  return new Map(
    rows.map((r) => {
      const parsed = JSON.parse(r.evaluated) as { outcome: string; rules: Verdict["applied"] };
      return [r.order_item_id, { version: Number(r.rules_version), outcome: parsed.outcome, rules: parsed.rules }];
    }),
  );
}

/**
 * Checks a placed order again, as of now, inside the caller's transaction (an admin putting it
 * back in play): its ship-to copy, its customer's licenses, its lines. Records the new check and
 * returns the refusal for the first line that may not be sold, or null.
 */
export async function checkOrderAgain(trx: Transaction<DB>, orderId: number): Promise<string | null> {
  const order = await trx
    .selectFrom("orders")
    .select(["user_id", "ship_state", "ship_zip", "ship_street"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const items = await trx
    .selectFrom("order_items")
    .select(["product_id", "name"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  const address = order.user_id
    ? await trx
        .selectFrom("addresses")
        .select("id")
        .where("user_id", "=", order.user_id)
        .where("state", "=", order.ship_state)
        .where("zip", "=", order.ship_zip)
        .where("street", "=", order.ship_street)
        .executeTakeFirst()
    : undefined;
  const lines = items.flatMap((i) => (i.product_id === null ? [] : [{ id: i.product_id, name: i.name }]));
  const result = await checkOrderLines(trx, {
    userId: order.user_id ?? "",
    destination: { state: order.ship_state, zip: order.ship_zip, addressId: address?.id ?? null },
    lines,
  });
  if (result.refusal) return result.refusal;
  await recordLineChecks(trx, orderId, result.version, result.checks);
  return null;
}
