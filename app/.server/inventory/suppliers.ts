import { type Kysely, sql, type Transaction } from "kysely";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import type { ContactInput, SupplierInput, SupplierItemInput } from "~/lib/schemas/inventory";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Suppliers (issue 39): who the store buys from, the people there, and the products each sells
 * with their cost and pack size. Everything here is the back office's: costs never reach a
 * customer's page (the customer's loaders never read these tables).
 */

export class SupplierError extends DomainError {}

/** A unique index refused the row (two admins saving the same name or code at once). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

export interface SupplierSummary {
  id: number;
  name: string;
  email: string;
  phone: string;
  leadTimeDays: number;
  active: boolean;
  items: number;
  openOrders: number;
}

export async function listSuppliers(db: Db): Promise<SupplierSummary[]> {
  const rows = await db
    .selectFrom("suppliers as s")
    .select((eb) => [
      "s.id",
      "s.name",
      "s.email",
      "s.phone",
      "s.lead_time_days",
      "s.active",
      eb
        .selectFrom("supplier_items")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("supplier_items.supplier_id", "=", "s.id")
        .as("items"),
      eb
        .selectFrom("purchase_orders")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("purchase_orders.supplier_id", "=", "s.id")
        .where("purchase_orders.status", "in", ["draft", "sent", "partly_received"])
        .as("open_orders"),
    ])
    .orderBy("s.active", "desc")
    .orderBy("s.name_key")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    leadTimeDays: r.lead_time_days,
    active: r.active === 1,
    items: Number(r.items ?? 0),
    openOrders: Number(r.open_orders ?? 0),
  }));
}

export interface SupplierItem {
  productId: number;
  sku: string;
  name: string;
  supplierSku: string;
  unitCostCents: number;
  packSize: number;
  preferred: boolean;
  stock: number;
  reorderPoint: number | null;
}

export interface SupplierDetail {
  id: number;
  name: string;
  email: string;
  phone: string;
  leadTimeDays: number;
  terms: string;
  notes: string;
  active: boolean;
  contacts: { id: number; name: string; role: string; email: string; phone: string }[];
  items: SupplierItem[];
}

export async function findSupplier(db: Db, id: number): Promise<SupplierDetail | null> {
  const s = await db.selectFrom("suppliers").selectAll().where("id", "=", id).executeTakeFirst();
  if (!s) return null;
  const contacts = await db
    .selectFrom("supplier_contacts")
    .select(["id", "name", "role", "email", "phone"])
    .where("supplier_id", "=", id)
    .orderBy("id")
    .execute();
  const items = await db
    .selectFrom("supplier_items as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .select([
      "i.product_id",
      "p.sku",
      "p.name",
      "i.supplier_sku",
      "i.unit_cost_cents",
      "i.pack_size",
      "i.preferred",
      "p.stock",
      "p.reorder_point",
    ])
    .where("i.supplier_id", "=", id)
    .orderBy("p.sku")
    .execute();
  return {
    id: s.id,
    name: s.name,
    email: s.email,
    phone: s.phone,
    leadTimeDays: s.lead_time_days,
    terms: s.terms,
    notes: s.notes,
    active: s.active === 1,
    contacts,
    items: items.map((i) => ({
      productId: i.product_id,
      sku: i.sku,
      name: i.name,
      supplierSku: i.supplier_sku,
      unitCostCents: i.unit_cost_cents,
      packSize: i.pack_size,
      preferred: i.preferred === 1,
      stock: i.stock,
      reorderPoint: i.reorder_point,
    })),
  };
}

function columnsOf(input: SupplierInput) {
  return {
    name: input.name,
    name_key: input.name.toLowerCase(),
    email: input.email,
    phone: input.phone,
    lead_time_days: input.leadTimeDays,
    terms: input.terms,
    notes: input.notes,
    active: input.active ? 1 : 0,
  };
}

async function refuseTakenName(db: Db, name: string, except?: number): Promise<void> {
  let q = db.selectFrom("suppliers").select("id").where("name_key", "=", name.toLowerCase());
  if (except !== undefined) q = q.where("id", "!=", except);
  if (await q.executeTakeFirst())
    throw new SupplierError(INVENTORY_MESSAGES.supplierNameTaken(name), { status: 409, field: "name" });
}

export async function createSupplier(db: Kysely<DB>, input: SupplierInput, actor: Actor): Promise<number> {
  await refuseTakenName(db, input.name);
  try {
    return await db.transaction().execute(async (trx) => {
      const now = sqlNow(dialectOf(trx));
      const row = await trx
        .insertInto("suppliers")
        .values({ ...columnsOf(input), created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: "supplier.create",
        subjectType: "supplier",
        subjectId: row.id,
        summary: `Supplier ${input.name} added`,
        after: { ...input },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new SupplierError(INVENTORY_MESSAGES.supplierNameTaken(input.name), { status: 409, field: "name" });
    throw error;
  }
}

export async function updateSupplier(db: Kysely<DB>, id: number, input: SupplierInput, actor: Actor): Promise<void> {
  await refuseTakenName(db, input.name, id);
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("suppliers").selectAll().where("id", "=", id).executeTakeFirst();
      if (!before) throw new SupplierError(INVENTORY_MESSAGES.supplierNotFound, { status: 404 });
      await trx
        .updateTable("suppliers")
        .set({ ...columnsOf(input), updated_at: sqlNow(dialectOf(trx)) })
        .where("id", "=", id)
        .execute();
      const changed = changedFields(
        {
          name: before.name,
          email: before.email,
          phone: before.phone,
          leadTimeDays: before.lead_time_days,
          terms: before.terms,
          notes: before.notes,
          active: before.active === 1,
        },
        { ...input },
      );
      await recordAudit(trx, actor, {
        action: "supplier.update",
        subjectType: "supplier",
        subjectId: id,
        summary: `Supplier ${input.name} saved`,
        before: changed?.before ?? null,
        after: changed?.after ?? null,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new SupplierError(INVENTORY_MESSAGES.supplierNameTaken(input.name), { status: 409, field: "name" });
    throw error;
  }
}

async function requireSupplier(db: Db, id: number): Promise<{ name: string }> {
  const row = await db.selectFrom("suppliers").select("name").where("id", "=", id).executeTakeFirst();
  if (!row) throw new SupplierError(INVENTORY_MESSAGES.supplierNotFound, { status: 404 });
  return row;
}

export async function addContact(db: Kysely<DB>, supplierId: number, input: ContactInput, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const supplier = await requireSupplier(trx, supplierId);
    await trx
      .insertInto("supplier_contacts")
      .values({ supplier_id: supplierId, name: input.name, role: input.role, email: input.email, phone: input.phone })
      .execute();
    await recordAudit(trx, actor, {
      action: "supplier.contact",
      subjectType: "supplier",
      subjectId: supplierId,
      summary: `Contact ${input.name} added to ${supplier.name}`,
      after: { ...input },
    });
  });
}

export async function removeContact(
  db: Kysely<DB>,
  supplierId: number,
  contactId: number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const supplier = await requireSupplier(trx, supplierId);
    const gone = await trx
      .deleteFrom("supplier_contacts")
      .where("id", "=", contactId)
      .where("supplier_id", "=", supplierId)
      .returning("name")
      .executeTakeFirst();
    if (!gone) return;
    await recordAudit(trx, actor, {
      action: "supplier.contact-remove",
      subjectType: "supplier",
      subjectId: supplierId,
      summary: `Contact ${gone.name} removed from ${supplier.name}`,
    });
  });
}

/**
 * Adds or changes a product this supplier sells (by the store's SKU), and the product's reorder
 * point. Marked preferred, it becomes the one supplier suggestions order the product from.
 */
export async function saveSupplierItem(
  db: Kysely<DB>,
  supplierId: number,
  input: SupplierItemInput,
  actor: Actor,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const supplier = await requireSupplier(trx, supplierId);
    const product = await trx
      .selectFrom("products")
      .select(["id", "sku", "reorder_point"])
      .where("sku", "=", input.sku)
      .executeTakeFirst();
    if (!product) throw new SupplierError(INVENTORY_MESSAGES.unknownSku(input.sku), { field: "sku" });
    const cols = {
      supplier_sku: input.supplierSku,
      unit_cost_cents: input.unitCostCents,
      pack_size: input.packSize,
      preferred: input.preferred ? 1 : 0,
    };
    if (input.preferred) {
      await trx
        .updateTable("supplier_items")
        .set({ preferred: 0 })
        .where("product_id", "=", product.id)
        .where("supplier_id", "!=", supplierId)
        .execute();
    }
    await trx
      .insertInto("supplier_items")
      .values({ supplier_id: supplierId, product_id: product.id, ...cols })
      .onConflict((oc) => oc.columns(["supplier_id", "product_id"]).doUpdateSet(cols))
      .execute();
    if (input.reorderPoint !== undefined && input.reorderPoint !== product.reorder_point) {
      await trx
        .updateTable("products")
        .set({ reorder_point: input.reorderPoint })
        .where("id", "=", product.id)
        .execute();
    }
    await recordAudit(trx, actor, {
      action: "supplier.item",
      subjectType: "supplier",
      subjectId: supplierId,
      summary: `${product.sku} from ${supplier.name}: cost ${input.unitCostCents} cents, pack ${input.packSize}`,
      after: { ...input },
    });
    return product.sku;
  });
}

export async function removeSupplierItem(
  db: Kysely<DB>,
  supplierId: number,
  productId: number,
  actor: Actor,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const supplier = await requireSupplier(trx, supplierId);
    const product = await trx.selectFrom("products").select("sku").where("id", "=", productId).executeTakeFirst();
    const gone = await trx
      .deleteFrom("supplier_items")
      .where("supplier_id", "=", supplierId)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0 || !product) return null;
    await recordAudit(trx, actor, {
      action: "supplier.item-remove",
      subjectType: "supplier",
      subjectId: supplierId,
      summary: `${product.sku} removed from ${supplier.name}`,
    });
    return product.sku;
  });
}
