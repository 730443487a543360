import fs from "node:fs";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, storeToday } from "~/lib/business";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { OWNER_APPROVAL } from "~/lib/orders";
import { CREDIT_HOLD, PREPAID_HOLD } from "~/lib/receivables";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { listAudit } from "../audit/log";
import { saveBusiness } from "../business/profile";
import { insertProduct } from "../catalog/product-writes";
import { findOrderDocument } from "../flows/order-documents";
import { changeOrderStatus, decideApproval, decideHold, recordPaymentAndRelease } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import { runJobsUntilIdle } from "../jobs/run-due";
import { invoicePdf } from "../orders/documents";
import { loadDashboard } from "../reports/dashboard";
import { creditPosition } from "./credit";
import { exportReceivablesCsv } from "./export";
import { nextDocumentNumber } from "./invoices";
import { runInvoiceReminders } from "./mails";
import { PaymentError, recordPayment, voidPayment } from "./payments";
import { setBusinessCredit, setStoreCreditSettings, storeCreditSettings } from "./settings";
import { agingReport, businessAging, ledger, openInvoices, recentPayments } from "./statement";
import { statementPdf } from "./statement-pdf";

/**
 * Paid on account (issue 30) on the database the run is on (SQLite, or PostgreSQL with
 * DATABASE_URL): terms and limits, credit holds, invoice numbers under concurrency, payments
 * applied oldest first or to a chosen invoice, never twice, voids, credit notes and aging.
 */
let t: TestDatabase;
let product: number;
const ADMIN = { id: null, name: "Admin <admin@store.test>" };
let keys = 0;

async function business(email: string, legalName: string) {
  const { id, addressId } = await customerWithAddress(t.db, email, { name: `${legalName} Owner` });
  await saveBusiness(
    t.db,
    id,
    { legalName, dba: null, businessType: "convenience-store", taxPermit: null },
    { id, name: email },
  );
  return { id, addressId };
}

/** An order of `units` at $25 each; its id and status. */
async function order(b: { id: string; addressId: string }, units: number) {
  const { order } = await placeOrder(t.db, {
    userId: b.id,
    idempotencyKey: `k-${++keys}`,
    addressId: b.addressId,
    lines: [{ id: product, quantity: units }],
  });
  return order;
}

async function complete(orderId: number, from = "Processing") {
  await changeOrderStatus(t.db, orderId, { seen: from, next: "Completed" }, ADMIN);
}

async function invoiceOf(orderId: number) {
  return t.db
    .selectFrom("invoices")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("kind", "=", "invoice")
    .executeTakeFirstOrThrow();
}

function pay(businessId: string, amountCents: number, extra: { invoiceId?: number; key?: string } = {}) {
  return recordPayment(
    t.db,
    {
      businessId,
      amountCents,
      method: "check",
      reference: "1001",
      receivedOn: storeToday(),
      invoiceId: extra.invoiceId ?? null,
      idempotencyKey: extra.key ?? `p-${++keys}`,
    },
    ADMIN,
  );
}

beforeAll(async () => {
  t = await setupTestDatabase();
  product = await insertProduct(
    t.db,
    { sku: "AR-1", name: "Account Kratom", description: "", priceCents: 2_500, stock: 10_000, category: "novelty" },
    [],
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe("terms and credit", () => {
  it("the store's defaults apply until the admin sets the business's own, each change audited", async () => {
    const b = await business("terms@ar.test", "Terms Mart");
    expect(await storeCreditSettings(t.db)).toEqual({
      defaultTerms: "net30",
      defaultCreditLimitCents: null,
      pastDueHoldDays: 30,
    });
    expect(await creditPosition(t.db, b.id)).toMatchObject({ terms: "net30", creditLimitCents: null });
    await setStoreCreditSettings(
      t.db,
      { defaultTerms: "net15", defaultCreditLimitCents: 500_00, pastDueHoldDays: 10 },
      ADMIN,
    );
    expect(await creditPosition(t.db, b.id)).toMatchObject({ terms: "net15", creditLimitCents: 500_00 });
    expect(await setBusinessCredit(t.db, b.id, { terms: "net45", creditLimitCents: 2_000_00 }, ADMIN)).toBe(true);
    expect(await creditPosition(t.db, b.id)).toMatchObject({
      terms: "net45",
      creditLimitCents: 2_000_00,
      availableCents: 2_000_00,
    });
    const audit = await listAudit(t.db, { action: "business.credit" });
    expect(audit.items[0]).toMatchObject({ subjectId: b.id });
    expect(audit.items[0]?.after).toEqual({ terms: "net45", creditLimitCents: 2_000_00 });
    // Back to the shape the other tests expect: Net 30, no store-wide limit, 30 days.
    await setStoreCreditSettings(
      t.db,
      { defaultTerms: "net30", defaultCreditLimitCents: null, pastDueHoldDays: 30 },
      ADMIN,
    );
  });
});

describe("credit hold", () => {
  it("an order past the limit waits In Review on credit hold; the admin releases it", async () => {
    const b = await business("limit@ar.test", "Limit Mart");
    await setBusinessCredit(t.db, b.id, { terms: "net30", creditLimitCents: 100_00 }, ADMIN);
    const first = await order(b, 3); // $75: within the limit
    expect(first).toMatchObject({ status: "Processing", holdReason: null });
    expect(await creditPosition(t.db, b.id)).toMatchObject({ uninvoicedCents: 75_00, availableCents: 25_00 });
    const second = await order(b, 2); // $50 more: $125 of $100
    expect(second).toMatchObject({ status: "In Review", holdReason: CREDIT_HOLD });
    await decideHold(t.db, b.id, second.id, true, ADMIN);
    const row = await t.db
      .selectFrom("orders")
      .select(["status", "hold_reason"])
      .where("id", "=", second.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "Processing", hold_reason: null });
    await expect(decideHold(t.db, b.id, second.id, true, ADMIN)).rejects.toThrow(RECEIVABLES.orderNotHeld(second.id));
  });

  it("orders placed at the same moment cannot together pass the limit: one fits, the others wait", async () => {
    const b = await business("race@ar.test", "Race Mart");
    await setBusinessCredit(t.db, b.id, { terms: "net30", creditLimitCents: 100_00 }, ADMIN);
    // Four orders of $75 at once against a $100 limit, each of another product (so no product row
    // puts them in line; on PostgreSQL the business row does): exactly one goes through.
    const products = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        insertProduct(
          t.db,
          { sku: `RACE-${n}`, name: `Race ${n}`, description: "", priceCents: 75_00, stock: 10, category: "novelty" },
          [],
        ),
      ),
    );
    const placed = await Promise.all(
      products.map(async (id) => {
        const { order: o } = await placeOrder(t.db, {
          userId: b.id,
          idempotencyKey: `race-${id}`,
          addressId: b.addressId,
          lines: [{ id, quantity: 1 }],
        });
        return o;
      }),
    );
    expect(placed.filter((o) => o.status === "Processing")).toHaveLength(1);
    expect(placed.filter((o) => o.holdReason === CREDIT_HOLD)).toHaveLength(3);
  });

  it("a buyer's order the owner approves still goes on credit hold when it is over the limit", async () => {
    const b = await business("approve@ar.test", "Approve Mart");
    await setBusinessCredit(t.db, b.id, { terms: "net30", creditLimitCents: 60_00 }, ADMIN);
    const { order: placed } = await placeOrder(t.db, {
      userId: b.id,
      orderLimitCents: 50_00,
      idempotencyKey: `k-${++keys}`,
      addressId: b.addressId,
      lines: [{ id: product, quantity: 3 }], // $75: over the buyer's limit and the credit limit
    });
    expect(placed).toMatchObject({ status: "In Review", holdReason: OWNER_APPROVAL });
    const owner = {
      id: b.id,
      name: "Approve Mart Owner",
      email: "approve@ar.test",
      username: null,
      role: "customer" as const,
      emailVerified: true,
      approved: true,
      accountId: b.id,
      memberRole: "owner" as const,
      orderLimitCents: null,
      actingFor: null,
    };
    await decideApproval(t.db, owner, placed.id, true);
    const row = await t.db
      .selectFrom("orders")
      .select(["status", "hold_reason"])
      .where("id", "=", placed.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "In Review", hold_reason: CREDIT_HOLD });
  });

  it("an invoice more than the store's days past due holds the next order; a prepaid order waits for its payment", async () => {
    const late = await business("late@ar.test", "Late Mart");
    const o = await order(late, 1);
    await complete(o.id);
    // The invoice fell due 31 days ago (the store holds after 30).
    await t.db
      .updateTable("invoices")
      .set({ due_on: addDays(storeToday(), -31) })
      .where("order_id", "=", o.id)
      .execute();
    const held = await order(late, 1);
    expect(held).toMatchObject({ status: "In Review", holdReason: CREDIT_HOLD });

    const pre = await business("prepaid@ar.test", "Prepaid Mart");
    await setBusinessCredit(t.db, pre.id, { terms: "prepaid", creditLimitCents: null }, ADMIN);
    const waiting = await order(pre, 4); // $100
    expect(waiting).toMatchObject({ status: "In Review", holdReason: PREPAID_HOLD });
    // A part payment does not release it; the rest does.
    const part = await recordPaymentAndRelease(
      t.db,
      {
        businessId: pre.id,
        amountCents: 60_00,
        method: "ach",
        reference: null,
        receivedOn: storeToday(),
        idempotencyKey: "pre-1",
      },
      ADMIN,
    );
    expect(part.released).toEqual([]);
    const rest = await recordPaymentAndRelease(
      t.db,
      {
        businessId: pre.id,
        amountCents: 40_00,
        method: "ach",
        reference: null,
        receivedOn: storeToday(),
        idempotencyKey: "pre-2",
      },
      ADMIN,
    );
    expect(rest.released).toEqual([waiting.id]);
    // Delivered: the invoice is paid by the payments on account.
    await complete(waiting.id);
    expect(await invoiceOf(waiting.id)).toMatchObject({ total_cents: 100_00, balance_cents: 0, terms: "prepaid" });
    expect(await creditPosition(t.db, pre.id)).toMatchObject({ balanceCents: 0 });
  });
});

describe("invoices", () => {
  it("a completed order is invoiced once, due by its terms, with its lines as delivered", async () => {
    const b = await business("net@ar.test", "Net Mart");
    await setBusinessCredit(t.db, b.id, { terms: "net15", creditLimitCents: null }, ADMIN);
    const o = await order(b, 2);
    await complete(o.id);
    const invoice = await invoiceOf(o.id);
    expect(invoice).toMatchObject({
      kind: "invoice",
      business_id: b.id,
      terms: "net15",
      issued_on: storeToday(),
      due_on: addDays(storeToday(), 15),
      total_cents: 50_00,
      balance_cents: 50_00,
    });
    const lines = await t.db.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", invoice.id).execute();
    expect(lines).toMatchObject([{ sku: "AR-1", quantity: 2, unit_price_cents: 25_00 }]);
    // Back to Processing: it bills nothing, a credit note pays the invoice (issue 36). Completed
    // again: a new invoice of the whole order. What it billed is its total, once.
    await changeOrderStatus(t.db, o.id, { seen: "Completed", next: "Processing" }, ADMIN);
    await complete(o.id);
    const docs = await t.db
      .selectFrom("invoices")
      .select(["kind", "total_cents", "balance_cents", "memo"])
      .where("order_id", "=", o.id)
      .orderBy("id")
      .execute();
    expect(docs).toEqual([
      { kind: "invoice", total_cents: 50_00, balance_cents: 0, memo: null },
      { kind: "credit", total_cents: 50_00, balance_cents: 0, memo: `Order #${o.id} back to Processing` },
      { kind: "invoice", total_cents: 50_00, balance_cents: 50_00, memo: null },
    ]);
  });

  it("numbers have no gaps: orders completed at once, and a rolled back number", async () => {
    const b = await business("many@ar.test", "Many Mart");
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await order(b, 1));
    const before = await t.db
      .selectFrom("doc_counters")
      .select("value")
      .where("name", "=", "invoice")
      .executeTakeFirstOrThrow();
    // A transaction that takes a number and fails leaves none taken.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await nextDocumentNumber(trx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await Promise.all(orders.map((o) => complete(o.id)));
    const numbers = (
      await t.db
        .selectFrom("invoices")
        .select("number")
        .where(
          "order_id",
          "in",
          orders.map((o) => o.id),
        )
        .execute()
    )
      .map((r) => r.number)
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before.value + 1 + i));
  });

  it("cancelling a completed order issues a credit note that pays its invoice", async () => {
    const b = await business("cancel@ar.test", "Cancel Mart");
    const o = await order(b, 2);
    await complete(o.id);
    await pay(b.id, 20_00);
    await changeOrderStatus(t.db, o.id, { seen: "Completed", next: "Cancelled" }, ADMIN);
    expect(await invoiceOf(o.id)).toMatchObject({ total_cents: 50_00, balance_cents: 0 });
    const note = await t.db
      .selectFrom("invoices")
      .selectAll()
      .where("order_id", "=", o.id)
      .where("kind", "=", "credit")
      .executeTakeFirstOrThrow();
    // $30 of it paid the invoice; $20 (what the payment paid) is left as credit.
    expect(note).toMatchObject({ total_cents: 50_00, balance_cents: 20_00 });
    expect(await creditPosition(t.db, b.id)).toMatchObject({ balanceCents: -20_00 });
  });
});

describe("payments", () => {
  it("apply to the oldest due first; the rest stays as credit for the next invoice; ledger runs to zero", async () => {
    const b = await business("oldest@ar.test", "Oldest Mart");
    const a = await order(b, 2); // $50
    const c = await order(b, 4); // $100
    await complete(a.id);
    await complete(c.id);
    await t.db
      .updateTable("invoices")
      .set({ due_on: addDays(storeToday(), -5) })
      .where("order_id", "=", c.id)
      .execute();
    await pay(b.id, 120_00);
    expect((await invoiceOf(c.id)).balance_cents).toBe(0);
    expect((await invoiceOf(a.id)).balance_cents).toBe(30_00);
    await pay(b.id, 40_00); // $10 more than owed
    expect((await invoiceOf(a.id)).balance_cents).toBe(0);
    expect(await creditPosition(t.db, b.id)).toMatchObject({ balanceCents: -10_00 });
    const d = await order(b, 1);
    await complete(d.id);
    expect((await invoiceOf(d.id)).balance_cents).toBe(15_00);
    const entries = await ledger(t.db, b.id);
    expect(entries.at(-1)?.runningCents).toBe(15_00);
    expect(entries.filter((e) => e.kind === "payment")).toHaveLength(2);
  });

  it("to a chosen invoice: refused beyond its balance, for another business's invoice, or zero", async () => {
    const b = await business("chosen@ar.test", "Chosen Mart");
    const other = await business("other@ar.test", "Other Mart");
    const o = await order(b, 2);
    await complete(o.id);
    const mine = await invoiceOf(o.id);
    await expect(pay(b.id, 50_01, { invoiceId: mine.id })).rejects.toThrow(RECEIVABLES.amountBeyondBalance("$50.00"));
    await expect(pay(other.id, 10_00, { invoiceId: mine.id })).rejects.toThrow(RECEIVABLES.invoiceNotOpen);
    await expect(pay(b.id, 0)).rejects.toBeInstanceOf(PaymentError);
    expect(
      await t.db.selectFrom("payments").select("id").where("business_id", "in", [b.id, other.id]).execute(),
    ).toEqual([]);
    await pay(b.id, 50_00, { invoiceId: mine.id });
    expect((await invoiceOf(o.id)).balance_cents).toBe(0);
  });

  it("a double-submitted payment is recorded once; two payments racing for one invoice pay it once", async () => {
    const b = await business("double@ar.test", "Double Mart");
    const o = await order(b, 4); // $100
    await complete(o.id);
    const results = await Promise.all([pay(b.id, 30_00, { key: "same" }), pay(b.id, 30_00, { key: "same" })]);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await invoiceOf(o.id)).balance_cents).toBe(70_00);
    const invoiceId = (await invoiceOf(o.id)).id;
    const race = await Promise.allSettled([
      pay(b.id, 70_00, { invoiceId, key: "race-a" }),
      pay(b.id, 70_00, { invoiceId, key: "race-b" }),
    ]);
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await invoiceOf(o.id)).balance_cents).toBe(0);
    const payments = await t.db.selectFrom("payments").select("amount_cents").where("business_id", "=", b.id).execute();
    expect(payments.map((p) => p.amount_cents).sort()).toEqual([30_00, 70_00]);
  });

  it("the invoice PDF prints its number, terms, due date, payments and balance", async () => {
    const b = await business("pdf@ar.test", "Pdf Mart");
    await setBusinessCredit(t.db, b.id, { terms: "net30", creditLimitCents: null }, ADMIN);
    const o = await order(b, 4); // $100
    await complete(o.id);
    const { paymentId } = await pay(b.id, 40_00);
    const doc = await findOrderDocument(t.db, o.id, { id: b.id, role: "customer", accountId: b.id });
    const invoice = await invoiceOf(o.id);
    expect(doc?.account).toMatchObject({
      invoices: [
        {
          number: invoice.number,
          terms: "net30",
          dueOn: addDays(storeToday(), 30),
          paid: [{ amountCents: 40_00, label: `Payment ${paymentId} (check 1001)` }],
        },
      ],
      creditNotes: [],
      balanceCents: 60_00,
    });
    const pdf = await getDocumentProxy(new Uint8Array(await invoicePdf(doc as NonNullable<typeof doc>)));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(`Invoice ${invoice.number} · Terms: Net 30`);
    expect(text).toContain(`Due date: ${addDays(storeToday(), 30)}`);
    expect(text).toContain("-$40.00");
    expect(text).toContain("Balance due: $60.00");
  });

  it("a void reopens what the payment paid and is refused twice", async () => {
    const b = await business("void@ar.test", "Void Mart");
    const o = await order(b, 2);
    await complete(o.id);
    const { paymentId } = await pay(b.id, 50_00);
    expect((await invoiceOf(o.id)).balance_cents).toBe(0);
    await voidPayment(t.db, b.id, paymentId, ADMIN);
    expect((await invoiceOf(o.id)).balance_cents).toBe(50_00);
    expect((await recentPayments(t.db)).find((p) => p.id === paymentId)).toMatchObject({
      businessName: "Void Mart",
      amountCents: 50_00,
      void: true,
    });
    await expect(voidPayment(t.db, b.id, paymentId, ADMIN)).rejects.toThrow(RECEIVABLES.paymentNotFound);
    const entries = await ledger(t.db, b.id);
    expect(entries.find((e) => e.kind === "payment")).toMatchObject({ void: true, amountCents: 0 });
    expect(entries.at(-1)?.runningCents).toBe(50_00);
  });
});

describe("aging", () => {
  it("puts open balances in buckets by days past due, with totals", async () => {
    const b = await business("aging@ar.test", "Aging Mart");
    const dues = [5, -1, -20, -45, -75, -120]; // days from today
    // Placed and delivered first: an invoice past due would hold the next order.
    const orders = [];
    for (const _ of dues) orders.push(await order(b, 1));
    for (const [i, days] of dues.entries()) {
      const o = orders[i] as (typeof orders)[number];
      await complete(o.id);
      await t.db
        .updateTable("invoices")
        .set({ due_on: addDays(storeToday(), days) })
        .where("order_id", "=", o.id)
        .execute();
    }
    expect(await businessAging(t.db, b.id)).toEqual({
      current: 25_00,
      "1-30": 50_00,
      "31-60": 25_00,
      "61-90": 25_00,
      "90+": 25_00,
    });
    expect((await openInvoices(t.db, b.id))[0]).toMatchObject({ daysLate: 120 });
    const report = await agingReport(t.db, { sort: "90+" });
    const row = report.rows.find((r) => r.businessId === b.id);
    expect(row).toMatchObject({ name: "Aging Mart", balanceCents: 150_00 });
    expect(report.rows[0]?.buckets["90+"]).toBeGreaterThanOrEqual(25_00);
    expect(report.totals.balance).toBe(report.rows.reduce((s, r) => s + r.balanceCents, 0));
    // The admin's overview shows the same money owed, by bucket (issue 32).
    const overview = await loadDashboard(t.db);
    expect(overview.owed.balanceCents).toBe(report.totals.balance);
    expect(overview.owed.buckets["90+"]).toBe(report.totals["90+"]);
  });
});

describe("amounts typed by the admin", () => {
  it("are cents with at most two decimals, never signed, never beyond $10,000,000", async () => {
    const { parseDollars } = await import("~/lib/receivables");
    expect(parseDollars("1,250.5")).toBe(125_050);
    expect(parseDollars("$40")).toBe(4_000);
    expect(parseDollars("0")).toBe(0);
    for (const bad of ["12.345", "-5", "1e3", "", "abc", "10000000.01", "99999999999"])
      expect(parseDollars(bad)).toBeNull();
    expect(parseDollars("10000000")).toBe(1_000_000_000);
  });
});

describe("mails", () => {
  it("the owners get the invoice when it is issued and a receipt for each payment, through the outbox", async () => {
    const b = await business("mail@ar.test", "Mail Mart");
    const o = await order(b, 2);
    await complete(o.id);
    const invoice = await invoiceOf(o.id);
    await pay(b.id, 20_00);
    await runJobsUntilIdle({ db: t.db });
    const dir = path.join(t.dataDir, "outbox");
    const mails = fs
      .readdirSync(dir)
      .map(
        (f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; subject: string; text: string },
      )
      .filter((m) => m.to === "mail@ar.test");
    const issued = mails.find((m) => m.subject === RECEIVABLES.invoiceMailSubject(invoice.number, o.id));
    expect(issued?.text).toContain(RECEIVABLES.invoiceMailBody(invoice.number, "$50.00", invoice.due_on));
    const receipt = mails.find((m) => m.subject === RECEIVABLES.receiptMailSubject("$20.00"));
    expect(receipt?.text).toContain(RECEIVABLES.receiptMailBody("$20.00", storeToday()));
  });
});

describe("reminders", () => {
  it("an invoice falling due in three days is recalled once, a past-due one noticed once", async () => {
    const b = await business("remind@ar.test", "Remind Mart");
    const soon = await order(b, 1);
    const late = await order(b, 2);
    const later = await order(b, 1);
    for (const o of [soon, late, later]) await complete(o.id);
    const setDue = (orderId: number, days: number) =>
      t.db
        .updateTable("invoices")
        .set({ due_on: addDays(storeToday(), days) })
        .where("order_id", "=", orderId)
        .execute();
    await setDue(soon.id, 3);
    await setDue(late.id, -2);
    await setDue(later.id, 10);
    const first = await runInvoiceReminders(t.db);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(await runInvoiceReminders(t.db)).toBe(0);
    await runJobsUntilIdle({ db: t.db });
    const dir = path.join(t.dataDir, "outbox");
    const subjects = fs
      .readdirSync(dir)
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; subject: string })
      .filter((m) => m.to === "remind@ar.test")
      .map((m) => m.subject);
    const [s, l, n] = await Promise.all([invoiceOf(soon.id), invoiceOf(late.id), invoiceOf(later.id)]);
    expect(subjects).toContain(RECEIVABLES.reminderMailSubject(s.number, s.due_on));
    expect(subjects).toContain(RECEIVABLES.pastDueMailSubject(l.number));
    expect(subjects.filter((x) => x.includes(`Invoice ${n.number} `))).toEqual([
      RECEIVABLES.invoiceMailSubject(n.number, later.id),
    ]);
  });
});

describe("the accountant's files", () => {
  it("invoices by line, payments and credit notes of a range of days, QuickBooks Online's columns", async () => {
    const b = await business("csv@ar.test", "=Csv, Mart");
    const o = await order(b, 2);
    await complete(o.id);
    const invoice = await invoiceOf(o.id);
    await pay(b.id, 12_34, { key: "csv-pay" });
    const today = storeToday();
    const us = `${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`;
    const invoices = await exportReceivablesCsv(t.db, "invoices", { from: today, to: today });
    expect(invoices.split("\r\n")[0]).toBe(
      "InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount",
    );
    // The business's name would run as a formula and holds a comma: neutralized and quoted.
    expect(invoices).toContain(`${invoice.number},"'=Csv, Mart",${us},`);
    expect(invoices).toContain(",Net 30,AR-1,Account Kratom,2,25.00,50.00\r\n");
    const payments = await exportReceivablesCsv(t.db, "payments", { from: today, to: today });
    expect(payments).toContain(`${us},"'=Csv, Mart",Check,1001,12.34,No\r\n`);
    const earlier = await exportReceivablesCsv(t.db, "invoices", { from: "2000-01-01", to: "2000-01-02" });
    expect(earlier.split("\r\n").filter(Boolean)).toHaveLength(1);
    await changeOrderStatus(t.db, o.id, { seen: "Completed", next: "Cancelled" }, ADMIN);
    const credits = await exportReceivablesCsv(t.db, "credit-notes", { from: today, to: today });
    expect(credits).toContain(`,"'=Csv, Mart",${us},Order #${o.id} cancelled,50.00\r\n`);
  });
});

describe("the statement PDF", () => {
  it("brings the balance forward, lists the range with a running balance, and ages what is open", async () => {
    const b = await business("stmt@ar.test", "Statement Mart");
    const o = await order(b, 4); // $100
    await complete(o.id);
    const invoice = await invoiceOf(o.id);
    await recordPayment(
      t.db,
      {
        businessId: b.id,
        amountCents: 30_00,
        method: "ach",
        reference: "W-9",
        receivedOn: storeToday(),
        idempotencyKey: "stmt-1",
      },
      ADMIN,
    );
    const entries = await ledger(t.db, b.id);
    const bytes = await statementPdf({
      businessName: "Statement Mart",
      from: storeToday(),
      to: storeToday(),
      entries,
      aging: await businessAging(t.db, b.id),
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain("Statement · Statement Mart");
    expect(text).toContain("Balance brought forward");
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain("-$30.00");
    expect(text).toContain("$70.00");
    expect(text).toContain("Current: $70.00");
    // A later range brings the $70.00 forward and lists nothing else.
    const later = await statementPdf({
      businessName: "Statement Mart",
      from: addDays(storeToday(), 1),
      to: addDays(storeToday(), 2),
      entries,
      aging: await businessAging(t.db, b.id),
    });
    const laterText = (await extractText(await getDocumentProxy(new Uint8Array(later)), { mergePages: true })).text;
    expect(laterText).not.toContain(`Invoice ${invoice.number}`);
    expect(laterText).toMatch(/Balance brought forward\s*\$70\.00/);
  });
});
