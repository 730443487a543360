import { type Kysely, sql, type Transaction } from "kysely";
import { MAX_LINE_OPTIONS, parseOptionNames } from "~/lib/product-lines";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { refreshLineFacets } from "./facets";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Product lines (issue 38; decision 0055): what a buyer thinks of as one product, in flavors and
 * strengths. The line holds what its variants share (name, description, category, brand, the
 * names of its options); each variant is a product (products.ts) with its values of the options.
 */
export interface LineInput {
  name: string;
  description: string;
  category: string;
  brandId?: number | null;
  optionNames?: readonly string[];
  puffs?: number | null;
  /** Its page's slug when the caller names it (a catalog file's handle); by default its name's and id. */
  slug?: string;
}

export interface Brand {
  id: number;
  name: string;
  slug: string;
}

export interface LineHead {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  brand: Brand | null;
  optionNames: string[];
  puffs: number | null;
  updatedAt: string;
}

/** Lower-case words joined by hyphens, ASCII only: "Blue Razz Ice" to "blue-razz-ice". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** A new line; its slug is the one given or its name's, made unique by its id. Returns its id. */
export async function createLine(db: Db, input: LineInput): Promise<number> {
  const now = sqlNow(dialectOf(db));
  const row = await db
    .insertInto("product_lines")
    .values({
      // Or a placeholder until the id is known (unique: a random suffix).
      slug: input.slug ?? `new-${crypto.randomUUID()}`,
      name: input.name,
      description: input.description,
      category: input.category,
      brand_id: input.brandId ?? null,
      option_names: JSON.stringify((input.optionNames ?? []).slice(0, MAX_LINE_OPTIONS)),
      puffs: input.puffs ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (input.slug === undefined)
    await db
      .updateTable("product_lines")
      .set({ slug: lineSlug(input.name, row.id) })
      .where("id", "=", row.id)
      .execute();
  return row.id;
}

export function lineSlug(name: string, id: number): string {
  return `${slugify(name) || "product"}-${id}`;
}

/** Changes a line's shared facts (its slug follows its name). */
export async function updateLine(db: Db, lineId: number, input: Partial<LineInput>): Promise<void> {
  await db
    .updateTable("product_lines")
    .set({
      ...(input.name !== undefined ? { name: input.name, slug: lineSlug(input.name, lineId) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.brandId !== undefined ? { brand_id: input.brandId } : {}),
      ...(input.optionNames !== undefined
        ? { option_names: JSON.stringify(input.optionNames.slice(0, MAX_LINE_OPTIONS)) }
        : {}),
      ...(input.puffs !== undefined ? { puffs: input.puffs } : {}),
      version: sql<number>`version + 1`,
      updated_at: sqlNow(dialectOf(db)),
    })
    .where("id", "=", lineId)
    .execute();
  await refreshLineFacets(db, [lineId]);
}

/** How many variants a line has. */
export async function countVariants(db: Db, lineId: number): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("line_id", "=", lineId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Makes the first variant of the line (by position, then id) its lead, the one listings show, and
 * no other; a line left with no variant is removed.
 */
export async function settleLine(db: Db, lineId: number): Promise<void> {
  await settleLines(db, [lineId]);
}

/** settleLine for many lines, a few statements for each 500 of them (a catalog import). */
export async function settleLines(db: Db, lineIds: readonly number[]): Promise<void> {
  const ids = [...new Set(lineIds)];
  for (let at = 0; at < ids.length; at += 500) {
    const batch = ids.slice(at, at + 500);
    const variants = await db
      .selectFrom("products")
      .select(["id", "line_id"])
      .where("line_id", "in", batch)
      .orderBy("line_id")
      .orderBy("position")
      .orderBy("id")
      .execute();
    const leads = new Map<number, number>();
    for (const v of variants) if (!leads.has(v.line_id)) leads.set(v.line_id, v.id);
    const empty = batch.filter((id) => !leads.has(id));
    if (empty.length) await db.deleteFrom("product_lines").where("id", "in", empty).execute();
    const first = [...leads.values()];
    if (first.length) {
      await db
        .updateTable("products")
        .set({ lead: 0 })
        .where("line_id", "in", [...leads.keys()])
        .where("lead", "=", 1)
        .where("id", "not in", first)
        .execute();
      await db.updateTable("products").set({ lead: 1 }).where("id", "in", first).where("lead", "=", 0).execute();
    }
    // A variant that came or went changes the line's facet values.
    await refreshLineFacets(db, batch);
  }
}

const HEAD_COLUMNS = [
  "l.id",
  "l.slug",
  "l.name",
  "l.description",
  "l.category",
  "l.option_names",
  "l.puffs",
  "l.updated_at",
  "b.id as brand_id",
  "b.name as brand_name",
  "b.slug as brand_slug",
] as const;

function headQuery(db: Db) {
  return db.selectFrom("product_lines as l").leftJoin("brands as b", "b.id", "l.brand_id").select(HEAD_COLUMNS);
}

type HeadRow = Awaited<ReturnType<ReturnType<typeof headQuery>["executeTakeFirstOrThrow"]>>;

function toHead(r: HeadRow): LineHead {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    category: r.category,
    brand:
      r.brand_id !== null && r.brand_name !== null && r.brand_slug !== null
        ? { id: r.brand_id, name: r.brand_name, slug: r.brand_slug }
        : null,
    optionNames: parseOptionNames(r.option_names),
    puffs: r.puffs,
    updatedAt: r.updated_at,
  };
}

export async function findLineHead(db: Db, lineId: number): Promise<LineHead | null> {
  const row = await headQuery(db).where("l.id", "=", lineId).executeTakeFirst();
  return row ? toHead(row) : null;
}

export async function findLineHeadBySlug(db: Db, slug: string): Promise<LineHead | null> {
  const row = await headQuery(db).where("l.slug", "=", slug).executeTakeFirst();
  return row ? toHead(row) : null;
}

/** The heads of several lines, by id. */
export async function loadLineHeads(db: Db, lineIds: readonly number[]): Promise<Map<number, LineHead>> {
  const ids = [...new Set(lineIds)];
  if (ids.length === 0) return new Map();
  const rows = await headQuery(db).where("l.id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, toHead(r)]));
}

/**
 * Where a product's page is (decision 0055): its line's, with it chosen unless it is the line's
 * first; null when there is no such product.
 */
export async function productPath(db: Db, productId: number): Promise<string | null> {
  const row = await db
    .selectFrom("products as p")
    .innerJoin("product_lines as l", "l.id", "p.line_id")
    .select(["l.slug", "p.lead"])
    .where("p.id", "=", productId)
    .executeTakeFirst();
  if (!row) return null;
  return row.lead === 1 ? `/lines/${row.slug}` : `/lines/${row.slug}?variant=${productId}`;
}

/** A brand by name (any case), made when it does not exist yet; null for no name. */
export async function brandNamed(db: Db, name: string | null | undefined): Promise<number | null> {
  const clean = (name ?? "").trim().replace(/\s+/g, " ");
  if (!clean) return null;
  const key = clean.toLowerCase();
  const found = await db.selectFrom("brands").select("id").where("name_key", "=", key).executeTakeFirst();
  if (found) return found.id;
  const base = slugify(clean) || "brand";
  let slug = base;
  for (let n = 2; await db.selectFrom("brands").select("id").where("slug", "=", slug).executeTakeFirst(); n++)
    slug = `${base}-${n}`;
  const row = await db
    .insertInto("brands")
    .values({ name: clean, name_key: key, slug, created_at: sqlNow(dialectOf(db)) })
    .onConflict((oc) => oc.column("name_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) return row.id;
  const raced = await db.selectFrom("brands").select("id").where("name_key", "=", key).executeTakeFirstOrThrow();
  return raced.id;
}

export async function findBrandBySlug(db: Db, slug: string): Promise<Brand | null> {
  const row = await db.selectFrom("brands").select(["id", "name", "slug"]).where("slug", "=", slug).executeTakeFirst();
  return row ?? null;
}

/** Every brand with a line, by name (the brand filter's choices). */
export async function listBrands(db: Db): Promise<Brand[]> {
  return db
    .selectFrom("brands")
    .select(["brands.id", "brands.name", "brands.slug"])
    .where((eb) =>
      eb.exists(eb.selectFrom("product_lines").select("id").whereRef("product_lines.brand_id", "=", "brands.id")),
    )
    .orderBy("brands.name")
    .execute();
}

/** What a card says of its line: its page, how many variants, its first option's name. */
export interface LineSummary {
  slug: string;
  name: string;
  variants: number;
  optionName: string | null;
}

/** The summaries of several lines (one query). */
export async function lineSummaries(db: Db, lineIds: readonly number[]): Promise<Map<number, LineSummary>> {
  const ids = [...new Set(lineIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_lines as l")
    .innerJoin("products as p", "p.line_id", "l.id")
    .select((eb) => ["l.id", "l.slug", "l.name", "l.option_names", eb.fn.countAll<number>().as("n")])
    .where("l.id", "in", ids)
    .groupBy(["l.id", "l.slug", "l.name", "l.option_names"])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { slug: r.slug, name: r.name, variants: Number(r.n), optionName: parseOptionNames(r.option_names)[0] ?? null },
    ]),
  );
}
