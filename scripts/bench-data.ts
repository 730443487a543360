import { parseArgs } from "node:util";
import { type Insertable, type Kysely, sql } from "kysely";
import { getAuth } from "../app/.server/accounts/auth";
import { authBool, authNow } from "../app/.server/accounts/auth-columns";
import { refreshLineFacets } from "../app/.server/catalog/facets";
import { brandNamed, lineSlug } from "../app/.server/catalog/lines";
import { dialectOf } from "../app/.server/db/connect";
import { closeDb, getDb } from "../app/.server/db/instance";
import type { DB } from "../app/.server/db/schema";
import { rebuildProductSales } from "../app/.server/orders/best-sellers";
import { moneyColumns } from "../app/.server/orders/money";
import { CATEGORY_SLUGS } from "../app/lib/categories";
import type { ProductClass } from "../app/lib/compliance/vocabulary";
import { orderMoney } from "../app/lib/order-money";
import { ORDER_STATUSES } from "../app/lib/orders";
import { optionColumns, variantName } from "../app/lib/product-lines";
import { migrateToLatest } from "../db/migrate";
import {
  BENCH_EXPLICIT_GROUP,
  BENCH_PASSWORD,
  BENCH_PERCENT_GROUP,
  BRANDS,
  benchUpc,
  FLAVORS,
  ITEMS,
  PACKS,
  STRAINS,
  STRENGTHS,
} from "./bench/names";

/**
 * npm run bench:data -- --lines 100000 --users 10000 --orders 200000
 * Fills the database named by the environment (SQLite in DATA_DIR, default bench-results/data as
 * `npm run bench` reads it, never the store's own data/; or PostgreSQL with DATABASE_URL) in bulk
 * with realistic product lines (1 to 9 variants each, about 500,000 variants for 100,000 lines),
 * verified customers and past orders. `--products` is the old name of `--lines`. Prints the time
 * each part took.
 * Every bench user's password is BENCH_PASSWORD (printed at the end).
 */
process.env.DATA_DIR ??= "bench-results/data";

const BATCH = 500;

let seed = 42;
function random(): number {
  // Deterministic (mulberry32) so two runs build the same catalog.
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const drawn = new Map<string, number>();
function progress(label: string, done: number, total: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  if (drawn.get(label) === filled && done < total) return;
  drawn.set(label, filled);
  process.stderr.write(`\r${label.padEnd(9)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`);
  if (done >= total) process.stderr.write("\n");
}

const PACK_SIZES = [
  "single",
  "3-pack",
  "6-pack",
  "10-pack",
  "12-pack",
  "24-pack",
  "36-pack",
  "48-pack",
  "50-pack",
  "100-pack",
];

/** The options a bench line of each category has, and the values each option takes. */
const LINE_OPTIONS: Record<string, { names: string[]; values: (readonly string[])[] }> = {
  "disposable-vapes": { names: ["Flavor", "Nicotine"], values: [FLAVORS, STRENGTHS] },
  kratom: { names: ["Strain", "Size"], values: [STRAINS, ["30 g", "60 g", "250 g", "500 g", "1 kg"]] },
  glass: {
    names: ["Size"],
    values: [["4 in", "6 in", "7 in", "8 in", "10 in", "12 in", "14 in", "16 in", "18 in", "24 in"]],
  },
  delta: { names: ["Flavor", "Count"], values: [FLAVORS, ["5 ct", "10 ct", "20 ct"]] },
  novelty: { names: ["Count"], values: [PACK_SIZES] },
  accessories: { names: ["Count"], values: [PACK_SIZES] },
};

/** `n` different values of `list`, in the list's order. */
function several(list: readonly string[], n: number): string[] {
  const start = int(0, list.length - 1);
  return Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(start + i) % list.length] as string);
}

/** A bench line's variants' values: 1 to 9 (5 a line on average), every combination of a few values. */
function variantValues(category: string): { names: string[]; values: string[][] } {
  const options = LINE_OPTIONS[category];
  const wanted = int(1, 9);
  if (!options || wanted === 1) return { names: options && random() < 0.5 ? options.names : [], values: [[]] };
  const [first = [], second] = options.values;
  if (!second) return { names: options.names, values: several(first, wanted).map((v) => [v]) };
  const across = Math.min(second.length, wanted < 3 ? 1 : wanted % 3 === 0 ? 3 : 2);
  const down = Math.ceil(wanted / across);
  const rows = several(first, down);
  const columns = several(second, across);
  const values = rows.flatMap((r) => columns.map((c) => [r, c])).slice(0, wanted);
  return { names: options.names, values };
}

/**
 * The catalog in lines (issue 38): `count` lines of 1 to 9 variants (about 5 each), written in
 * batches of whole lines as the line editor would leave them (ids given, the first variant the
 * line's lead, the brand on the line and every variant's facts, the lead's picture the line's),
 * the search documents kept by their triggers and line_facets by the application's refresh.
 */
async function insertLines(
  db: Kysely<DB>,
  count: number,
  mediaKeys: { key: string; width: number; height: number }[],
): Promise<number> {
  const maxOf = async (table: "products" | "product_lines") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max("id").as("max"))
          .executeTakeFirst()
      )?.max ?? 0,
    );
  let lineId = await maxOf("product_lines");
  let productId = await maxOf("products");
  const brandIds = new Map<string, number>();
  for (const name of new Set(Object.values(BRANDS).flat())) brandIds.set(name, (await brandNamed(db, name)) as number);
  const now = new Date().toISOString();
  let variants = 0;
  // PostgreSQL: each product's search document is built once, when its facts go in (every bench
  // product has them), not also when the product does (in this transaction only: DDL rolls back).
  const pg = dialectOf(db) === "postgres";
  if (pg) await sql`alter table products disable trigger search_products_ins`.execute(db);
  for (let i = 0; i < count; i += BATCH) {
    const lines: Insertable<DB["product_lines"]>[] = [];
    const products: Insertable<DB["products"]>[] = [];
    const facts: Insertable<DB["product_compliance"]>[] = [];
    const images: Insertable<DB["product_images"]>[] = [];
    for (let j = i; j < Math.min(count, i + BATCH); j++) {
      lineId++;
      const category = pick(CATEGORY_SLUGS);
      const brand = pick(BRANDS[category] ?? ["Generic"]);
      const item = pick(ITEMS[category] ?? ["Item"]);
      const name = `${brand} ${item} #${lineId}`;
      const when = new Date(Date.now() - int(0, 400) * 86_400_000).toISOString();
      const { names, values } = variantValues(category);
      const puffs = category === "disposable-vapes" ? pick([3500, 6000, 8000, 15000, 25000]) : null;
      const description = `${brand} ${item.toLowerCase()} in ${values.length} variant${values.length === 1 ? "" : "s"}. Case pack ${pick(PACKS)}; retailers reorder it weekly. Sold to licensed retailers 21+.`;
      lines.push({
        id: lineId,
        slug: lineSlug(name, lineId),
        name,
        description,
        category,
        brand_id: brandIds.get(brand) ?? null,
        option_names: JSON.stringify(names),
        puffs,
        created_at: when,
        updated_at: when,
      });
      const price = int(150, 15_000);
      values.forEach((options, position) => {
        productId++;
        products.push({
          id: productId,
          sku: `BENCH-${productId}`,
          name: variantName(name, options),
          description,
          price_cents: position === 0 || random() < 0.7 ? price : int(150, 15_000),
          stock: random() < 0.08 ? 0 : int(1, 600),
          category,
          line_id: lineId,
          ...optionColumns(options),
          position,
          lead: position === 0 ? 1 : 0,
          created_at: when,
          updated_at: when,
        });
        const vape = category === "disposable-vapes";
        const strength = vape ? /(\d+)%/.exec(options[1] ?? "")?.[1] : undefined;
        facts.push({
          product_id: productId,
          brand,
          product_class: CLASS_OF_CATEGORY[category] ?? "other",
          flavor_class: null,
          nicotine_mg_ml: strength ? Number(strength) * 10 : null,
          country: null,
          upc: benchUpc(productId),
          thc_mg: null,
          seven_oh_percent: null,
          lab_report_key: null,
          lab_report_type: null,
          lab_report_size: null,
          updated_at: now,
        });
        // The line's picture, on its lead: the other variants show it.
        if (position === 0 && mediaKeys.length > 0 && random() < 0.9) {
          const m = pick(mediaKeys);
          images.push({
            product_id: productId,
            position: 0,
            media_key: m.key,
            width: m.width,
            height: m.height,
            created_at: now,
          });
        }
      });
    }
    await db.insertInto("product_lines").values(lines).execute();
    // Statements of at most 500 rows (SQLite's bound on a statement's parameters).
    for (let k = 0; k < products.length; k += BATCH) {
      await db
        .insertInto("products")
        .values(products.slice(k, k + BATCH))
        .execute();
      await db
        .insertInto("product_compliance")
        .values(facts.slice(k, k + BATCH))
        .execute();
    }
    if (images.length) await db.insertInto("product_images").values(images).execute();
    // The lines given this batch: from the last one back.
    await refreshLineFacets(
      db,
      lines.map((_, k) => lineId - lines.length + 1 + k),
    );
    variants += products.length;
    progress("lines", Math.min(count, i + BATCH), count);
  }
  if (pg) {
    await sql`alter table products enable trigger search_products_ins`.execute(db);
    // The identities go on after the ids given.
    for (const table of ["product_lines", "products"]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
  }
  return variants;
}

/** The product class each bench category's products get (the reports by class group by it). */
const CLASS_OF_CATEGORY: Record<string, ProductClass> = {
  "disposable-vapes": "nicotine-vape",
  kratom: "kratom",
  novelty: "novelty",
  glass: "glass",
  delta: "cannabinoid",
  accessories: "accessory",
};

/** Where bench orders ship: mostly Texas, as a Dallas distributor's would, and its neighbours. */
const SHIP_STATES = ["TX", "TX", "TX", "TX", "TX", "TX", "OK", "LA", "AR", "NM", "KS", "MO", "CO", "MS", "AL", "FL"];

/** Sales reps of the bench (users with the role rep) who place about one order in ten. */
const BENCH_REPS = 5;

async function insertUsers(db: Kysely<DB>, count: number, role: "customer" | "rep" = "customer"): Promise<string[]> {
  const ctx = await getAuth().$context;
  const hash = await ctx.password.hash(BENCH_PASSWORD);
  const ids: string[] = [];
  const base = Date.now().toString(36);
  for (let i = 0; i < count; i += BATCH) {
    const users = [];
    const accounts = [];
    for (let j = i; j < Math.min(count, i + BATCH); j++) {
      const id = `bench-${role === "rep" ? "rep-" : ""}${base}-${j}`;
      ids.push(id);
      const now = authNow(db);
      users.push({
        id,
        name: role === "rep" ? `Bench Rep ${j}` : `Bench Buyer ${j}`,
        email: role === "rep" ? `bench-rep${j}-${base}@bench.test` : `bench${j}-${base}@bench.test`,
        email_verified: authBool(db, true),
        image: null,
        created_at: now,
        updated_at: now,
        username: `bench_${role === "rep" ? "rep_" : ""}${base}_${j}`,
        display_username: `bench_${role === "rep" ? "rep_" : ""}${base}_${j}`,
        role,
        phone: "(214) 555-0100",
        dob: null,
        gender: null,
        address: `${int(100, 9999)} Main St`,
        city: "Dallas",
        state: "TX",
        zip: "75201",
      });
      accounts.push({
        id: `acct-${id}`,
        account_id: id,
        provider_id: "credential",
        user_id: id,
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        password: hash,
        created_at: now,
        updated_at: now,
      });
    }
    await db.insertInto("users").values(users).execute();
    await db.insertInto("accounts").values(accounts).execute();
    const now = new Date().toISOString();
    // A rep orders for businesses, to their addresses: none of their own.
    if (role === "customer")
      await db
        .insertInto("addresses")
        .values(
          users.map((u) => ({
            id: `addr-${u.id}`,
            user_id: u.id,
            business_name: `${u.name} Store`,
            street: u.address,
            city: "Dallas",
            state: "TX",
            zip: "75201",
            phone: "(214) 555-0100",
            is_default: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    progress("users", Math.min(count, i + BATCH), count);
  }
  return ids;
}

async function insertOrders(db: Kysely<DB>, count: number, userIds: string[], repIds: string[]) {
  const products = await db.selectFrom("products").select(["id", "name", "sku", "price_cents"]).execute();
  if (products.length === 0 || userIds.length === 0) return;
  for (let i = 0; i < count; i += BATCH) {
    const orders = [];
    const lines: { name: string; sku: string; product_id: number; unit_price_cents: number; quantity: number }[][] = [];
    for (let j = i; j < Math.min(count, i + BATCH); j++) {
      const items = Array.from({ length: int(1, 4) }, () => {
        const p = pick(products);
        return { name: p.name, sku: p.sku, product_id: p.id, unit_price_cents: p.price_cents, quantity: int(1, 12) };
      });
      lines.push(items);
      const when = new Date(Date.now() - int(0, 365 * 24 * 60) * 60_000).toISOString();
      const rep = repIds.length > 0 && random() < 0.1 ? pick(repIds) : null;
      orders.push({
        user_id: pick(userIds),
        placed_by_id: rep,
        placed_by_name: rep ? `Bench Rep ${repIds.indexOf(rep)}` : null,
        idempotency_key: `bench-${j}-${random().toString(36).slice(2)}`,
        status: random() < 0.85 ? "Completed" : pick(ORDER_STATUSES),
        ...moneyColumns(orderMoney({ goodsCents: items.reduce((s, l) => s + l.unit_price_cents * l.quantity, 0) })),
        item_count: items.reduce((s, l) => s + l.quantity, 0),
        ship_business_name: "Bench Store",
        ship_street: "1 Main St",
        ship_city: "Dallas",
        ship_state: pick(SHIP_STATES),
        ship_zip: "75201",
        ship_phone: "",
        created_at: when,
        updated_at: when,
      });
    }
    const ids = await db.insertInto("orders").values(orders).returning("id").execute();
    const items = ids.flatMap((row, k) =>
      (lines[k] ?? []).map((l, position) => ({ ...l, order_id: row.id, position })),
    );
    await db.insertInto("order_items").values(items).execute();
    progress("orders", Math.min(count, i + BATCH), count);
  }
}

/**
 * Wholesale prices at scale (issue 16): quantity breaks on about a third of the products, a
 * percentage group (10 % off) and an explicit-price group with its own price for half of the
 * products; customers alternate between the two groups.
 */
async function insertPricing(db: Kysely<DB>, userIds: string[]) {
  const products = await db
    .selectFrom("products")
    .select(["id", "price_cents", "line_id"])
    .where("sku", "like", "BENCH-%")
    .orderBy("id")
    .execute();
  const now = new Date().toISOString();
  const groups = await db
    .insertInto("price_groups")
    .values([
      { name: BENCH_PERCENT_GROUP, kind: "percent", percent_off_bp: 1000, created_at: now, updated_at: now },
      { name: BENCH_EXPLICIT_GROUP, kind: "explicit", percent_off_bp: 0, created_at: now, updated_at: now },
    ])
    .onConflict((oc) => oc.column("name").doNothing())
    .returning(["id", "name"])
    .execute();
  const percent = groups.find((g) => g.name === BENCH_PERCENT_GROUP);
  const explicit = groups.find((g) => g.name === BENCH_EXPLICIT_GROUP);
  if (!percent || !explicit) throw new Error("The bench price groups exist already: fill a fresh database.");
  const lineBreaks = new Map<number, number>();
  for (let i = 0; i < products.length; i += BATCH) {
    const slice = products.slice(i, i + BATCH);
    // A line's breaks are on every variant of it (the line editor writes them so).
    const tiers = slice.flatMap((p) => {
      let breaks = lineBreaks.get(p.line_id);
      if (breaks === undefined) {
        breaks = random() < 0.33 ? (random() < 0.5 ? 2 : 1) : 0;
        lineBreaks.set(p.line_id, breaks);
      }
      return [
        { product_id: p.id, min_quantity: 5, price_cents: Math.round(p.price_cents * 0.95) },
        { product_id: p.id, min_quantity: 20, price_cents: Math.round(p.price_cents * 0.9) },
      ].slice(0, breaks);
    });
    if (tiers.length) await db.insertInto("price_tiers").values(tiers).execute();
    const own = slice.flatMap((p) =>
      random() < 0.5
        ? [
            {
              group_id: explicit.id,
              product_id: p.id,
              price_cents: Math.round(p.price_cents * (0.8 + random() * 0.15)),
            },
          ]
        : [],
    );
    if (own.length) await db.insertInto("price_group_prices").values(own).execute();
    progress("prices", Math.min(products.length, i + BATCH), products.length);
  }
  for (let i = 0; i < userIds.length; i += BATCH) {
    await db
      .insertInto("customer_price_groups")
      .values(
        userIds.slice(i, i + BATCH).map((id, k) => ({ user_id: id, group_id: (i + k) % 2 ? percent.id : explicit.id })),
      )
      .execute();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      lines: { type: "string" },
      // The option's name before lines (issue 38): as many lines.
      products: { type: "string" },
      users: { type: "string", default: "10000" },
      orders: { type: "string", default: "200000" },
    },
  });
  const lines = Number(values.lines ?? values.products ?? "100000");
  const users = Number(values.users);
  const orders = Number(values.orders);
  for (const [name, n] of Object.entries({ lines, users, orders })) {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  }
  const db = getDb();
  await migrateToLatest(db);
  const started = Date.now();
  const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
  const media = await db
    .selectFrom("product_images")
    .select(["media_key as key", "width", "height"])
    .distinct()
    .limit(500)
    .execute();
  const variants = await db.transaction().execute((trx) => insertLines(trx, lines, media));
  console.log(`catalog: ${lines} lines, ${variants} variants in ${seconds(started)}`);
  const afterCatalog = Date.now();
  const userIds = await db.transaction().execute((trx) => insertUsers(trx, users));
  const repIds = await db.transaction().execute((trx) => insertUsers(trx, users > 0 ? BENCH_REPS : 0, "rep"));
  await db.transaction().execute(async (trx) => {
    await insertOrders(trx, orders, userIds, repIds);
    await rebuildProductSales(trx);
    // The reports' summary (sales_hourly) was kept by its triggers as the rows went in, as it is
    // in the store; recounting it here would leave PostgreSQL a table of dead rows twice its size.
  });
  await db.transaction().execute((trx) => insertPricing(trx, userIds));
  console.log(`users, orders and prices in ${seconds(afterCatalog)}`);
  // Fresh planner statistics, as a database that has grown over time would have; on PostgreSQL
  // also the visibility map autovacuum keeps, without which no index-only scan skips the table.
  await sql.raw(dialectOf(db) === "postgres" ? "vacuum analyze" : "analyze").execute(db);
  console.log(
    `Filled ${dialectOf(db)} in ${seconds(started)}: ${lines} lines (${variants} variants), ${users} users (password ${BENCH_PASSWORD}), ${orders} orders.`,
  );
  await closeDb();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
