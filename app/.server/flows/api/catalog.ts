import type { Kysely } from "kysely";
import { z } from "zod";
import * as API_MESSAGES from "~/lib/messages/api";
import { MAX_PRICE_CENTS } from "~/lib/money";
import { productFields } from "~/lib/schemas/product";
import { apiKeyActor } from "../../api-keys/keys";
import type { DB } from "../../db/schema";
import { bulkUpdateProductSets, createProductWithImages } from "../product-admin";
import { ApiProblem, cents, endpoint, idPath, notFound, timestamp } from "./endpoint";
import { limitOf, listQuery, numericCursor, pageOf, pageSchema } from "./paging";

/**
 * The catalog (catalog:read, catalog:write): product lines, their variants (products) with list
 * price and stock, and prices and stock changed in bulk through the back office's bulk edit
 * (flows/product-admin.ts), all or nothing. No cost is ever part of these answers.
 */

export const product = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  line_id: z.number().int(),
  category: z.string(),
  price_cents: cents,
  stock: z.number().int(),
  case_pack: z.number().int(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  version: z.number().int(),
  updated_at: timestamp,
});

export const line = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  brand: z.string().nullable(),
  option_names: z.array(z.string()),
  updated_at: timestamp,
});

/** A line with its variants in their order. */
export const lineDetail = line.extend({ variants: z.array(product) });

const PRODUCT_COLUMNS = [
  "id",
  "sku",
  "name",
  "line_id",
  "category",
  "price_cents",
  "stock",
  "case_pack",
  "min_quantity",
  "max_quantity",
  "version",
  "updated_at",
] as const;

function optionNames(text: string): string[] {
  try {
    const names: unknown = JSON.parse(text);
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  } catch {
    return [];
  }
}

const listProducts = endpoint({
  id: "listProducts",
  method: "GET",
  path: "/products",
  scope: "catalog:read",
  tag: "Catalog",
  summary: "List variants (products) with list price and stock",
  query: listQuery,
  response: pageSchema(product),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = db
      .selectFrom("products")
      .select(PRODUCT_COLUMNS)
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("updated_at", ">=", query.updated_since);
    return pageOf(await q.execute(), limit, (r) => r.id);
  },
});

const getProduct = endpoint({
  id: "getProduct",
  method: "GET",
  path: "/products/{id}",
  scope: "catalog:read",
  tag: "Catalog",
  summary: "Read one variant",
  params: idPath,
  response: product,
  async handle({ db, params }) {
    const row = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", "=", params.id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  },
});

function lineQuery(db: Kysely<DB>) {
  return db
    .selectFrom("product_lines as l")
    .leftJoin("brands as b", "b.id", "l.brand_id")
    .select(["l.id", "l.slug", "l.name", "l.category", "b.name as brand", "l.option_names", "l.updated_at"]);
}

const listLines = endpoint({
  id: "listProductLines",
  method: "GET",
  path: "/product-lines",
  scope: "catalog:read",
  tag: "Catalog",
  summary: "List product lines",
  query: listQuery,
  response: pageSchema(line),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = lineQuery(db)
      .where("l.id", ">", numericCursor(query))
      .orderBy("l.id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("l.updated_at", ">=", query.updated_since);
    const rows = (await q.execute()).map((r) => ({ ...r, option_names: optionNames(r.option_names) }));
    return pageOf(rows, limit, (r) => r.id);
  },
});

const getLine = endpoint({
  id: "getProductLine",
  method: "GET",
  path: "/product-lines/{id}",
  scope: "catalog:read",
  tag: "Catalog",
  summary: "Read one product line with its variants",
  params: idPath,
  response: lineDetail,
  async handle({ db, params }) {
    const found = await lineWithVariants(db, params.id);
    if (!found) throw notFound();
    return found;
  },
});

/** A line with its variants in their order, as GET /product-lines/{id} answers; null when there is none. */
export async function lineWithVariants(db: Kysely<DB>, id: number) {
  const row = await lineQuery(db).where("l.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const variants = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("line_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return { ...row, option_names: optionNames(row.option_names), variants };
}

/** The most a stock may be: the product form's quantity (seven digits). */
export const MAX_STOCK = 9_999_999;

/** The most items one bulk request changes. */
export const MAX_BULK_ITEMS = 500;

const bulkItem = z
  .strictObject({
    id: z.number().int().min(1).max(2_147_483_647).optional(),
    sku: z.string().min(1).max(64).optional(),
    price_cents: z.number().int().min(0).max(MAX_PRICE_CENTS).optional(),
    stock: z.number().int().min(0).max(MAX_STOCK).optional(),
  })
  .refine((i) => (i.id === undefined) !== (i.sku === undefined), API_MESSAGES.itemNeedsOneRef)
  .refine((i) => i.price_cents !== undefined || i.stock !== undefined, API_MESSAGES.nothingToChange);

const bulkUpdate = endpoint({
  id: "bulkUpdateProducts",
  method: "POST",
  path: "/products/bulk-update",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Set prices and stock of many variants at once (all or nothing)",
  body: z.strictObject({ items: z.array(bulkItem).min(1).max(MAX_BULK_ITEMS) }),
  response: z.object({ changed: z.number().int(), products: z.array(product) }),
  async handle({ db, key, body }) {
    const skus = body.items.flatMap((i) => (i.sku !== undefined ? [i.sku] : []));
    const bySku = new Map<string, number>();
    for (let i = 0; i < skus.length; i += 500) {
      const rows = await db
        .selectFrom("products")
        .select(["id", "sku"])
        .where("sku", "in", skus.slice(i, i + 500))
        .execute();
      for (const r of rows) bySku.set(r.sku, r.id);
    }
    const ids = body.items.flatMap((i) => (i.id !== undefined ? [i.id] : []));
    const known = new Set<number>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .selectFrom("products")
        .select("id")
        .where("id", "in", ids.slice(i, i + 500))
        .execute();
      for (const r of rows) known.add(r.id);
    }
    const seen = new Set<number>();
    const errors: { location: string; message: string }[] = [];
    const resolved = body.items.map((item, index) => {
      const ref = item.sku !== undefined ? `sku ${item.sku}` : `id ${item.id}`;
      const id = item.sku !== undefined ? bySku.get(item.sku) : known.has(item.id ?? 0) ? item.id : undefined;
      if (id === undefined)
        errors.push({ location: `body.items.${index}`, message: API_MESSAGES.productNotFound(ref) });
      else if (seen.has(id))
        errors.push({ location: `body.items.${index}`, message: API_MESSAGES.duplicateProduct(ref) });
      else seen.add(id);
      return { id: id ?? 0, priceCents: item.price_cents, stock: item.stock };
    });
    if (errors.length) throw new ApiProblem(422, API_MESSAGES.invalidRequest, { errors });
    // The back office's bulk edit sets one change on many products: items asking the same are one set.
    const sets = new Map<string, { ids: number[]; changes: { priceCents?: number; stock?: number } }>();
    for (const r of resolved) {
      const id = `${r.priceCents ?? ""}/${r.stock ?? ""}`;
      const set = sets.get(id) ?? {
        ids: [],
        changes: {
          ...(r.priceCents !== undefined ? { priceCents: r.priceCents } : {}),
          ...(r.stock !== undefined ? { stock: r.stock } : {}),
        },
      };
      set.ids.push(r.id);
      sets.set(id, set);
    }
    const changed = await bulkUpdateProductSets(db, [...sets.values()], apiKeyActor(key));
    const products = await db
      .selectFrom("products")
      .select(PRODUCT_COLUMNS)
      .where("id", "in", [...seen])
      .orderBy("id")
      .execute();
    return { changed, products };
  },
});

const createProduct = endpoint({
  id: "createProduct",
  method: "POST",
  path: "/products",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Create a variant in a line of its own, as the back office's new-product form does",
  body: z.strictObject({
    sku: productFields.sku.meta({ description: "made from the category when absent" }),
    name: productFields.name,
    description: productFields.description,
    category: productFields.category,
    price_cents: z.number().int().min(0).max(MAX_PRICE_CENTS),
    stock: z.number().int().min(0).max(MAX_STOCK),
  }),
  status: 201,
  response: product,
  async handle({ db, key, body }) {
    const id = await createProductWithImages(
      db,
      {
        ...(body.sku ? { sku: body.sku } : {}),
        name: body.name,
        description: body.description,
        priceCents: body.price_cents,
        stock: body.stock,
        category: body.category,
      },
      [],
      apiKeyActor(key),
    );
    return db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
  },
});

export const CATALOG_ENDPOINTS = [listLines, getLine, listProducts, getProduct, createProduct, bulkUpdate];
