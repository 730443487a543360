/**
 * Dispatch benchmark (issue 40): a day of 300 delivery orders over four zones, on a fresh scratch
 * database (SQLite by default; PostgreSQL when DATABASE_URL names a server: a database is created on
 * it and dropped), built into routes with their stops ordered by distance. Times the dispatch day
 * page's loader and the biggest route's page loader, p95 in ms (target: the day's page under 300).
 *
 *   npm run bench:dispatch
 *   STOPS=600 RUNS=100 npm run bench:dispatch
 */
import { TEST_ADMIN } from "../tests/support/actors";
import { customerWithAddress } from "../tests/support/customers";
import { setupTestDatabase } from "../tests/support/test-database";

process.env.LOG_LEVEL ??= "warn";
process.env.JOBS = "off";
const STOPS = Number(process.env.STOPS ?? 300);
const RUNS = Number(process.env.RUNS ?? 50);
const DAY = "2031-03-04";
const ZIPS = [
  "75201",
  "75204",
  "75206",
  "75207",
  "75214",
  "75219",
  "75226",
  "75235",
  "75024",
  "75069",
  "75080",
  "75093",
];

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const t = await setupTestDatabase();
try {
  // Loaded after the scratch database is set up: the route modules read the environment it sets.
  const { insertProduct } = await import("../app/.server/catalog/product-writes");
  const { placeOrder } = await import("../app/.server/flows/place-order");
  const { buildRoutes, suggestStopOrder } = await import("../app/.server/delivery/dispatch");
  const dayPage = await import("../app/routes/admin/dispatch");
  const routePage = await import("../app/routes/admin/dispatch-route");
  const db = t.db;
  const now = new Date().toISOString();
  const zones: number[] = [];
  for (const name of ["Dallas Core", "North Dallas", "East Dallas", "Collin County"]) {
    const zone = await db
      .insertInto("delivery_zones")
      .values({ name, name_key: name.toLowerCase(), route_days: "1,2,3,4,5", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    zones.push(zone.id);
  }
  const products: number[] = [];
  for (let i = 0; i < 40; i++) {
    const id = await insertProduct(
      db,
      {
        sku: `BD-${i}`,
        name: `Bench item ${i}`,
        description: "",
        priceCents: 500,
        stock: 1_000_000,
        category: "novelty",
      },
      [],
    );
    await db
      .updateTable("products")
      .set({ bin: `A-${i % 12}` })
      .where("id", "=", id)
      .execute();
    products.push(id);
  }
  console.log(`Seeding ${STOPS} delivery orders…`);
  const buyers: { id: string; addressId: string }[] = [];
  for (let i = 0; i < 30; i++) {
    buyers.push(
      await customerWithAddress(db, `bench-dispatch-${i}@shop.test`, {
        businessName: `Bench Shop ${i}`,
        street: `${100 + i} Main St`,
        zip: ZIPS[i % ZIPS.length] as string,
      }),
    );
  }
  for (let i = 0; i < STOPS; i++) {
    const buyer = buyers[i % buyers.length] as { id: string; addressId: string };
    const { order } = await placeOrder(db, {
      userId: buyer.id,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyer.addressId,
      lines: [0, 1, 2, 3].map((k) => ({
        id: products[(i + k * 7) % products.length] as number,
        quantity: 1 + (k % 3),
      })),
    });
    await db
      .updateTable("orders")
      .set({ delivery_date: DAY, delivery_zone_id: zones[i % zones.length] as number })
      .where("id", "=", order.id)
      .execute();
  }
  await buildRoutes(db, DAY, TEST_ADMIN);
  const routes = await db.selectFrom("delivery_routes").select("id").where("day", "=", DAY).execute();
  for (const r of routes) await suggestStopOrder(db, r.id, TEST_ADMIN);
  const first = routes[0]?.id ?? 0;

  const args = (url: string, params: Record<string, string> = {}) =>
    ({ request: new Request(url), params, context: {} }) as never;
  const day: number[] = [];
  const route: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    day.push(await timed(() => dayPage.loader(args(`http://localhost/admin/dispatch?day=${DAY}`))));
    route.push(
      await timed(() =>
        routePage.loader(args(`http://localhost/admin/dispatch/routes/${first}`, { routeId: String(first) })),
      ),
    );
  }
  console.log(`Dispatch on ${t.dialect}, ${STOPS} stops on ${routes.length} routes, p95 ms over ${RUNS} runs:`);
  console.log(`  the day's page loader (target 300) ${p95(day).toFixed(1)}`);
  console.log(`  one route's page loader (${Math.ceil(STOPS / routes.length)} stops) ${p95(route).toFixed(1)}`);
} finally {
  await t.cleanup();
}
