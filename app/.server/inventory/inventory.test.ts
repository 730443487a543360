import fc from "fast-check";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeToday } from "~/lib/business";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { parsePurchaseLines, type ReceivedLine, receiveSchema } from "~/lib/schemas/inventory";
import { productFields } from "~/lib/schemas/product";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { readProductsCsv } from "../catalog/csv/read";
import { insertProduct } from "../catalog/product-writes";
import { planImport } from "../flows/catalog-import/plan";
import { editableLines, editOrder } from "../flows/order-edit";
import { changeOrderStatus } from "../flows/order-life";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { bulkUpdateProducts, updateProductWithImages } from "../flows/product-admin";
import { parseForm } from "../http/forms";
import { MAIL_JOB } from "../mail/outbox";
import { grossMargin } from "../reports/margin";
import { nearExpiryLots, reorderAlerts } from "./alerts";
import { countLot, findLot, lotRecipients, recallCsv, recallLot, setLotHold, stockValue } from "./lot-admin";
import { expireLotsEverywhere, orderLotsOf } from "./lots";
import {
  closePurchaseOrder,
  createPurchaseOrder,
  findPurchaseOrder,
  keepLabReports,
  receivePurchaseOrder,
  sendPurchaseOrder,
  suggestPurchase,
} from "./purchase-orders";
import { createSupplier, SupplierError, saveSupplierItem, updateSupplier } from "./suppliers";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
const buyers: { id: string; address: string; email: string }[] = [];
let n = 0;
let supplierId: number;

async function product(stock: number) {
  const sku = `INV-${++n}`;
  const id = await insertProduct(
    t.db,
    { sku, name: `Stocked ${n}`, description: "", priceCents: 1000, stock, category: "novelty" },
    [],
  );
  return { id, sku };
}

async function stockOf(id: number) {
  return (await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
}

async function order(productId: number, quantity: number, buyer = 0) {
  const b = buyers[buyer] as { id: string; address: string };
  const { order } = await placeOrder(t.db, {
    userId: b.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: b.address,
    lines: [{ id: productId, quantity }],
  });
  return order.id;
}

/** A sent purchase order of these products from the test supplier. */
async function sentOrder(lines: { sku: string; quantity: number }[]) {
  for (const l of lines) {
    await saveSupplierItem(
      t.db,
      supplierId,
      { sku: l.sku, supplierSku: `S-${l.sku}`, unitCostCents: 400, packSize: 1, preferred: true },
      TEST_ADMIN,
    );
  }
  const po = await createPurchaseOrder(t.db, supplierId, lines, TEST_ADMIN);
  await sendPurchaseOrder(t.db, po.id, TEST_ADMIN);
  return po.id;
}

let lotSeq = 0;
function received(lineId: number, quantity: number, extra: Partial<ReceivedLine> = {}): ReceivedLine {
  return {
    lineId,
    quantity,
    lotCode: `L${++lotSeq}-${ON.slice(0, 2)}`,
    expiresOn: null,
    batchDate: null,
    delta9Ug: null,
    thcaUg: null,
    index: 0,
    ...extra,
  };
}

async function receive(poId: number, lines: ReceivedLine[]) {
  return receivePurchaseOrder(t.db, poId, lines, new Map(), TEST_ADMIN);
}

async function lineIds(poId: number) {
  return (await findPurchaseOrder(t.db, poId))?.lines.map((l) => l.id) ?? [];
}

/** The rule of decision 0066: stock = units in no lot + on-hand units of available lots. */
async function lotted(productId: number) {
  const row = await t.db
    .selectFrom("lots")
    .select(sql<number>`coalesce(sum(on_hand), 0)`.as("n"))
    .where("product_id", "=", productId)
    .where("status", "=", "available")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await setupTestDatabase();
  for (const email of ["lots-a@shop.test", "lots-b@shop.test"]) {
    const { id, addressId } = await customerWithAddress(t.db, email, { businessName: `Shop ${email}` });
    buyers.push({ id, address: addressId, email });
  }
  supplierId = await createSupplier(
    t.db,
    {
      name: "Cloud Supply Co",
      email: "orders@cloudsupply.test",
      phone: "",
      leadTimeDays: 7,
      terms: "Net 30",
      notes: "",
      active: true,
    },
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe(`suppliers and purchase orders on ${ON}`, () => {
  it("refuses a second supplier of the same name, whatever its case", async () => {
    const input = {
      name: "cloud supply co",
      email: "x@y.test",
      phone: "",
      leadTimeDays: 3,
      terms: "",
      notes: "",
      active: true,
    };
    await expect(createSupplier(t.db, input, TEST_ADMIN)).rejects.toThrow(
      INVENTORY_MESSAGES.supplierNameTaken("cloud supply co"),
    );
    const other = await createSupplier(t.db, { ...input, name: "Other Supply" }, TEST_ADMIN);
    await expect(updateSupplier(t.db, other, input, TEST_ADMIN)).rejects.toBeInstanceOf(SupplierError);
    // An inactive supplier is neither suggested nor ordered from.
    await updateSupplier(t.db, other, { ...input, name: "Other Supply", active: false }, TEST_ADMIN);
    expect(await suggestPurchase(t.db, other)).toEqual([]);
    await expect(createPurchaseOrder(t.db, other, [], TEST_ADMIN)).rejects.toThrow(
      INVENTORY_MESSAGES.supplierInactive("Other Supply"),
    );
  });

  it("refuses an item whose SKU no product has", async () => {
    await expect(
      saveSupplierItem(
        t.db,
        supplierId,
        { sku: "NOPE-1", supplierSku: "", unitCostCents: 100, packSize: 1, preferred: false },
        TEST_ADMIN,
      ),
    ).rejects.toThrow(INVENTORY_MESSAGES.unknownSku("NOPE-1"));
  });

  it("suggests what is at or under its reorder point, in whole packs, and not what is on order", async () => {
    const low = await product(3);
    const high = await product(500);
    for (const p of [low, high]) {
      await saveSupplierItem(
        t.db,
        supplierId,
        { sku: p.sku, supplierSku: "", unitCostCents: 250, packSize: 12, preferred: true, reorderPoint: 10 },
        TEST_ADMIN,
      );
    }
    const suggested = await suggestPurchase(t.db, supplierId);
    const mine = suggested.filter((s) => s.sku === low.sku || s.sku === high.sku);
    expect(mine.map((s) => s.sku)).toEqual([low.sku]);
    expect(mine[0]?.quantity).toBe(12);
    // Once ordered, it is on order: not suggested again.
    await createPurchaseOrder(t.db, supplierId, [{ sku: low.sku, quantity: 12 }], TEST_ADMIN);
    expect((await suggestPurchase(t.db, supplierId)).some((s) => s.sku === low.sku)).toBe(false);
  });

  it("sends a draft: its PDF goes to the supplier through the outbox", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 24 }]);
    expect((await findPurchaseOrder(t.db, poId))?.status).toBe("sent");
    const jobs = await t.db.selectFrom("jobs").select("payload").where("name", "=", MAIL_JOB).execute();
    const mail = jobs
      .map((j) => JSON.parse(j.payload).mail)
      .find((m: { to: string; subject: string }) => m.to === "orders@cloudsupply.test");
    expect(mail.attachments[0].contentType).toBe("application/pdf");
    expect(Buffer.from(mail.attachments[0].content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("receives into lots: stock rises per lot, more or less than ordered, and the order's status follows", async () => {
    const a = await product(5);
    const b = await product(0);
    const poId = await sentOrder([
      { sku: a.sku, quantity: 10 },
      { sku: b.sku, quantity: 6 },
    ]);
    const [la, lb] = await lineIds(poId);
    await receive(poId, [received(la as number, 12)]);
    expect(await stockOf(a.id)).toBe(17);
    expect((await findPurchaseOrder(t.db, poId))?.status).toBe("partly_received");
    await receive(poId, [received(lb as number, 4), received(lb as number, 2)]);
    const po = await findPurchaseOrder(t.db, poId);
    expect(po?.status).toBe("received");
    expect(po?.lines.map((l) => [l.ordered, l.received])).toEqual([
      [10, 12],
      [6, 6],
    ]);
    expect(await stockOf(b.id)).toBe(6);
    expect(await lotted(b.id)).toBe(6);
    expect(po?.lines[1]?.lots).toHaveLength(2);
  });

  it("refuses a lot code already used, and a closed order: nothing changes", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 10 }]);
    const [line] = await lineIds(poId);
    await receive(poId, [received(line as number, 3, { lotCode: `CLASH-${ON}` })]);
    await expect(receive(poId, [received(line as number, 3, { lotCode: `clash-${ON}` })])).rejects.toThrow(
      INVENTORY_MESSAGES.lotCodeTaken(`CLASH-${ON}`),
    );
    expect(await stockOf(p.id)).toBe(3);
    await closePurchaseOrder(t.db, poId, TEST_ADMIN);
    await expect(receive(poId, [received(line as number, 3)])).rejects.toThrow(
      INVENTORY_MESSAGES.purchaseOrderNotReceivable("closed"),
    );
    expect(await stockOf(p.id)).toBe(3);
  });
});

describe(`the receiving form on ${ON}`, () => {
  const today = "2026-11-28";
  const schema = receiveSchema(today, (id) => (id === 7 ? "VL-7" : null));
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return parseForm(form, schema);
  };
  const row = { lineId: "7", quantity: "12", lotCode: "A1", expiresOn: "", batchDate: "", delta9: "", thca: "" };

  it("refuses an expiry in the past, a fractional or negative count, a missing lot code, a bad THC", () => {
    for (const [fields, message] of [
      [{ ...row, expiresOn: "2026-11-27" }, INVENTORY_MESSAGES.expiryInPast("VL-7")],
      [{ ...row, quantity: "1.5" }, INVENTORY_MESSAGES.lineQuantityInvalid("VL-7")],
      [{ ...row, quantity: "-3" }, INVENTORY_MESSAGES.lineQuantityInvalid("VL-7")],
      [{ ...row, lotCode: "" }, INVENTORY_MESSAGES.lotCodeRequired("VL-7")],
      [{ ...row, lotCode: "<script>" }, INVENTORY_MESSAGES.lotCodeInvalid("VL-7")],
      [{ ...row, delta9: "lots" }, INVENTORY_MESSAGES.thcInvalid("VL-7")],
      [{ ...row, quantity: "" }, INVENTORY_MESSAGES.nothingReceived],
      [{ ...row, lineId: "8" }, INVENTORY_MESSAGES.purchaseOrderChanged],
    ] as const) {
      const parsed = post(fields);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect((parsed.errors as Record<string, string>).lines).toBe(message);
    }
  });

  it("reads a good row, with THC in micrograms", () => {
    const parsed = post({ ...row, expiresOn: today, delta9: "0.25", thca: "0.1" });
    expect(parsed.ok && parsed.data).toEqual([
      {
        lineId: 7,
        quantity: 12,
        lotCode: "A1",
        expiresOn: today,
        batchDate: null,
        delta9Ug: 250,
        thcaUg: 100,
        index: 0,
      },
    ]);
  });

  it("reads a draft's lines and refuses what is not a SKU and a quantity", () => {
    expect(parsePurchaseLines("A-1, 12\nB-2 3\nA-1,2")).toEqual({
      ok: true,
      lines: [
        { sku: "A-1", quantity: 14 },
        { sku: "B-2", quantity: 3 },
      ],
    });
    expect(parsePurchaseLines("A-1, 1.5").ok).toBe(false);
    expect(parsePurchaseLines("just words here").ok).toBe(false);
  });
});

describe(`lots through the order's life on ${ON}`, () => {
  it("sells the first expiry first, and puts a cancelled order's units back in the same lots", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 30 }]);
    const [line] = await lineIds(poId);
    const late = `LATE-${ON}`;
    const early = `EARLY-${ON}`;
    const none = `NOEXP-${ON}`;
    await receive(poId, [
      received(line as number, 10, { lotCode: late, expiresOn: "2099-06-01" }),
      received(line as number, 10, { lotCode: none, expiresOn: null }),
      received(line as number, 10, { lotCode: early, expiresOn: "2098-01-01" }),
    ]);
    const first = await order(p.id, 14);
    expect((await orderLotsOf(t.db, first)).get(p.id)).toEqual([
      { code: early, quantity: 10, expiresOn: "2098-01-01" },
      { code: late, quantity: 4, expiresOn: "2099-06-01" },
    ]);
    expect(await stockOf(p.id)).toBe(16);
    await changeOrderStatus(t.db, first, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    expect(await stockOf(p.id)).toBe(30);
    expect(await orderLotsOf(t.db, first)).toEqual(new Map());
    const again = await order(p.id, 12);
    expect((await orderLotsOf(t.db, again)).get(p.id)?.map((l) => [l.code, l.quantity])).toEqual([
      [early, 10],
      [late, 2],
    ]);
  });

  it("never sells an expired lot: its units leave the stock at the next order", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 5 }]);
    const [line] = await lineIds(poId);
    const code = `SOON-${ON}`;
    await receive(poId, [received(line as number, 5, { lotCode: code, expiresOn: storeToday() })]);
    // Its last day passes.
    await t.db.updateTable("lots").set({ expires_on: "2000-01-01" }).where("code", "=", code).execute();
    await expect(order(p.id, 1)).rejects.toBeInstanceOf(OrderRefusedError);
    // The hourly job takes its units out of the stock the pages show.
    expect(await expireLotsEverywhere(t.db, storeToday())).toBe(1);
    expect(await stockOf(p.id)).toBe(0);
    const lot = await t.db.selectFrom("lots").select(["status", "on_hand"]).where("code", "=", code).executeTakeFirst();
    expect(lot).toEqual({ status: "expired", on_hand: 5 });
  });

  it("a quarantined lot is not sold; units in no lot still are", async () => {
    const p = await product(2);
    const poId = await sentOrder([{ sku: p.sku, quantity: 5 }]);
    const [line] = await lineIds(poId);
    await receive(poId, [received(line as number, 5, { lotCode: `HOLD-${ON}` })]);
    const lot = await t.db.selectFrom("lots").select("id").where("code", "=", `HOLD-${ON}`).executeTakeFirstOrThrow();
    await setLotHold(t.db, lot.id, true, TEST_ADMIN);
    expect(await stockOf(p.id)).toBe(2);
    const id = await order(p.id, 2);
    expect(await orderLotsOf(t.db, id)).toEqual(new Map());
    await setLotHold(t.db, lot.id, false, TEST_ADMIN);
    expect(await stockOf(p.id)).toBe(5);
  });

  it("recalls a lot: blocks it, lists every order that received it, notifies each business once, and exports the list", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 20 }]);
    const [line] = await lineIds(poId);
    const code = `RECALL-${ON}`;
    await receive(poId, [received(line as number, 20, { lotCode: code })]);
    const lot = await t.db.selectFrom("lots").select("id").where("code", "=", code).executeTakeFirstOrThrow();
    const o1 = await order(p.id, 3, 0);
    const o2 = await order(p.id, 4, 0);
    const o3 = await order(p.id, 5, 1);
    const list = await lotRecipients(t.db, lot.id);
    expect(list.map((r) => [r.orderId, r.quantity])).toEqual([
      [o1, 3],
      [o2, 4],
      [o3, 5],
    ]);
    const before = await t.db.selectFrom("jobs").select("id").where("name", "=", MAIL_JOB).execute();
    const result = await recallLot(
      t.db,
      lot.id,
      { reason: "Lab found lead.", action: "Pull it from the shelf." },
      TEST_ADMIN,
    );
    expect(result.notices).toBe(2);
    expect(await stockOf(p.id)).toBe(0);
    await expect(order(p.id, 1)).rejects.toBeInstanceOf(OrderRefusedError);
    const mails = (await t.db.selectFrom("jobs").select(["id", "payload"]).where("name", "=", MAIL_JOB).execute())
      .filter((j) => !before.some((b) => b.id === j.id))
      .map((j) => JSON.parse(j.payload).mail as { to: string; text: string });
    expect(mails.map((m) => m.to).sort()).toEqual([buyers[0]?.email, buyers[1]?.email].sort());
    const toA = mails.find((m) => m.to === buyers[0]?.email);
    expect(toA?.text).toContain(`Order #${o1}`);
    expect(toA?.text).toContain(`Order #${o2}`);
    expect(toA?.text).toContain("Pull it from the shelf.");
    const csv = (await recallCsv(t.db, lot.id)) ?? "";
    expect(csv.split("\n")[0]).toBe(
      "Recipient,Recipient address,Recipient phone,Recipient email,Product,SKU,Lot,Expiry,Order,Date released,Quantity,Order status,Carrier,Tracking number",
    );
    expect(csv.split("\n").filter(Boolean)).toHaveLength(4);
    expect((await findLot(t.db, lot.id))?.recall?.notices).toBe(2);
    await expect(recallLot(t.db, lot.id, { reason: "x", action: "y" }, TEST_ADMIN)).rejects.toThrow(
      INVENTORY_MESSAGES.lotAlreadyRecalled(code),
    );
    // A cancelled order's units of a recalled lot go back to the lot, not to what can be sold.
    await changeOrderStatus(t.db, o3, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("a count moves an available lot's units and the stock with it, with its reason", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 10 }]);
    const [line] = await lineIds(poId);
    await receive(poId, [received(line as number, 10, { lotCode: `COUNT-${ON}` })]);
    const lot = await t.db.selectFrom("lots").select("id").where("code", "=", `COUNT-${ON}`).executeTakeFirstOrThrow();
    await countLot(t.db, lot.id, { counted: 7, reason: "damaged", note: "crushed carton" }, TEST_ADMIN);
    expect(await stockOf(p.id)).toBe(7);
    const detail = await findLot(t.db, lot.id);
    expect(detail?.onHand).toBe(7);
    expect(detail?.adjustments[0]).toMatchObject({ delta: -3, counted: 7, reason: "damaged", note: "crushed carton" });
    // The stock value counts the lot's 7 units at its $4.00; a quarantined lot counts nothing.
    const before = await stockValue(t.db);
    await setLotHold(t.db, lot.id, true, TEST_ADMIN);
    const held = await stockValue(t.db);
    expect(before.valueCents - held.valueCents).toBe(7 * 400);
    expect(before.units - held.units).toBe(7);
    await setLotHold(t.db, lot.id, false, TEST_ADMIN);
  });

  it("keeps stock = units in no lot + available lots through any mix of receiving, selling, cancelling and holds", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant("receive" as const),
              qty: fc.integer({ min: 1, max: 8 }),
              exp: fc.boolean(),
            }),
            fc.record({ kind: fc.constant("order" as const), qty: fc.integer({ min: 1, max: 6 }) }),
            fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
            fc.record({ kind: fc.constant("hold" as const), pick: fc.nat(), on: fc.boolean() }),
          ),
          { minLength: 3, maxLength: 12 },
        ),
        async (steps) => {
          const start = 4;
          const p = await product(start);
          const poId = await sentOrder([{ sku: p.sku, quantity: 1000 }]);
          const [line] = await lineIds(poId);
          const orders: number[] = [];
          const lots: number[] = [];
          let receivedUnits = 0;
          for (const step of steps) {
            if (step.kind === "receive") {
              await receive(poId, [
                received(line as number, step.qty, { expiresOn: step.exp ? `2099-01-0${(lotSeq % 9) + 1}` : null }),
              ]);
              receivedUnits += step.qty;
              const last = await t.db.selectFrom("lots").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
              lots.push(last.id);
            } else if (step.kind === "order") {
              try {
                orders.push(await order(p.id, step.qty));
              } catch (e) {
                if (!(e instanceof OrderRefusedError)) throw e;
              }
            } else if (step.kind === "cancel" && orders.length) {
              const id = orders.splice(step.pick % orders.length, 1)[0] as number;
              await changeOrderStatus(t.db, id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
            } else if (step.kind === "hold" && lots.length) {
              await setLotHold(t.db, lots[step.pick % lots.length] as number, step.on, TEST_ADMIN);
            }
          }
          // Units in no lot: those the product had before lots, less what orders took of them.
          const sold = await t.db
            .selectFrom("order_items")
            .innerJoin("orders", "orders.id", "order_items.order_id")
            .select(sql<number>`coalesce(sum(order_items.quantity), 0)`.as("n"))
            .where("order_items.product_id", "=", p.id)
            .where("orders.status", "<>", "Cancelled")
            .executeTakeFirstOrThrow();
          const fromLots = await t.db
            .selectFrom("order_lots")
            .innerJoin("orders", "orders.id", "order_lots.order_id")
            .select(sql<number>`coalesce(sum(order_lots.quantity), 0)`.as("n"))
            .where("order_lots.product_id", "=", p.id)
            .where("orders.status", "<>", "Cancelled")
            .executeTakeFirstOrThrow();
          const unlotted = start - (Number(sold.n) - Number(fromLots.n));
          expect(unlotted).toBeGreaterThanOrEqual(0);
          expect(await stockOf(p.id)).toBe(unlotted + (await lotted(p.id)));
          // Every unit received is on hand in its lot or on an order.
          const onHand = await t.db
            .selectFrom("lots")
            .select(sql<number>`coalesce(sum(on_hand), 0)`.as("n"))
            .where("product_id", "=", p.id)
            .executeTakeFirstOrThrow();
          expect(Number(onHand.n) + Number(fromLots.n)).toBe(receivedUnits);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("receiving and selling the same variant at the same moment keeps stock exact", async () => {
    const p = await product(5);
    const poId = await sentOrder([{ sku: p.sku, quantity: 1000 }]);
    const [line] = await lineIds(poId);
    let sold = 0;
    let got = 0;
    for (let round = 0; round < 10; round++) {
      const results = await Promise.allSettled([
        order(p.id, 1, round % 2),
        receive(poId, [received(line as number, 2)]),
        order(p.id, 1, (round + 1) % 2),
      ]);
      for (const r of results) {
        if (r.status === "rejected" && !(r.reason instanceof OrderRefusedError)) throw r.reason;
      }
      sold += [results[0], results[2]].filter((r) => r?.status === "fulfilled").length;
      if (results[1]?.status === "fulfilled") got += 2;
    }
    expect(got).toBe(20);
    expect(await stockOf(p.id)).toBe(5 + got - sold);
    expect(await stockOf(p.id)).toBe(5 + 20 - sold);
  });
});

describe(`the overview's stock alerts on ${ON}`, () => {
  it("lists lots expiring within 30 days and products at their reorder point, nothing else", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 20 }]);
    const [line] = await lineIds(poId);
    const today = storeToday();
    const soon = `SOON30-${ON}`;
    const later = `LATER-${ON}`;
    await receive(poId, [
      received(line as number, 4, { lotCode: soon, expiresOn: today }),
      received(line as number, 4, { lotCode: later, expiresOn: "2099-01-01" }),
    ]);
    const codes = (await nearExpiryLots(t.db, today, 1000)).items.map((l) => l.code);
    expect(codes).toContain(soon);
    expect(codes).not.toContain(later);
    await saveSupplierItem(
      t.db,
      supplierId,
      { sku: p.sku, supplierSku: "", unitCostCents: 100, packSize: 1, preferred: true, reorderPoint: 8 },
      TEST_ADMIN,
    );
    const due = (await reorderAlerts(t.db, 1000)).items.find((i) => i.id === p.id);
    expect(due).toMatchObject({ stock: 8, reorderPoint: 8, supplierId });
    await saveSupplierItem(
      t.db,
      supplierId,
      { sku: p.sku, supplierSku: "", unitCostCents: 100, packSize: 1, preferred: true, reorderPoint: 7 },
      TEST_ADMIN,
    );
    expect((await reorderAlerts(t.db, 1000)).items.some((i) => i.id === p.id)).toBe(false);
  });
});

describe(`hemp limits read the lots' lab reports on ${ON}`, () => {
  it("a rule on total THC per container refuses a product while a lot over the limit is on hand", async () => {
    const now = new Date().toISOString();
    const reason = "Hemp products over 0.4 mg total THC per container cannot be sold (federal limit).";
    await t.db
      .insertInto("compliance_rules")
      .values({
        name: "Federal hemp limit",
        scope: JSON.stringify({ categories: ["delta"], minThcMg: 0.4 }),
        states: "[]",
        zips: "[]",
        effective_from: "2026-11-12",
        effective_until: null,
        effect: "block",
        license_type: null,
        reason,
        label: "federal limit",
        enabled: 1,
        example: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const sku = `HEMP-${++n}`;
    const id = await insertProduct(
      t.db,
      { sku, name: `Hemp gummies ${n}`, description: "", priceCents: 1500, stock: 0, category: "delta" },
      [],
    );
    const poId = await sentOrder([{ sku, quantity: 20 }]);
    const [line] = await lineIds(poId);
    const hot = `HOT-${ON}`;
    // 0.3 mg delta-9 + 0.2 mg THCA = 0.5 mg per container: over the limit.
    await receive(poId, [received(line as number, 10, { lotCode: hot, delta9Ug: 300, thcaUg: 200 })]);
    const thc = await t.db
      .selectFrom("product_compliance")
      .select("thc_mg")
      .where("product_id", "=", id)
      .executeTakeFirst();
    expect(Number(thc?.thc_mg)).toBe(0.5);
    await expect(order(id, 1)).rejects.toThrow(reason);
    // The lot is set aside and a compliant one comes in: 0.1 + 0.1 mg.
    const lot = await t.db.selectFrom("lots").select("id").where("code", "=", hot).executeTakeFirstOrThrow();
    await setLotHold(t.db, lot.id, true, TEST_ADMIN);
    await receive(poId, [received(line as number, 10, { lotCode: `OK-${ON}`, delta9Ug: 100, thcaUg: 100 })]);
    const orderId = await order(id, 2);
    expect((await orderLotsOf(t.db, orderId)).get(id)?.map((l) => l.code)).toEqual([`OK-${ON}`]);
    await t.db.updateTable("compliance_rules").set({ enabled: 0 }).where("name", "=", "Federal hemp limit").execute();
  });
});

describe(`gross margin on ${ON}`, () => {
  it("counts units sold from lots at the order's price and the lot's cost, by product and business; units in no lot are left out", async () => {
    const p = await product(2);
    const poId = await sentOrder([{ sku: p.sku, quantity: 10 }]);
    const [line] = await lineIds(poId);
    await receive(poId, [received(line as number, 5)]);
    // 7 units: 5 from the lot (cost $4.00), 2 counted before lots (no cost).
    await order(p.id, 7, 1);
    const day = storeToday();
    const byProduct = await grossMargin(t.db, "product", { from: day, to: day });
    expect(byProduct.rows.find((r) => r.key === String(p.id))).toMatchObject({
      units: 5,
      revenueCents: 5 * 1000,
      costCents: 5 * 400,
      marginCents: 5 * 600,
    });
    const byBusiness = await grossMargin(t.db, "business", { from: day, to: day });
    const shop = byBusiness.rows.find((r) => r.key === buyers[1]?.id);
    expect(shop?.units).toBeGreaterThanOrEqual(5);
    expect(shop?.label).toContain("Shop");
    expect(byBusiness.totals.marginCents).toBe(byBusiness.totals.revenueCents - byBusiness.totals.costCents);
  });
});

describe(`a product's typed stock and its lots on ${ON}`, () => {
  it("refuses a stock typed below the units its lots hold, and takes one above them", async () => {
    const p = await product(3);
    const poId = await sentOrder([{ sku: p.sku, quantity: 10 }]);
    const [line] = await lineIds(poId);
    await receive(poId, [received(line as number, 10)]);
    const row = await t.db.selectFrom("products").selectAll().where("id", "=", p.id).executeTakeFirstOrThrow();
    const changes = {
      name: row.name,
      description: row.description,
      priceCents: row.price_cents,
      category: row.category,
    };
    const opened = { version: row.version, stockSeen: row.stock };
    await expect(
      updateProductWithImages(t.db, p.id, { ...changes, stock: 9 }, { keepKeys: [], uploads: [] }, opened, TEST_ADMIN),
    ).rejects.toThrow(INVENTORY_MESSAGES.stockBelowLots(10));
    expect(await stockOf(p.id)).toBe(13);
    await updateProductWithImages(
      t.db,
      p.id,
      { ...changes, stock: 11 },
      { keepKeys: [], uploads: [] },
      opened,
      TEST_ADMIN,
    );
    expect(await stockOf(p.id)).toBe(11);
  });

  it("a bulk edit or an imported CSV row may not set a stock below the units in lots either", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 8 }]);
    const [line] = await lineIds(poId);
    await receive(poId, [received(line as number, 8)]);
    await expect(bulkUpdateProducts(t.db, [p.id], { stock: 5 }, TEST_ADMIN)).rejects.toThrow(
      INVENTORY_MESSAGES.bulkStockBelowLots(p.sku, 8),
    );
    expect(await stockOf(p.id)).toBe(8);
    const csv = (stock: number) => {
      const read = readProductsCsv(new TextEncoder().encode(`sku,stock\r\n${p.sku},${stock}\r\n`));
      if (!read.ok) throw new Error("unreadable CSV");
      return read;
    };
    const refused = await planImport(t.db, csv(5));
    expect(refused.refused).toEqual([{ row: 2, sku: p.sku, reasons: [INVENTORY_MESSAGES.stockBelowLots(8)] }]);
    const taken = await planImport(t.db, csv(12));
    expect(taken.refused).toEqual([]);
    expect(taken.changed.map((c) => c.sku)).toEqual([p.sku]);
    expect(await bulkUpdateProducts(t.db, [p.id], { stock: 9 }, TEST_ADMIN)).toBe(1);
    expect(await stockOf(p.id)).toBe(9);
  });
});

describe("a product's bin", () => {
  it("is read from the product form in capitals, and refused when it is not a bin", () => {
    expect(productFields.bin.parse(" a-03-2 ")).toBe("A-03-2");
    expect(productFields.bin.parse("")).toBeNull();
    expect(productFields.bin.parse(undefined)).toBeUndefined();
    expect(productFields.bin.safeParse("<b>").error?.issues[0]?.message).toBe(MESSAGES.binFormat);
  });
});

describe(`an admin's order edit and the lab reports received on ${ON}`, () => {
  it("an order edit takes more units first-expiry-first-out and gives fewer back to the lots they came from", async () => {
    const p = await product(0);
    const poId = await sentOrder([{ sku: p.sku, quantity: 20 }]);
    const [line] = await lineIds(poId);
    const early = `EDIT-E-${ON}`;
    const late = `EDIT-L-${ON}`;
    await receive(poId, [
      received(line as number, 5, { lotCode: early, expiresOn: "2098-01-01" }),
      received(line as number, 10, { lotCode: late, expiresOn: "2099-01-01" }),
    ]);
    const id = await order(p.id, 4);
    const [item] = await editableLines(t.db, id);
    await editOrder(t.db, id, { kind: "quantity", lineId: item?.id ?? 0, quantity: 8, seen: 4 }, TEST_ADMIN);
    expect((await orderLotsOf(t.db, id)).get(p.id)?.map((l) => [l.code, l.quantity])).toEqual([
      [early, 5],
      [late, 3],
    ]);
    await editOrder(t.db, id, { kind: "quantity", lineId: item?.id ?? 0, quantity: 2, seen: 8 }, TEST_ADMIN);
    // The 6 units given back leave the later lot first.
    expect((await orderLotsOf(t.db, id)).get(p.id)?.map((l) => [l.code, l.quantity])).toEqual([[early, 2]]);
    expect(await stockOf(p.id)).toBe(13);
    expect(await lotted(p.id)).toBe(13);
  });

  it("keeps a lab report only when it is a PDF: an image or a renamed file is refused and nothing is kept", async () => {
    const pdf = new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "coa.pdf", { type: "application/pdf" });
    const kept = await keepLabReports(new Map([[0, pdf]]));
    expect(kept.get(0)?.type).toBe("application/pdf");
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    for (const bad of [
      new File([png], "coa.pdf", { type: "application/pdf" }),
      new File([Buffer.from("<html>not a report</html>")], "coa.pdf", { type: "application/pdf" }),
    ]) {
      await expect(
        keepLabReports(
          new Map([
            [0, pdf],
            [1, bad],
          ]),
        ),
      ).rejects.toThrow(INVENTORY_MESSAGES.labReportNotPdf);
    }
  });
});
