import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { placeOrder } from "~/.server/flows/place-order";
import { taxRuleSchema } from "~/lib/schemas/excise";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { listReps, setSalesRep } from "../business/reps";
import { pactCsv, pactShipments } from "../compliance/pact";
import { getOverviewFigures } from "../reports/overview";
import { filingCalendar } from "./pact-filings";
import { exciseReport } from "./report";
import { createExciseRule } from "./rules";

/**
 * Months and days are the store's (Dallas, America/Chicago), never UTC's (issue 37): an order
 * placed in Dallas on a month's last evening is that month's in the excise report, the PACT
 * report and its CSV, the PACT filing calendar and the reps' month; the overview's "today" starts
 * at Dallas midnight, on the days the clocks change too. On the database of the run.
 */
let t: TestDatabase;
let repId: string;

/** Placed by the rep, for Louisiana (out of state: a PACT shipment, taxed per ml), at `createdAt`. */
const ORDERS = {
  // Nov 30, 23:30 CST in Dallas: already Dec 1 in UTC.
  novemberLastEvening: { at: "2026-12-01T05:30:00.000Z", quantity: 1 },
  // Dec 1, 00:30 CST: December in both.
  decemberFirstMinutes: { at: "2026-12-01T06:30:00.000Z", quantity: 2 },
  // Mar 31, 23:30 CDT (summer time): already Apr 1 in UTC.
  marchLastEvening: { at: "2026-04-01T04:30:00.000Z", quantity: 4 },
  // Nov 1, 00:30 CDT, the day the clocks go back (Dallas midnight was 05:00 UTC that day).
  novemberFirstMinutes: { at: "2026-11-01T05:30:00.000Z", quantity: 8 },
} as const;

beforeAll(async () => {
  t = await setupTestDatabase();
  const la = await customerWithAddress(t.db, "la-months@test.invalid", {
    state: "LA",
    zip: "70112",
    city: "New Orleans",
  });
  await ensureAccount(t.db, { email: "rep-months@test.invalid", name: "Mo Rep", role: "customer" });
  await setSalesRep(t.db, "rep-months@test.invalid", true, TEST_ADMIN);
  repId = (
    await t.db.selectFrom("users").select("id").where("email", "=", "rep-months@test.invalid").executeTakeFirstOrThrow()
  ).id;
  const id = await insertProduct(
    t.db,
    { sku: "MO-1", name: "Month vape", description: "", priceCents: 1_000, stock: 1_000, category: "disposable-vapes" },
    [],
  );
  await saveProductCompliance(
    t.db,
    id,
    {
      brand: "Month Brand",
      productClass: "nicotine-vape",
      flavorClass: "tobacco",
      nicotineMgMl: 50,
      country: "US",
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
      mlPerUnit: 10,
      cartridgesPerUnit: 1,
      vapeSystem: "closed",
      containsNicotine: true,
    },
    TEST_ADMIN,
  );
  await createExciseRule(
    t.db,
    taxRuleSchema.parse({
      name: "LA per ml",
      state: "LA",
      method: "per-ml",
      rate: "0.15",
      effectiveFrom: "2025-01-01",
      owedBy: "store",
      classes: "nicotine-vape",
      wording: "Louisiana vapor tax",
    }),
    TEST_ADMIN,
  );
  for (const { at, quantity } of Object.values(ORDERS)) {
    const { order } = await placeOrder(t.db, {
      userId: la.id,
      placedBy: { id: repId, name: "Mo Rep for the LA shop" },
      confirmTo: la.id,
      idempotencyKey: crypto.randomUUID(),
      addressId: la.addressId,
      lines: [{ id, quantity }],
    });
    await t.db.updateTable("orders").set({ created_at: at }).where("id", "=", order.id).execute();
  }
});

afterAll(async () => {
  await t.cleanup();
});

const units = (states: { total: { units: number } }[]) => states.reduce((sum, s) => sum + s.total.units, 0);

describe(`store months on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("puts an order of a month's last evening in Dallas in that month's excise report", async () => {
    const { novemberLastEvening, decemberFirstMinutes, marchLastEvening, novemberFirstMinutes } = ORDERS;
    expect(units(await exciseReport(t.db, "2026-11"))).toBe(
      novemberLastEvening.quantity + novemberFirstMinutes.quantity,
    );
    expect(units(await exciseReport(t.db, "2026-12"))).toBe(decemberFirstMinutes.quantity);
    expect(units(await exciseReport(t.db, "2026-03"))).toBe(marchLastEvening.quantity);
    expect(units(await exciseReport(t.db, "2026-04"))).toBe(0);
    expect(units(await exciseReport(t.db, "2026-10"))).toBe(0);
  });

  it("puts it in that month's PACT report, dated by the Dallas day, and in that month's filing", async () => {
    const november = await pactShipments(t.db, "2026-11");
    expect(november.map((s) => [s.orderDate, s.quantity])).toEqual([
      ["2026-11-01", ORDERS.novemberFirstMinutes.quantity],
      ["2026-11-30", ORDERS.novemberLastEvening.quantity],
    ]);
    expect((await pactShipments(t.db, "2026-12")).map((s) => [s.orderDate, s.quantity])).toEqual([
      ["2026-12-01", ORDERS.decemberFirstMinutes.quantity],
    ]);
    expect((await pactShipments(t.db, "2026-03")).map((s) => s.orderDate)).toEqual(["2026-03-31"]);
    expect(await pactShipments(t.db, "2026-04")).toEqual([]);
    const csv = parse(pactCsv(november), { columns: true }) as Record<string, string>[];
    expect(csv.map((r) => r["Order date"])).toEqual(["2026-11-01", "2026-11-30"]);
    const calendar = await filingCalendar(t.db, "2026-12-05");
    expect(calendar.map((f) => [f.month, f.state, f.units, f.status])).toEqual([
      ["2026-12", "LA", ORDERS.decemberFirstMinutes.quantity, "in-progress"],
      ["2026-11", "LA", ORDERS.novemberLastEvening.quantity + ORDERS.novemberFirstMinutes.quantity, "due"],
    ]);
  });

  it("counts a rep's month from Dallas midnight of its first day", async () => {
    const [december] = await listReps(t.db, "2026-12-01");
    expect(december).toMatchObject({ id: repId, ordersThisMonth: 1 });
  });

  it("starts the overview's today at Dallas midnight, also on the day the clocks go back", async () => {
    // 11:00 CST on Nov 1: the day began at 00:00 CDT (05:00 UTC), 12 hours earlier, not 11.
    const figures = await getOverviewFigures(t.db, new Date("2026-11-01T17:00:00.000Z"));
    // Today's order (00:30 CDT), and the later ones of the test (November's last evening, December's).
    expect(figures.ordersToday).toBe(3);
    // 07:00 CST on Dec 1: only December's order; November's last evening was yesterday.
    expect((await getOverviewFigures(t.db, new Date("2026-12-01T13:00:00.000Z"))).ordersToday).toBe(1);
  });
});
