import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { placeOrder } from "~/.server/flows/place-order";
import { storeToday } from "~/lib/business";
import { FIRST_DAY } from "~/lib/calendar-days";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { pactFilingSchema } from "~/lib/schemas/excise";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { pactCsv } from "../compliance/pact";
import {
  dueDateOf,
  filingCalendar,
  filingStatus,
  markPactFiled,
  PactFilingError,
  remindOpenFilings,
} from "./pact-filings";

let t: TestDatabase;
const TODAY = "2026-11-05";

beforeAll(async () => {
  t = await setupTestDatabase();
  const buyer = await customerWithAddress(t.db, "pact-filer@test.invalid", {
    state: "OK",
    zip: "73102",
    city: "Oklahoma City",
  });
  const id = await insertProduct(
    t.db,
    { sku: "PF-1", name: "Filing vape", description: "", priceCents: 1000, stock: 100, category: "disposable-vapes" },
    [],
  );
  await saveProductCompliance(
    t.db,
    id,
    {
      brand: "Filer",
      productClass: "nicotine-vape",
      flavorClass: "tobacco",
      nicotineMgMl: null,
      country: "US",
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
    },
    TEST_ADMIN,
  );
  for (const createdAt of ["2026-10-15T15:00:00.000Z", "2026-09-20T15:00:00.000Z", "2026-11-02T15:00:00.000Z"]) {
    const { order } = await placeOrder(t.db, {
      userId: buyer.id,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyer.addressId,
      lines: [{ id, quantity: 2 }],
    });
    await t.db.updateTable("orders").set({ created_at: createdAt }).where("id", "=", order.id).execute();
  }
});

afterAll(async () => {
  await t.cleanup();
});

describe(`PACT filing calendar on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("is due by the 10th of the next month, overdue after, in progress while the month runs", () => {
    expect(dueDateOf("2026-12")).toBe("2027-01-10");
    expect(filingStatus("2026-10", "2026-11-10", false)).toBe("due");
    expect(filingStatus("2026-10", "2026-11-11", false)).toBe("overdue");
    expect(filingStatus("2026-11", "2026-11-11", false)).toBe("in-progress");
    expect(filingStatus("2026-10", "2026-11-11", true)).toBe("filed");
  });

  it("lists each month's states with shipments, marks one filed once, and refuses a month still running", async () => {
    const calendar = await filingCalendar(t.db, TODAY);
    expect(calendar.map((f) => [f.month, f.state, f.units, f.status])).toEqual([
      ["2026-11", "OK", 2, "in-progress"],
      ["2026-10", "OK", 2, "due"],
      ["2026-09", "OK", 2, "overdue"],
    ]);
    const input = pactFilingSchema.parse({
      state: "ok",
      month: "2026-10",
      filedOn: "2026-11-04",
      note: "Filed online",
    });
    await markPactFiled(t.db, input, TEST_ADMIN, TODAY);
    const after = await filingCalendar(t.db, TODAY);
    expect(after.find((f) => f.month === "2026-10")).toMatchObject({
      status: "filed",
      filedOn: "2026-11-04",
      filedBy: TEST_ADMIN.name,
      note: "Filed online",
    });
    await expect(markPactFiled(t.db, input, TEST_ADMIN, TODAY)).rejects.toThrow(EXCISE_MESSAGES.pactFilingAlready);
    await expect(markPactFiled(t.db, { ...input, month: "2026-11" }, TEST_ADMIN, TODAY)).rejects.toBeInstanceOf(
      PactFilingError,
    );
    await expect(
      markPactFiled(t.db, { ...input, month: "2026-09", filedOn: "2026-11-06" }, TEST_ADMIN, TODAY),
    ).rejects.toThrow(EXCISE_MESSAGES.pactFilingDateFormat);
    expect(
      pactFilingSchema.safeParse({ state: "ZZ", month: "2026-13", filedOn: "x" }).error?.issues.map((i) => i.message),
    ).toEqual([
      EXCISE_MESSAGES.pactFilingUnknown,
      EXCISE_MESSAGES.pactFilingUnknown,
      FORM_MESSAGES.dayFormat("filing date", FIRST_DAY, storeToday()),
    ]);
  });

  it("mails the admins on the 5th about the filings still open, once a month", async () => {
    expect(await remindOpenFilings(t.db, "2026-11-04")).toBe(false);
    expect(await remindOpenFilings(t.db, TODAY)).toBe(true);
    expect(await remindOpenFilings(t.db, TODAY)).toBe(false);
    const mails = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("unique_key", "=", "pact-reminder:2026-11")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toContain("Oklahoma · 2026-09 · due 2026-10-10 (overdue)");
    expect(mails[0]?.payload).not.toContain("2026-10 · due");
  });

  it("organizes a state's file by city and ZIP", () => {
    const row = (orderId: number, city: string, zip: string) => ({
      orderId,
      orderDate: "2026-10-01",
      recipient: "Shop",
      street: "1 Main St",
      city,
      state: "OK",
      zip,
      phone: "",
      brand: "B",
      product: "P",
      sku: "S",
      quantity: 1,
      carrier: "",
      tracking: "",
    });
    const rows = parse(
      pactCsv([row(1, "Tulsa", "74103"), row(2, "Norman", "73069"), row(3, "Tulsa", "74101")]),
    ) as string[][];
    expect(rows.slice(1).map((r) => r[3])).toEqual(["2", "3", "1"]);
  });
});
