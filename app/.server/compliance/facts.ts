import { type Kysely, sql, type Transaction } from "kysely";
import type { ProductFacts } from "~/lib/compliance/engine";
import {
  type FlavorClass,
  type ProductClass,
  type PublicComplianceFacts,
  parseDirectoryStates,
} from "~/lib/compliance/vocabulary";
import type { ProductComplianceInput } from "~/lib/schemas/compliance";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { brandNamed, updateLine } from "../catalog/lines";
import { lockProducts } from "../catalog/product-locks";
import { dialectOf } from "../db/connect";
import type { DB, ProductComplianceRow } from "../db/schema";
import { sqlNow } from "../db/time";
import { removeDocument, storeDocument } from "../media/documents";

type Db = Kysely<DB> | Transaction<DB>;

/** A product's compliance facts as the admin form shows them. */
export interface ProductCompliance extends ProductComplianceInput {
  labReport: { type: string; size: number } | null;
}

export const EMPTY_COMPLIANCE: ProductCompliance = {
  brand: null,
  productClass: null,
  flavorClass: null,
  nicotineMgMl: null,
  country: null,
  upc: null,
  thcMg: null,
  sevenOhPercent: null,
  directoryStates: [],
  mlPerUnit: null,
  cartridgesPerUnit: null,
  vapeSystem: null,
  containsNicotine: null,
  labReport: null,
};

function storedDirectoryStates(states: readonly string[]): string {
  return JSON.stringify([...new Set(states.map((s) => s.toUpperCase()))].sort());
}

function toCompliance(row: ProductComplianceRow | undefined): ProductCompliance {
  if (!row) return EMPTY_COMPLIANCE;
  return {
    brand: row.brand,
    productClass: row.product_class as ProductClass | null,
    flavorClass: row.flavor_class as FlavorClass | null,
    nicotineMgMl: row.nicotine_mg_ml === null ? null : Number(row.nicotine_mg_ml),
    country: row.country,
    upc: row.upc,
    thcMg: row.thc_mg === null ? null : Number(row.thc_mg),
    sevenOhPercent: row.seven_oh_percent === null ? null : Number(row.seven_oh_percent),
    directoryStates: parseDirectoryStates(row.directory_states),
    mlPerUnit: row.ml_per_unit === null ? null : Number(row.ml_per_unit),
    cartridgesPerUnit: row.cartridges_per_unit === null ? null : Number(row.cartridges_per_unit),
    vapeSystem: row.vape_system === "open" || row.vape_system === "closed" ? row.vape_system : null,
    containsNicotine: row.contains_nicotine === null ? null : Number(row.contains_nicotine) === 1,
    labReport:
      row.lab_report_key && row.lab_report_type
        ? { type: row.lab_report_type, size: Number(row.lab_report_size ?? 0) }
        : null,
  };
}

export async function findProductCompliance(db: Db, productId: number): Promise<ProductCompliance> {
  const row = await db
    .selectFrom("product_compliance")
    .selectAll()
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return toCompliance(row);
}

/** What a buyer sees: brand, UPC and whether a lab report can be opened. */
export async function findPublicFacts(db: Db, productId: number): Promise<PublicComplianceFacts> {
  const c = await findProductCompliance(db, productId);
  return { brand: c.brand, upc: c.upc, hasLabReport: c.labReport !== null };
}

/** The products with the facts the rules read (excise/facts.ts adds its own columns to it). */
export function factsQuery(db: Db) {
  return db
    .selectFrom("products")
    .leftJoin("product_compliance", "product_compliance.product_id", "products.id")
    .innerJoin("product_lines", "product_lines.id", "products.line_id")
    .select([
      "products.id",
      "products.category",
      "products.option1",
      "products.option2",
      "products.option3",
      "product_lines.option_names",
      "product_compliance.nicotine_mg_ml",
      "product_compliance.brand",
      "product_compliance.product_class",
      "product_compliance.flavor_class",
      "product_compliance.country",
      "product_compliance.thc_mg",
      "product_compliance.directory_states",
    ]);
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof factsQuery>["execute"]>>[number];

export function toFacts(r: FactsRow): ProductFacts {
  return {
    id: r.id,
    category: r.category,
    brand: r.brand,
    productClass: r.product_class as ProductClass | null,
    flavorClass: r.flavor_class as FlavorClass | null,
    country: r.country,
    thcMg: r.thc_mg === null ? null : Number(r.thc_mg),
    nicotineMgMl: r.nicotine_mg_ml === null ? null : Number(r.nicotine_mg_ml),
    options: optionsOf(r.option_names, [r.option1, r.option2, r.option3]),
    directoryStates: parseDirectoryStates(r.directory_states),
  };
}

/** A variant's option values by its line's option names (issue 38); blank values are left out. */
export function optionsOf(optionNames: string, values: readonly string[]): Record<string, string> {
  let names: unknown;
  try {
    names = JSON.parse(optionNames);
  } catch {
    names = [];
  }
  const options: Record<string, string> = {};
  if (!Array.isArray(names)) return options;
  names.forEach((name, i) => {
    const value = values[i];
    if (typeof name === "string" && name && value) options[name] = value;
  });
  return options;
}

/**
 * The facts rules read, for several products in one query. Inside an order's transaction on
 * PostgreSQL (lock) the product rows and their product_compliance rows are read FOR SHARE: a
 * change of facts in flight either commits first (and this read, a new statement, sees it) or
 * waits for the order. PostgreSQL cannot lock the nullable side of the outer join, so the facts
 * rows are locked by a statement of their own, before the read. A product without facts yet has
 * no row to lock: saveProductCompliance takes its product row first (which conflicts with the
 * order's stock update), so the first facts of a product are serialized with orders too.
 */
export async function loadFacts(
  db: Db,
  productIds: readonly number[],
  lock = false,
): Promise<Map<number, ProductFacts>> {
  const facts = new Map<number, ProductFacts>();
  if (productIds.length === 0) return facts;
  // In id order, whatever plan the join gets (callers read the map in its order).
  let q = factsQuery(db)
    .where("products.id", "in", [...productIds])
    .orderBy("products.id");
  if (lock && dialectOf(db) === "postgres") {
    await db
      .selectFrom("product_compliance")
      .select("product_id")
      .where("product_id", "in", [...productIds])
      .orderBy("product_id")
      .modifyEnd(sql`for share`)
      .execute();
    q = q.modifyEnd(sql`for share of products`);
  }
  for (const r of await q.execute()) facts.set(r.id, toFacts(r));
  return facts;
}

/** The facts of every product of the catalog: what the contradiction check of a rule change reads. */
export async function loadCatalogFacts(db: Db): Promise<ProductFacts[]> {
  return (await factsQuery(db).orderBy("products.id").execute()).map(toFacts);
}

function auditView(c: ProductComplianceInput): Record<string, unknown> {
  const { directoryStates, ...rest } = c;
  return { ...rest, directoryStates: directoryStates.join(", ") };
}

/** The excise facts (issue 31): a save without them keeps them as they are. */
type ExciseFactKeys = "mlPerUnit" | "cartridgesPerUnit" | "vapeSystem" | "containsNicotine";

/** Facts to save; without directoryStates (or the excise facts), those stay as they are. */
export type ComplianceFactsToSave = Omit<ProductComplianceInput, "directoryStates" | ExciseFactKeys> & {
  directoryStates?: readonly string[];
} & Partial<Pick<ProductComplianceInput, ExciseFactKeys>>;

async function brandTheLineOf(db: Db, productId: number, brand: string | null): Promise<void> {
  const lead = await db
    .selectFrom("products")
    .select("line_id")
    .where("id", "=", productId)
    .where("lead", "=", 1)
    .executeTakeFirst();
  if (!lead) return;
  await updateLine(db, lead.line_id, { brandId: await brandNamed(db, brand) });
}

/** Saves a product's compliance facts (the lab report is kept as it is). Audit-logged when it changes. */
export async function saveProductCompliance(
  db: Db,
  productId: number,
  facts: ComplianceFactsToSave,
  actor: Actor,
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => saveProductCompliance(trx, productId, facts, actor));
    return;
  }
  // On PostgreSQL the product row first: an order in flight (which has taken its stock) finishes
  // before the facts change, and an order that comes later reads the new facts (loadFacts).
  if (dialectOf(db) === "postgres") await sql`select id from products where id = ${productId} for share`.execute(db);
  const before = await findProductCompliance(db, productId);
  const input: ProductComplianceInput = {
    ...facts,
    mlPerUnit: facts.mlPerUnit === undefined ? before.mlPerUnit : facts.mlPerUnit,
    cartridgesPerUnit: facts.cartridgesPerUnit === undefined ? before.cartridgesPerUnit : facts.cartridgesPerUnit,
    vapeSystem: facts.vapeSystem === undefined ? before.vapeSystem : facts.vapeSystem,
    containsNicotine: facts.containsNicotine === undefined ? before.containsNicotine : facts.containsNicotine,
    directoryStates: JSON.parse(storedDirectoryStates(facts.directoryStates ?? before.directoryStates)) as string[],
  };
  const now = sqlNow(dialectOf(db));
  const cols = {
    brand: input.brand,
    product_class: input.productClass,
    flavor_class: input.flavorClass,
    nicotine_mg_ml: input.nicotineMgMl,
    country: input.country,
    upc: input.upc,
    thc_mg: input.thcMg,
    seven_oh_percent: input.sevenOhPercent,
    directory_states: storedDirectoryStates(input.directoryStates),
    ml_per_unit: input.mlPerUnit,
    cartridges_per_unit: input.cartridgesPerUnit,
    vape_system: input.vapeSystem,
    contains_nicotine: input.containsNicotine === null ? null : input.containsNicotine ? 1 : 0,
    updated_at: now,
  };
  const { labReport: _kept, ...beforeFacts } = before;
  const diff = changedFields(auditView(beforeFacts), auditView(input));
  if (!diff) return;
  await db
    .insertInto("product_compliance")
    .values({ product_id: productId, ...cols })
    .onConflict((oc) => oc.column("product_id").doUpdateSet(cols))
    .execute();
  // The brand is the line's too (issue 38): a brand of its own (its page, the filter), set on the
  // product's line when the product stands for it (its only or first variant).
  if (input.brand !== before.brand) await brandTheLineOf(db, productId, input.brand);
  await recordAudit(db, actor, {
    action: "product.compliance",
    subjectType: "product",
    subjectId: productId,
    summary: `Compliance facts of product #${productId} changed`,
    ...diff,
  });
}

/**
 * Stores a product's lab report (certificate of analysis) in the private document store and
 * points the product at it; the previous report is removed once the new one is recorded.
 */
export async function saveLabReport(db: Kysely<DB>, productId: number, document: Buffer, actor: Actor): Promise<void> {
  const stored = await storeDocument(document);
  let previous: string | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      // On PostgreSQL the product row first, as for the facts (saveProductCompliance): writing the
      // facts row moves the catalog counter, which an order selling the product's last unit holds
      // while it waits to read that facts row.
      await lockProducts(trx, [productId], "share");
      const row = await trx
        .selectFrom("product_compliance")
        .select("lab_report_key")
        .where("product_id", "=", productId)
        .executeTakeFirst();
      previous = row?.lab_report_key ?? null;
      const now = sqlNow(dialectOf(db));
      const cols = {
        lab_report_key: stored.key,
        lab_report_type: stored.type,
        lab_report_size: stored.size,
        updated_at: now,
      };
      await trx
        .insertInto("product_compliance")
        .values({ product_id: productId, ...cols })
        .onConflict((oc) => oc.column("product_id").doUpdateSet(cols))
        .execute();
      await recordAudit(trx, actor, {
        action: "product.lab-report",
        subjectType: "product",
        subjectId: productId,
        summary: `Lab report of product #${productId} ${previous ? "replaced" : "added"}`,
      });
    });
  } catch (error) {
    await removeDocument(stored.key);
    throw error;
  }
  if (previous) await removeDocument(previous).catch(() => {});
}

/** The lab report's key and type, for the route that serves it. */
export async function findLabReport(db: Db, productId: number): Promise<{ key: string; type: string } | null> {
  const row = await db
    .selectFrom("product_compliance")
    .select(["lab_report_key", "lab_report_type"])
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return row?.lab_report_key && row.lab_report_type ? { key: row.lab_report_key, type: row.lab_report_type } : null;
}
