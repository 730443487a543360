import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProductsInBulk } from "../catalog/product-writes";
import type { DB } from "./schema";
import { readVersions } from "./versions";
import { currentVersions, QUIET_MS, stockTicket, stockUnchangedSince, VersionsWatch } from "./versions-watch";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

/** A database handle that fails the test if anything asks it a query. */
function untouchable(): Kysely<DB> {
  return new Proxy(t.db, {
    get(target, prop, receiver) {
      if (prop === "executeQuery" || prop === "selectFrom") throw new Error("the database was asked");
      return Reflect.get(target, prop, receiver);
    },
  });
}

async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

async function newProduct(sku: string): Promise<number> {
  const now = new Date().toISOString();
  const [id] = await insertProductsInBulk(t.db, [
    {
      sku,
      name: sku,
      description: "",
      price_cents: 100,
      stock: 10,
      category: "glass",
      created_at: now,
      updated_at: now,
    },
  ]);
  return id as number;
}

describe(`cache counters and stock changes without a query, on ${ON}`, () => {
  it.runIf(ON === "SQLite")(
    "without a watch (SQLite) the counters are read and no stock is taken on trust",
    async () => {
      expect(await currentVersions(t.db)).toEqual(await readVersions(t.db));
      expect(stockTicket()).toBeNull();
      expect(stockUnchangedSince(1, 1)).toBe(false);
    },
  );

  it.runIf(ON === "PostgreSQL")(
    "hears every counter move and each product's stock change within a second, and asks nothing while it listens",
    async () => {
      const watch = new VersionsWatch(t.url as string);
      watch.start();
      try {
        await watch.ready();
        const before = await readVersions(t.db);
        expect(await watch.versions(untouchable())).toEqual(before);

        const sold = await newProduct(`VW-SOLD-${Date.now()}`);
        const other = await newProduct(`VW-OTHER-${Date.now()}`);
        // A new product moved the catalog counter: heard, not asked.
        expect(await within(1000, async () => (await watch.versions(untouchable())).catalog > before.catalog)).toBe(
          true,
        );

        const ticket = watch.stockTicket();
        expect(watch.stockUnchangedSince(sold, ticket)).toBe(true);
        await t.db.updateTable("products").set({ stock: 9 }).where("id", "=", sold).execute();
        expect(await within(1000, () => !watch.stockUnchangedSince(sold, ticket))).toBe(true);
        expect(watch.stockUnchangedSince(other, ticket)).toBe(true);
        // A price is no stock: no stock message, but the prices counter moves.
        const prices = (await watch.versions(untouchable())).prices;
        await t.db.updateTable("products").set({ price_cents: 150 }).where("id", "=", other).execute();
        expect(await within(1000, async () => (await watch.versions(untouchable())).prices > prices)).toBe(true);
        expect(watch.stockUnchangedSince(other, ticket)).toBe(true);

        // A rolled-back change is never heard.
        const catalog = (await watch.versions(untouchable())).catalog;
        await t.db
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable("products").set({ stock: 1 }).where("id", "=", other).execute();
            throw new Error("roll back");
          })
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 200));
        expect(watch.stockUnchangedSince(other, ticket)).toBe(true);
        expect((await watch.versions(untouchable())).catalog).toBe(catalog);

        // After this server's own activity the database is asked, for a while.
        watch.touched();
        expect(watch.trusted).toBe(false);
        await expect(watch.versions(untouchable())).rejects.toThrow("the database was asked");
        expect(watch.stockUnchangedSince(other, watch.stockTicket())).toBe(false);
        expect(await within(QUIET_MS + 500, () => watch.trusted)).toBe(true);
      } finally {
        await watch.stop();
      }
    },
  );

  it.runIf(ON === "PostgreSQL")(
    "when its connection is cut it reads the counters, doubts every stock, and listens again",
    async () => {
      const watch = new VersionsWatch(t.url as string);
      watch.start();
      try {
        await watch.ready();
        const product = await newProduct(`VW-CUT-${Date.now()}`);
        const ticket = watch.stockTicket();
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'store-versions-watch' and datname = current_database()`.execute(t.db);
        expect(await within(1000, () => !watch.trusted)).toBe(true);
        // Changes made while nobody listens are read, not missed.
        await t.db.updateTable("products").set({ stock: 3 }).where("id", "=", product).execute();
        const read = await watch.versions(t.db);
        expect(read).toEqual(await readVersions(t.db));
        expect(watch.stockUnchangedSince(product, ticket)).toBe(false);
        // Back within a few seconds; tickets from before are still doubted.
        expect(await within(5000, () => watch.trusted)).toBe(true);
        expect(watch.stockUnchangedSince(product, ticket)).toBe(false);
        expect(await watch.versions(untouchable())).toEqual(await readVersions(t.db));
      } finally {
        await watch.stop();
      }
    },
  );
  it.runIf(ON === "PostgreSQL")(
    "when its own pings go unheard (a connection silently cut, a pooler without LISTEN) it stops trusting and listens again",
    async () => {
      const watch = new VersionsWatch(t.url as string, Date.now, 100);
      watch.start();
      try {
        await watch.ready();
        expect(await within(300, () => watch.trusted)).toBe(true);
        // Stop hearing without the connection failing: only the pings can tell.
        const client = (watch as unknown as { client: { query: (text: string) => Promise<unknown> } }).client;
        await client.query("unlisten *");
        expect(await within(1000, () => !watch.trusted)).toBe(true);
        expect(await within(3000, () => watch.trusted)).toBe(true);
      } finally {
        await watch.stop();
      }
    },
  );
});
