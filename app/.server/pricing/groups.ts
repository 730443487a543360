import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { PriceGroupForm } from "~/lib/schemas/price-groups";
import { type Actor, recordAudit } from "../audit/log";
import { lockProducts } from "../catalog/product-locks";
import { dialectOf } from "../db/connect";
import type { DB, PriceGroupKind } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

/** A refusal the admin can act on; nothing was written. */
export class PriceGroupError extends DomainError {
  constructor(message: string, field = "form", status = 400) {
    super(message, { field, status });
  }
}

export interface PriceGroupSummary {
  id: number;
  name: string;
  kind: PriceGroupKind;
  percentOffBp: number;
  members: number;
  prices: number;
}

export interface GroupMember {
  id: string;
  name: string;
  email: string;
}

export interface GroupPrice {
  productId: number;
  sku: string;
  name: string;
  listCents: number;
  priceCents: number;
}

export async function listPriceGroups(db: Kysely<DB>): Promise<PriceGroupSummary[]> {
  const groups = await db
    .selectFrom("price_groups")
    .select(["id", "name", "kind", "percent_off_bp"])
    .orderBy("name")
    .execute();
  const members = await db
    .selectFrom("customer_price_groups")
    .select((eb) => ["group_id", eb.fn.countAll<number>().as("n")])
    .groupBy("group_id")
    .execute();
  const prices = await db
    .selectFrom("price_group_prices")
    .select((eb) => ["group_id", eb.fn.countAll<number>().as("n")])
    .groupBy("group_id")
    .execute();
  const count = (rows: { group_id: number; n: number }[], id: number) =>
    Number(rows.find((r) => r.group_id === id)?.n ?? 0);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    kind: g.kind,
    percentOffBp: g.percent_off_bp,
    members: count(members, g.id),
    prices: count(prices, g.id),
  }));
}

async function findGroup(db: Kysely<DB>, id: number) {
  const group = await db.selectFrom("price_groups").selectAll().where("id", "=", id).executeTakeFirst();
  if (!group) throw new PriceGroupError(MESSAGES.groupNotFound, "form", 404);
  return group;
}

async function nameTaken(db: Kysely<DB>, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom("price_groups").select("id").where("name", "=", name);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return !!(await q.executeTakeFirst());
}

function pricingOf(v: { kind: PriceGroupKind; percentOffBp: number }) {
  return v.kind === "percent" ? { kind: v.kind, percentOffBp: v.percentOffBp } : { kind: v.kind };
}

export async function createPriceGroup(db: Kysely<DB>, input: PriceGroupForm, actor: Actor): Promise<number> {
  if (await nameTaken(db, input.name)) throw new PriceGroupError(MESSAGES.groupNameTaken(input.name), "name", 409);
  return db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(db));
    const row = await trx
      .insertInto("price_groups")
      .values({
        name: input.name,
        kind: input.kind,
        percent_off_bp: input.percentOffBp,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "price-group.create",
      subjectType: "price-group",
      subjectId: row.id,
      summary: `Created price group ${input.name}`,
      after: { name: input.name, ...pricingOf(input) },
    });
    return row.id;
  });
}

export async function updatePriceGroup(db: Kysely<DB>, id: number, input: PriceGroupForm, actor: Actor): Promise<void> {
  const before = await findGroup(db, id);
  if (await nameTaken(db, input.name, id)) throw new PriceGroupError(MESSAGES.groupNameTaken(input.name), "name", 409);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("price_groups")
      .set({
        name: input.name,
        kind: input.kind,
        percent_off_bp: input.percentOffBp,
        updated_at: sqlNow(dialectOf(db)),
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "price-group.update",
      subjectType: "price-group",
      subjectId: id,
      summary: `Edited price group ${input.name}`,
      before: { name: before.name, ...pricingOf({ kind: before.kind, percentOffBp: before.percent_off_bp }) },
      after: { name: input.name, ...pricingOf(input) },
    });
  });
}

/** Deletes a group; its customers pay list prices from now on (their past orders keep their prices). */
export async function deletePriceGroup(db: Kysely<DB>, id: number, actor: Actor): Promise<string> {
  const group = await findGroup(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("customer_price_groups").where("group_id", "=", id).execute();
    await trx.deleteFrom("price_group_prices").where("group_id", "=", id).execute();
    await trx.deleteFrom("price_groups").where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "price-group.delete",
      subjectType: "price-group",
      subjectId: id,
      summary: `Deleted price group ${group.name}`,
      before: { name: group.name },
    });
  });
  return group.name;
}

export async function listGroupPrices(db: Kysely<DB>, groupId: number): Promise<GroupPrice[]> {
  const rows = await db
    .selectFrom("price_group_prices")
    .innerJoin("products", "products.id", "price_group_prices.product_id")
    .select([
      "products.id",
      "products.sku",
      "products.name",
      "products.price_cents",
      "price_group_prices.price_cents as own",
    ])
    .where("price_group_prices.group_id", "=", groupId)
    .orderBy("products.sku")
    .execute();
  return rows.map((r) => ({ productId: r.id, sku: r.sku, name: r.name, listCents: r.price_cents, priceCents: r.own }));
}

/**
 * Sets the group's explicit prices to exactly these lines (products left out go back to list
 * price). Every SKU must name a product: one unknown refuses them all.
 */
export async function setGroupPrices(
  db: Kysely<DB>,
  groupId: number,
  lines: { sku: string; priceCents: number }[],
  actor: Actor,
): Promise<number> {
  const group = await findGroup(db, groupId);
  const products =
    lines.length === 0
      ? []
      : await db
          .selectFrom("products")
          .select(["id", "sku"])
          .where(
            "sku",
            "in",
            lines.map((l) => l.sku),
          )
          .execute();
  const bySku = new Map(products.map((p) => [p.sku, p.id]));
  const unknown = lines.filter((l) => !bySku.has(l.sku)).map((l) => l.sku);
  if (unknown.length > 0) throw new PriceGroupError(MESSAGES.groupPriceUnknownSkus(unknown), "prices");
  await db.transaction().execute(async (trx) => {
    // PostgreSQL (decision 0005): the products first, by id. Clearing the group's prices moves the
    // 'prices' counter; its new rows then need each product's key, which a bulk change or a delete
    // of the product may hold while it waits for 'prices'.
    await lockProducts(trx, bySku.values(), "key share");
    await trx.deleteFrom("price_group_prices").where("group_id", "=", groupId).execute();
    for (let i = 0; i < lines.length; i += 500) {
      await trx
        .insertInto("price_group_prices")
        .values(
          lines
            .slice(i, i + 500)
            .map((l) => ({ group_id: groupId, product_id: bySku.get(l.sku) as number, price_cents: l.priceCents })),
        )
        .execute();
    }
    await recordAudit(trx, actor, {
      action: "price-group.prices",
      subjectType: "price-group",
      subjectId: groupId,
      summary: `Set ${lines.length} price${lines.length === 1 ? "" : "s"} of price group ${group.name}`,
      after: { prices: lines.length },
    });
  });
  return lines.length;
}

export async function listGroupMembers(db: Kysely<DB>, groupId: number): Promise<GroupMember[]> {
  return db
    .selectFrom("customer_price_groups")
    .innerJoin("users", "users.id", "customer_price_groups.user_id")
    .select(["users.id", "users.name", "users.email"])
    .where("customer_price_groups.group_id", "=", groupId)
    .orderBy("users.email")
    .execute();
}

/** Puts a customer (by email or username) in the group, moving them out of any other. */
export async function assignCustomer(db: Kysely<DB>, groupId: number, who: string, actor: Actor): Promise<string> {
  const group = await findGroup(db, groupId);
  const key = who.trim().toLowerCase();
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "role"])
    .where((eb) => eb.or([eb("email", "=", key), eb("username", "=", key)]))
    .executeTakeFirst();
  if (!user) throw new PriceGroupError(MESSAGES.customerNotFound, "customer", 404);
  if (user.role !== "customer") throw new PriceGroupError(MESSAGES.onlyCustomersInGroups, "customer");
  // A price group is the business's (decision 0032): any member's email names their business.
  const account =
    (await db.selectFrom("business_members").select("business_id").where("user_id", "=", user.id).executeTakeFirst())
      ?.business_id ?? user.id;
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("customer_price_groups")
      .innerJoin("price_groups", "price_groups.id", "customer_price_groups.group_id")
      .select("price_groups.name")
      .where("customer_price_groups.user_id", "=", account)
      .executeTakeFirst();
    await trx.deleteFrom("customer_price_groups").where("user_id", "=", account).execute();
    await trx.insertInto("customer_price_groups").values({ user_id: account, group_id: groupId }).execute();
    await recordAudit(trx, actor, {
      action: "price-group.assign",
      subjectType: "user",
      subjectId: account,
      summary: `${user.email} put in price group ${group.name}`,
      before: { priceGroup: before?.name ?? null },
      after: { priceGroup: group.name },
    });
  });
  return user.email;
}

/** Takes a customer out of their group (list prices). */
export async function unassignCustomer(db: Kysely<DB>, userId: string, actor: Actor): Promise<string> {
  const row = await db
    .selectFrom("customer_price_groups")
    .innerJoin("users", "users.id", "customer_price_groups.user_id")
    .innerJoin("price_groups", "price_groups.id", "customer_price_groups.group_id")
    .select(["users.email", "price_groups.name"])
    .where("customer_price_groups.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new PriceGroupError(MESSAGES.customerNotFound, "customer", 404);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("customer_price_groups").where("user_id", "=", userId).execute();
    await recordAudit(trx, actor, {
      action: "price-group.unassign",
      subjectType: "user",
      subjectId: userId,
      summary: `${row.email} taken out of price group ${row.name}`,
      before: { priceGroup: row.name },
      after: { priceGroup: null },
    });
  });
  return row.email;
}
