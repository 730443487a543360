import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import type { Viewer } from "~/.server/accounts/viewer";
import { saveBusiness } from "~/.server/business/profile";
import { createPriceGroup } from "~/.server/pricing/groups";
import { storeToday } from "~/lib/business";
import { FIRST_DAY, lastDayOfNextYear } from "~/lib/calendar-days";
import * as MESSAGES from "~/lib/messages";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import * as RECEIVABLES from "~/lib/messages/receivables";
import * as VOLUME_MESSAGES from "~/lib/messages/volume-prices";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { postTo, replyOf, viewerFor } from "../../../tests/support/route-call";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { action as teamAction } from "../account/team";
import { action as complianceAction } from "./compliance";
import { action as priceGroupsAction } from "./price-groups";
import { action as productNewAction } from "./product-new";
import { action as productsAction } from "./products";
import { action as receivablesAction } from "./receivables";
import { action as businessReceivablesAction } from "./receivables-business";
import { action as pactFilingsAction } from "./reports-pact-filings";
import { action as taxesAction } from "./taxes";

/**
 * Every back-office form that takes money or a day, posted the amounts and days issue 36 found
 * misread (1,00 as $100.00, 12,50 as $1,250.00, 1,0,0 as $100.00; 2026-02-30, 2025-04-31,
 * 0000-01-01 and 0001-01-01 as days): each action refuses them with the field's own message and
 * changes nothing; amounts written the one way are read to the right cents. On the database the
 * run is on (SQLite, or PostgreSQL with DATABASE_URL).
 */
let t: TestDatabase;
let admin: Viewer;
let shopId: string;

const BAD_AMOUNTS = ["1,00", "12,50", "1,0,0"];
const BAD_DAYS = ["2026-02-30", "2025-04-31", "0000-01-01", "0001-01-01"];
/** The message of a day field that takes 2000-01-01 to the end of next year. */
const dayMessage = (field: string) => FORM_MESSAGES.dayFormat(field, FIRST_DAY, lastDayOfNextYear());
/** The message of a day field that takes no day after today. */
const pastDayMessage = (field: string) => FORM_MESSAGES.dayFormat(field, FIRST_DAY, storeToday());

type Action = (args: never) => Promise<unknown>;

/** Posts to an action as the admin (or `viewer`); what it answered. */
async function post(
  action: Action,
  path: string,
  fields: Record<string, string | string[]>,
  options: { params?: Record<string, string>; viewer?: Viewer } = {},
) {
  const call = postTo(path, fields, options.viewer ?? admin);
  return replyOf(await action({ ...call, params: options.params ?? {} } as never));
}

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, {
    email: "strict@admin.test",
    name: "Strict Admin",
    role: "admin",
    password: "strict-pass-1234",
  });
  const row = await t.db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("email", "=", "strict@admin.test")
    .executeTakeFirstOrThrow();
  admin = viewerFor(row, "admin");
  shopId = (await customerWithAddress(t.db, "strict@shop.test", { name: "Strict Shop Owner" })).id;
  await saveBusiness(
    t.db,
    shopId,
    { legalName: "Strict Shop LLC", dba: null, businessType: "convenience-store", taxPermit: null },
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe(`money and days in the back office's forms on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  const payment = (fields: Record<string, string>) =>
    post(
      businessReceivablesAction,
      `/admin/receivables/${shopId}`,
      {
        intent: "payment",
        amount: "125.50",
        method: "check",
        reference: "1001",
        receivedOn: storeToday(),
        idempotencyKey: crypto.randomUUID(),
        ...fields,
      },
      { params: { businessId: shopId } },
    );
  const payments = () => t.db.selectFrom("payments").select(["amount_cents", "received_on"]).execute();

  it("a payment: refuses the misread amounts and days beside their fields, records nothing; 1,234.56 is $1,234.56", async () => {
    for (const amount of BAD_AMOUNTS) {
      const { status, reply } = await payment({ amount });
      expect(status, amount).toBe(400);
      expect(reply.fieldErrors, amount).toEqual({ amount: FORM_MESSAGES.amountFormat("amount") });
      expect(reply.values, amount).toMatchObject({ amount });
    }
    for (const receivedOn of BAD_DAYS) {
      const { status, reply } = await payment({ receivedOn });
      expect(status, receivedOn).toBe(400);
      expect(reply.fieldErrors, receivedOn).toEqual({ receivedOn: pastDayMessage("received date") });
    }
    expect((await payment({ amount: "0" })).reply.fieldErrors).toEqual({
      amount: FORM_MESSAGES.amountAboveZero("amount"),
    });
    expect((await payment({ method: "barter" })).reply.fieldErrors).toEqual({ method: RECEIVABLES.methodRequired });
    expect((await payment({ idempotencyKey: "short" })).reply).toMatchObject({
      ok: false,
      message: RECEIVABLES.paymentNotFound,
    });
    expect(await payments()).toEqual([]);

    const { reply } = await payment({ amount: "1,234.56", receivedOn: "2026-02-28" });
    expect(reply).toMatchObject({ ok: true, message: RECEIVABLES.paymentRecorded("$1,234.56") });
    expect(await payments()).toEqual([{ amount_cents: 123_456, received_on: "2026-02-28" }]);
  });

  it("a business's credit limit: refuses the misread amounts and unknown terms, changes nothing; 2,500 is $2,500.00", async () => {
    const credit = (fields: Record<string, string>) =>
      post(
        businessReceivablesAction,
        `/admin/receivables/${shopId}`,
        { intent: "credit", terms: "net30", ...fields },
        {
          params: { businessId: shopId },
        },
      );
    const stored = () =>
      t.db
        .selectFrom("businesses")
        .select(["terms", "credit_limit_cents"])
        .where("user_id", "=", shopId)
        .executeTakeFirstOrThrow();
    for (const creditLimit of BAD_AMOUNTS) {
      const { status, reply } = await credit({ creditLimit });
      expect(status, creditLimit).toBe(400);
      expect(reply.fieldErrors, creditLimit).toEqual({
        creditLimit: FORM_MESSAGES.optionalAmountFormat("credit limit"),
      });
    }
    expect((await credit({ terms: "net999", creditLimit: "" })).reply.fieldErrors).toEqual({
      terms: RECEIVABLES.termsRequired,
    });
    expect(await stored()).toEqual({ terms: null, credit_limit_cents: null });
    expect((await credit({ creditLimit: "2,500" })).reply.ok).toBe(true);
    expect(await stored()).toEqual({ terms: "net30", credit_limit_cents: 250_000 });
    expect((await credit({ terms: "", creditLimit: "" })).reply.ok).toBe(true);
    expect(await stored()).toEqual({ terms: null, credit_limit_cents: null });
  });

  it("the store's terms and credit: refuses a misread default credit limit and days that are not a count", async () => {
    const settings = (fields: Record<string, string>) =>
      post(receivablesAction, "/admin/receivables", {
        defaultTerms: "net15",
        defaultCreditLimit: "",
        pastDueHoldDays: "30",
        ...fields,
      });
    const stored = () => t.db.selectFrom("store_settings").select(["name", "value"]).orderBy("name").execute();
    for (const defaultCreditLimit of BAD_AMOUNTS) {
      const { status, reply } = await settings({ defaultCreditLimit });
      expect(status, defaultCreditLimit).toBe(400);
      expect(reply.fieldErrors, defaultCreditLimit).toEqual({
        defaultCreditLimit: FORM_MESSAGES.optionalAmountFormat("default credit limit"),
      });
    }
    for (const pastDueHoldDays of ["366", "1,0", "-1", ""])
      expect((await settings({ pastDueHoldDays })).reply.fieldErrors, pastDueHoldDays).toEqual({
        pastDueHoldDays: RECEIVABLES.pastDueDaysFormat,
      });
    expect(await stored()).toEqual([]);
    expect((await settings({ defaultCreditLimit: "$10,000.00" })).reply.ok).toBe(true);
    expect(await stored()).toContainEqual({ name: "default_credit_limit_cents", value: "1000000" });
  });

  it("a product's price and its quantity breaks, new or in bulk", async () => {
    const product = { name: "Strict Glass", quantity: "5", category: "glass", price: "12.50", sku: "STRICT-1" };
    const products = async () => (await t.db.selectFrom("products").select("id").execute()).length;
    const before = await products();
    for (const price of BAD_AMOUNTS) {
      const { status, reply } = await post(productNewAction, "/admin/products/new", { ...product, price });
      expect(status, price).toBe(400);
      expect(reply.fieldErrors?.price, price).toBe(FORM_MESSAGES.priceFormat);
    }
    const tiers = await post(productNewAction, "/admin/products/new", { ...product, tiers: "12, 1,00" });
    expect(tiers.reply.fieldErrors?.tiers).toBe(VOLUME_MESSAGES.tierPriceInvalid(1, "$1,000,000.00"));
    for (const price of BAD_AMOUNTS) {
      const { reply } = await post(productsAction, "/admin/products", { intent: "bulk", ids: ["1"], price });
      expect(reply.fieldErrors, price).toEqual({ price: FORM_MESSAGES.amountFormat("price") });
    }
    expect(await products()).toBe(before);
  });

  it("a price group's prices", async () => {
    const groupId = await createPriceGroup(
      t.db,
      { name: "Strict group", kind: "explicit", percentOffBp: 0 },
      TEST_ADMIN,
    );
    for (const price of BAD_AMOUNTS) {
      const { status, reply } = await post(priceGroupsAction, "/admin/price-groups", {
        intent: "prices",
        groupId: String(groupId),
        prices: `STRICT-1, ${price}`,
      });
      expect(status, price).toBe(400);
      expect(reply.fieldErrors, price).toEqual({ prices: MESSAGES.groupPriceInvalid(1) });
    }
    expect(await t.db.selectFrom("price_group_prices").select("group_id").execute()).toEqual([]);
  });

  it("a tax rule's days", async () => {
    const rule = {
      intent: "save",
      name: "Strict vapor tax",
      state: "LA",
      all: "on",
      method: "per-ml",
      rate: "0.15",
      effectiveFrom: "2025-01-01",
      owedBy: "store",
      wording: "Louisiana vapor products tax",
    };
    for (const day of BAD_DAYS) {
      for (const [field, name] of [
        ["effectiveFrom", "effective date"],
        ["effectiveUntil", "last day"],
        ["sourceDate", "source date"],
      ] as const) {
        const { status, reply } = await post(taxesAction, "/admin/taxes", { ...rule, [field]: day });
        expect(status, `${field} ${day}`).toBe(400);
        expect(reply.fieldErrors, `${field} ${day}`).toEqual({ [field]: dayMessage(name) });
      }
    }
    expect(await t.db.selectFrom("excise_rules").select("id").execute()).toEqual([]);
  });

  it("a compliance rule's days and the sale test's day", async () => {
    const rule = {
      intent: "save",
      name: "Strict kratom ban",
      classes: "kratom",
      states: "IN",
      effectiveFrom: "2025-01-01",
      effect: "block",
      reason: "Kratom cannot be shipped to Indiana.",
      label: "state ban",
    };
    for (const day of BAD_DAYS) {
      for (const [field, name] of [
        ["effectiveFrom", "effective date"],
        ["effectiveUntil", "last day"],
      ] as const) {
        const { status, reply } = await post(complianceAction, "/admin/compliance", { ...rule, [field]: day });
        expect(status, `${field} ${day}`).toBe(400);
        expect(reply.fieldErrors, `${field} ${day}`).toEqual({ [field]: dayMessage(name) });
      }
      const test = await post(complianceAction, "/admin/compliance", {
        intent: "test",
        product: "STRICT-1",
        state: "TX",
        date: day,
      });
      expect(test.reply.fieldErrors?.date, day).toBe(dayMessage("sale date"));
    }
    expect(await t.db.selectFrom("compliance_rules").select("id").execute()).toEqual([]);
  });

  it("a PACT filing's day", async () => {
    for (const filedOn of BAD_DAYS) {
      const { status, reply } = await post(pactFilingsAction, "/admin/reports/pact/filings", {
        state: "TX",
        month: "2026-01",
        filedOn,
      });
      expect(status, filedOn).toBe(400);
      expect(reply.fieldErrors, filedOn).toEqual({ filedOn: pastDayMessage("filing date") });
    }
    expect(await t.db.selectFrom("pact_filings").select("state").execute()).toEqual([]);
  });

  it("a buyer's order limit, on the owner's team page", async () => {
    const owner = viewerFor({ id: shopId, name: "Strict Shop Owner", email: "strict@shop.test" }, "customer");
    for (const limit of BAD_AMOUNTS) {
      const { status, reply } = await post(
        teamAction,
        "/account/team",
        { intent: "limit", memberId: "someone", limit },
        { viewer: owner },
      );
      expect(status, limit).toBe(400);
      expect(reply.message, limit).toBe(FORM_MESSAGES.optionalAmountFormat("order limit"));
    }
  });
});
