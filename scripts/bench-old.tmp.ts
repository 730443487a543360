/**
 * Catalog import benchmark (issue 17): a 10,000-row product CSV (half new SKUs, half changes to
 * existing products) read, planned (the dry run) and applied in one transaction, on a fresh
 * database: SQLite by default, PostgreSQL when DATABASE_URL names a server (a database is created
 * on it and dropped). Prints the times; docs/performance.md keeps the figures.
 *
 *   npm run bench:import                     # SQLite
 *   DATABASE_URL=postgres://... npm run bench:import
 */
import { stringify } from "csv-stringify/sync";
import { readProductsCsv } from "../app/.server/catalog/csv/read";
import { insertProduct } from "../app/.server/catalog/product-writes";
import { applyImport } from "../app/.server/flows/catalog-import/apply";
import { planImport } from "../app/.server/flows/catalog-import/plan";
import { setupTestDatabase } from "../tests/support/test-database";

const ROWS = Number(process.env.ROWS ?? 10_000);
const EXISTING = ROWS / 2;

const t = await setupTestDatabase();
try {
  for (let i = 0; i < EXISTING; i++) {
    await insertProduct(
      t.db,
      {
        sku: `BENCH-${i}`,
        name: `Bench product ${i}`,
        description: "",
        priceCents: 1000 + i,
        stock: 10,
        category: "novelty",
      },
      [],
    );
  }
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `BENCH-${i}`,
    `Bench product ${i}${i < EXISTING && i % 2 === 0 ? " (renamed)" : ""}`,
    "novelty",
    ((1000 + i + (i % 3 === 0 ? 50 : 0)) / 100).toFixed(2),
    String(10 + (i % 7)),
    "",
    `Description of bench product ${i}, with a comma and "quotes".`,
  ]);
  const csv = Buffer.from(
    stringify([["sku", "name", "category", "price", "stock", "low_stock_threshold", "description"], ...rows]),
  );
  const t0 = performance.now();
  const read = readProductsCsv(csv);
  if (!read.ok) throw new Error(read.error);
  const plan = await planImport(t.db, read);
  const t1 = performance.now();
  // A page's query, made every 20 ms while the apply runs: how long each one waits.
  const waits: number[] = [];
  let applying = true;
  const probes = (async () => {
    while (applying) {
      const asked = performance.now();
      await t.db.selectFrom("products").select("id").limit(1).execute();
      waits.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  // Any size: the benchmark measures what the embedded database's limit (applyRowLimit) is for.
  const result = await applyImport(t.db, read, plan.digest, { id: null, name: "Benchmark" }, { maxRows: null });
  const t2 = performance.now();
  applying = false;
  await probes;
  if (!result.applied) throw new Error("not applied");
  console.log(
    JSON.stringify({
      database: t.dialect,
      rows: ROWS,
      bytes: csv.length,
      added: plan.added.length,
      changed: plan.changed.length,
      unchanged: plan.unchanged,
      dryRunMs: Math.round(t1 - t0),
      applyMs: Math.round(t2 - t1),
      pageQueryLongestWaitMs: Math.round(Math.max(...waits)),
    }),
  );
} finally {
  await t.cleanup();
}
