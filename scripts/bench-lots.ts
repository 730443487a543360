/**
 * Lots' timings (issue 39) on the database npm run bench:data filled (DATA_DIR, default
 * bench-results/data, or DATABASE_URL): the recall query (every order that received a lot) and
 * its CSV over the bench's orders, p95 in ms (target 200); and receiving a 100-line purchase order,
 * p95 in ms (target 1,000). The first run gives every bench order's first line a lot (200,000
 * orders: 200,000 order_lots rows over 400 lots), so the recall reads one lot among many.
 *
 *   npm run bench:data -- --lines 100000 --users 10000 --orders 200000
 *   npm run bench:lots
 */
import { sql } from "kysely";
import { closeDb, getDb } from "../app/.server/db/instance";
import { lotRecipients, recallCsv } from "../app/.server/inventory/lot-admin";
import {
  createPurchaseOrder,
  findPurchaseOrder,
  receivePurchaseOrder,
  sendPurchaseOrder,
} from "../app/.server/inventory/purchase-orders";
import { createSupplier, saveSupplierItem } from "../app/.server/inventory/suppliers";

process.env.DATA_DIR ??= "bench-results/data";
process.env.LOG_LEVEL ??= "warn";
process.env.JOBS = "off";
const RUNS = Number(process.env.RUNS ?? 30);
const LOTS = 400;
const actor = { id: null, name: "Bench" };

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const db = getDb();
try {
  const orders = Number(
    (await db.selectFrom("orders").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n,
  );
  if (orders === 0) throw new Error("No orders: run npm run bench:data first.");
  // Lots for the bench's orders, once: each order's first line drew its units from one of LOTS lots.
  const existing = Number(
    (await db.selectFrom("order_lots").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n,
  );
  if (existing === 0) {
    console.log(`Giving ${orders.toLocaleString("en-US")} orders a lot each…`);
    const now = new Date().toISOString();
    const product = await db
      .selectFrom("products")
      .select(["id", "name", "sku"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let i = 0; i < LOTS; i++) {
      const lot = await db
        .insertInto("lots")
        .values({
          code: `BENCH-${i}`,
          code_key: `bench-${i}`,
          product_id: product.id,
          name: product.name,
          sku: product.sku,
          supplier_id: null,
          purchase_order_line_id: null,
          expires_on: null,
          batch_date: null,
          unit_cost_cents: 400,
          quantity_received: 0,
          on_hand: 0,
          lab_report_key: null,
          lab_report_type: null,
          lab_report_size: null,
          delta9_ug: null,
          thca_ug: null,
          received_at: now,
          received_by: null,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(lot.id);
    }
    const firstLines = db
      .selectFrom("order_items")
      .select(["order_id", sql<number>`min(product_id)`.as("product_id"), sql<number>`min(quantity)`.as("quantity")])
      .where("product_id", "is not", null)
      .groupBy("order_id");
    const lotOf = (orderId: number) => ids[orderId % LOTS] as number;
    let after = 0;
    for (;;) {
      const batch = await firstLines.where("order_id", ">", after).orderBy("order_id").limit(5_000).execute();
      if (batch.length === 0) break;
      await db
        .insertInto("order_lots")
        .values(
          batch.map((b) => ({
            order_id: b.order_id,
            product_id: Number(b.product_id),
            lot_id: lotOf(b.order_id),
            quantity: Number(b.quantity),
          })),
        )
        .execute();
      after = batch.at(-1)?.order_id ?? after;
    }
    if (process.env.DATABASE_URL) await sql`analyze`.execute(db);
  }
  const lot = await db.selectFrom("lots").select("id").where("code_key", "=", "bench-7").executeTakeFirstOrThrow();
  const received = (await lotRecipients(db, lot.id)).length;
  const recall: number[] = [];
  const csv: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    recall.push(await timed(() => lotRecipients(db, lot.id)));
    csv.push(await timed(() => recallCsv(db, lot.id)));
  }
  console.log(`Recall of one lot (${received.toLocaleString("en-US")} orders received it), p95 ms (target 200):`);
  console.log(`  who received it      ${p95(recall).toFixed(1)}`);
  console.log(`  the 21 CFR 1.345 CSV ${p95(csv).toFixed(1)}`);

  // Receiving a 100-line purchase order.
  const products = await db.selectFrom("products").select(["id", "sku"]).orderBy("id").limit(100).execute();
  const supplierId = await createSupplier(
    db,
    {
      name: `Bench Supply ${Date.now()}`,
      email: "bench@supplier.test",
      phone: "",
      leadTimeDays: 5,
      terms: "",
      notes: "",
      active: true,
    },
    actor,
  );
  for (const p of products) {
    await saveSupplierItem(
      db,
      supplierId,
      { sku: p.sku, supplierSku: "", unitCostCents: 300, packSize: 1, preferred: false },
      actor,
    );
  }
  const receiving: number[] = [];
  const rounds = Number(process.env.RECEIVE_RUNS ?? 10);
  for (let round = 0; round < rounds; round++) {
    const po = await createPurchaseOrder(
      db,
      supplierId,
      products.map((p) => ({ sku: p.sku, quantity: 24 })),
      actor,
    );
    await sendPurchaseOrder(db, po.id, actor);
    const lines = (await findPurchaseOrder(db, po.id))?.lines ?? [];
    const stamp = `${Date.now()}-${round}`;
    receiving.push(
      await timed(() =>
        receivePurchaseOrder(
          db,
          po.id,
          lines.map((l, index) => ({
            lineId: l.id,
            quantity: 24,
            lotCode: `R${stamp}-${index}`,
            expiresOn: "2099-01-01",
            batchDate: null,
            delta9Ug: null,
            thcaUg: null,
            index,
          })),
          new Map(),
          actor,
        ),
      ),
    );
  }
  console.log(
    `Receiving a purchase order of ${products.length} lines, p95 ms (target 1,000): ${p95(receiving).toFixed(1)}`,
  );
} finally {
  await closeDb();
}
