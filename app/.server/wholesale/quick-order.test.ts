import type { Kysely, KyselyPlugin } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { enterLines, MAX_QUICK_ORDER_LINES, type QuickOrderLine, readPaste } from "~/lib/quick-order";
import { GROUP_ACCESS, policyOf } from "~/lib/route-policy";
import { ruleSchema } from "~/lib/schemas/compliance";
import { priceGroupSchema } from "~/lib/schemas/price-groups";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { ROUTES } from "../../../tests/support/route-table";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { getAuth } from "../accounts/auth";
import { authBool } from "../accounts/auth-columns";
import { getViewer, type Viewer } from "../accounts/viewer";
import { insertProduct } from "../catalog/product-writes";
import { saveProductCompliance } from "../compliance/facts";
import { createRule } from "../compliance/rules";
import type { DB } from "../db/schema";
import { assignCustomer, createPriceGroup, setGroupPrices } from "../pricing/groups";
import { replaceTiers } from "../pricing/tiers";
import { enforceAccess } from "../request/access";
import { requestInfoContext, viewerContext } from "../request/context";
import { checkQuickOrder, resolveQuickOrder, suggestCodes, suggestQuantity } from "./quick-order";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

let t: TestDatabase;
let volume: string;
let distributor: string;
let retail: string;
const ids: Record<string, number> = {};

async function customer(email: string, state = "TX", zip = "75201"): Promise<string> {
  const made = await customerWithAddress(t.db, email, {
    password: "pw-secret-1234",
    businessName: `${email} store`,
    city: "Town",
    state,
    zip,
  });
  return made.id;
}

async function product(
  key: string,
  input: { priceCents: number; stock: number; casePack?: number; minQuantity?: number; maxQuantity?: number },
  facts: { upc?: string; productClass?: "kratom" } = {},
): Promise<void> {
  ids[key] = await insertProduct(
    t.db,
    { sku: key, name: `${key} product`, description: "", category: "novelty", ...input },
    [],
  );
  if (facts.upc || facts.productClass) {
    await saveProductCompliance(
      t.db,
      ids[key] as number,
      {
        brand: null,
        productClass: facts.productClass ?? null,
        flavorClass: null,
        nicotineMgMl: null,
        country: null,
        upc: facts.upc ?? null,
        thcMg: null,
        sevenOhPercent: null,
      },
      TEST_ADMIN,
    );
  }
}

/** A database handle that counts the statements run through it. */
function counting(db: Kysely<DB>): { db: Kysely<DB>; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => n };
}

async function check(userId: string, paste: string): Promise<QuickOrderLine[]> {
  const result = await checkQuickOrder(t.db, userId, { codes: [], quantities: [], paste, file: null });
  if (!result.ok) throw new Error(result.error);
  return result.lines;
}

function byCode(lines: QuickOrderLine[], code: string): QuickOrderLine {
  const line = lines.find((l) => l.code === code);
  if (!line) throw new Error(`no line ${code}`);
  return line;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  volume = await customer("volume@shop.test");
  distributor = await customer("distributor@shop.test");
  retail = await customer("retail@shop.test");
  // Sold in cases of 12 from one case; a break at 5 cases. UPC 036000291452.
  await product("QO-SODA", { priceCents: 12900, stock: 500, casePack: 12, minQuantity: 12 }, { upc: "036000291452" });
  await replaceTiers(t.db, ids["QO-SODA"] as number, [{ minQuantity: 60, priceCents: 11900 }], TEST_ADMIN);
  // Cases of 10, at least 20, at most 40 per order.
  await product("QO-CASE", { priceCents: 1290, stock: 100, casePack: 10, minQuantity: 20, maxQuantity: 40 });
  await product("QO-GUM", { priceCents: 399, stock: 3 });
  await product("QO-EMPTY", { priceCents: 500, stock: 0 });
  await product("QO-LOW", { priceCents: 500, stock: 15, casePack: 10, minQuantity: 20 });
  await product("QO-KRATOM", { priceCents: 2500, stock: 50 }, { productClass: "kratom" });
  await product("qo-lower", { priceCents: 100, stock: 50 });

  const parse = (v: Record<string, string>) => priceGroupSchema.parse(v);
  const volumeGroup = await createPriceGroup(
    t.db,
    parse({ name: "Volume", kind: "percent", percentOff: "10" }),
    TEST_ADMIN,
  );
  const distributorGroup = await createPriceGroup(t.db, parse({ name: "Distributor", kind: "explicit" }), TEST_ADMIN);
  await setGroupPrices(t.db, distributorGroup, [{ sku: "QO-SODA", priceCents: 10000 }], TEST_ADMIN);
  await assignCustomer(t.db, volumeGroup, "volume@shop.test", TEST_ADMIN);
  await assignCustomer(t.db, distributorGroup, "distributor@shop.test", TEST_ADMIN);

  const rule = ruleSchema.safeParse({
    name: "Kratom in Texas (test)",
    classes: "kratom",
    states: "TX",
    effectiveFrom: "2025-01-01",
    effect: "block",
    reason: "Kratom cannot be shipped to Texas (test rule).",
    label: "test ban",
  });
  if (!rule.success) throw new Error(JSON.stringify(rule.error.issues));
  await createRule(t.db, rule.data, TEST_ADMIN);
});

afterAll(async () => {
  await t?.cleanup();
});

describe(`quick order on ${ON}: prices`, () => {
  it("a customer of a percent group gets the group price, with the quantity break, never the list price", async () => {
    const lines = await check(volume, "QO-SODA\t24\nQO-GUM,2");
    expect(byCode(lines, "QO-SODA")).toMatchObject({ status: "ready", quantity: 24, unitPriceCents: 11610 });
    expect(byCode(lines, "QO-GUM")).toMatchObject({ status: "ready", quantity: 2, unitPriceCents: 359 });
    const big = await check(volume, "QO-SODA 60");
    expect(big[0]).toMatchObject({ status: "ready", quantity: 60, unitPriceCents: 10710 });
    for (const l of [...lines, ...big]) expect([12900, 11900, 399]).not.toContain(l.unitPriceCents);
  });

  it("a customer of an explicit group gets the group's own price, lowered by the break", async () => {
    expect((await check(distributor, "QO-SODA 12"))[0]).toMatchObject({ unitPriceCents: 10000 });
    expect((await check(distributor, "QO-SODA 60"))[0]).toMatchObject({
      unitPriceCents: Math.round((10000 * 11900) / 12900),
    });
  });

  it("a customer of no group pays list and break prices", async () => {
    expect((await check(retail, "QO-SODA 12"))[0]).toMatchObject({ unitPriceCents: 12900 });
    expect((await check(retail, "QO-SODA 60"))[0]).toMatchObject({ unitPriceCents: 11900 });
  });

  it("a suggested quantity is priced at that quantity", async () => {
    // 59 is not whole cases: 60 is suggested, and 60 reaches the break.
    expect((await check(volume, "QO-SODA 59"))[0]).toMatchObject({
      status: "confirm",
      quantity: 60,
      unitPriceCents: 10710,
      suggestion: QUICK_ORDER_MESSAGES.quickOrderRoundedUp(5, 60),
    });
  });
});

describe(`quick order on ${ON}: finding products`, () => {
  it("finds products by SKU in any case, and by UPC (12 digits or as a 13-digit EAN)", async () => {
    const lines = await check(retail, "qo-soda 12\n036000291452 24\nQO-LOWER 1");
    // The SKU and the UPC name the same product: one line, quantities added, and it says so.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      code: "qo-soda",
      product: { id: ids["QO-SODA"], sku: "QO-SODA" },
      requested: 36,
      where: ["Line 1", "Line 2"],
      note: QUICK_ORDER_MESSAGES.quickOrderMerged(["Line 1", "Line 2"]),
    });
    expect(lines[1]).toMatchObject({ product: { sku: "qo-lower" }, status: "ready" });
    expect((await check(retail, "0036000291452 12"))[0]).toMatchObject({ product: { sku: "QO-SODA" } });
  });

  it("finds and suggests a SKU written in mixed case, whatever case it is typed in, past many others", async () => {
    // Forty SKUs that sort between the typed text's capitals and its lower case.
    for (let i = 0; i < 40; i++)
      await product(`MIX-${String.fromCharCode(97 + (i % 26))}${i}`, { priceCents: 100, stock: 5 });
    await product("MIX-e359Case", { priceCents: 250, stock: 9 });
    for (const typed of ["mix-e359case", "MIX-E359CASE", "Mix-E359case"]) {
      expect((await check(retail, `${typed} 1`))[0], typed).toMatchObject({ product: { sku: "MIX-e359Case" } });
    }
    for (const typed of ["mix-e35", "MIX-E35", "mIx-E35"]) {
      expect(
        (await suggestCodes(t.db, retail, typed)).map((s) => s.sku),
        typed,
      ).toEqual(["MIX-e359Case"]);
    }
    // Six suggestions at most, in SKU order.
    const many = await suggestCodes(t.db, retail, "mix-");
    expect(many).toHaveLength(6);
    expect(many.map((s) => s.sku.toLowerCase())).toEqual([...many.map((s) => s.sku.toLowerCase())].sort());
  });

  it("says which codes no product has, and keeps lines that could not be read with their reason", async () => {
    const lines = await check(retail, 'NOPE-1 5\n=HYPERLINK("http://evil.example")\t5\nQO-GUM -1');
    expect(lines.map((l) => [l.status, l.problem])).toEqual([
      ["bad", QUICK_ORDER_MESSAGES.quickOrderUnknownCode("NOPE-1")],
      ["bad", QUICK_ORDER_MESSAGES.quickOrderFormula],
      ["bad", QUICK_ORDER_MESSAGES.quickOrderQuantityNegative],
    ]);
    expect(lines.every((l) => l.product === null && l.quantity === 0)).toBe(true);
  });
});

describe(`quick order on ${ON}: selling units and stock`, () => {
  it("suggests whole cases, the minimum, the maximum or the stock, and never changes a quantity itself", async () => {
    const lines = await check(retail, "QO-CASE 25\nQO-GUM 5");
    expect(lines[0]).toMatchObject({
      status: "confirm",
      requested: 25,
      quantity: 30,
      problem: SELLING_MESSAGES.quantityNotPackMultiple("QO-CASE product", 10),
      suggestion: QUICK_ORDER_MESSAGES.quickOrderRoundedUp(3, 30),
    });
    expect(lines[1]).toMatchObject({
      status: "confirm",
      requested: 5,
      quantity: 3,
      problem: SELLING_MESSAGES.quantityAboveStock("QO-GUM product", 3),
      suggestion: QUICK_ORDER_MESSAGES.quickOrderLoweredToStock(3),
    });
    const unit = { casePack: 10, minQuantity: 20, maxQuantity: 40 };
    expect(suggestQuantity(10, unit, 100)).toEqual({
      quantity: 20,
      note: QUICK_ORDER_MESSAGES.quickOrderRaisedToMinimum(20),
    });
    expect(suggestQuantity(5, unit, 100)).toEqual({
      quantity: 20,
      note: QUICK_ORDER_MESSAGES.quickOrderRaisedToMinimum(20),
    });
    expect(suggestQuantity(45, unit, 100)).toEqual({
      quantity: 40,
      note: QUICK_ORDER_MESSAGES.quickOrderRoundedDown(4, 40),
    });
    expect(suggestQuantity(50, unit, 100)).toEqual({
      quantity: 40,
      note: QUICK_ORDER_MESSAGES.quickOrderLoweredToMaximum(40),
    });
    expect(suggestQuantity(55, unit, 100)).toEqual({
      quantity: 40,
      note: QUICK_ORDER_MESSAGES.quickOrderLoweredToMaximum(40),
    });
    expect(suggestQuantity(35, unit, 30)).toEqual({
      quantity: 30,
      note: QUICK_ORDER_MESSAGES.quickOrderRoundedDown(3, 30),
    });
    expect(suggestQuantity(40, unit, 30)).toEqual({
      quantity: 30,
      note: QUICK_ORDER_MESSAGES.quickOrderLoweredToStock(30),
    });
    expect(suggestQuantity(20, unit, 100)).toBeNull();
  });

  it("says a product is out of stock when none, or less than its smallest quantity, is left", async () => {
    const lines = await check(retail, "QO-EMPTY 1\nQO-LOW 20");
    expect(lines.map((l) => [l.status, l.problem])).toEqual([
      ["bad", SELLING_MESSAGES.quantityAboveStock("QO-EMPTY product", 0)],
      ["bad", SELLING_MESSAGES.quantityAboveStock("QO-LOW product", 0)],
    ]);
  });
});

describe(`quick order on ${ON}: compliance`, () => {
  it("a product a rule blocks for the customer's default address is a bad line with the rule's reason", async () => {
    const lines = await check(retail, "QO-KRATOM 5\nQO-GUM 1");
    expect(lines[0]).toMatchObject({
      status: "bad",
      quantity: 0,
      problem: "Kratom cannot be shipped to Texas (test rule).",
      product: { id: ids["QO-KRATOM"] },
    });
    expect(lines[1]).toMatchObject({ status: "ready" });
    // The same product for a customer whose default address is elsewhere.
    const ohio = await customer("ohio@shop.test", "OH", "43004");
    expect((await check(ohio, "QO-KRATOM 5"))[0]).toMatchObject({ status: "ready", unitPriceCents: 2500 });
  });
});

describe(`quick order on ${ON}: one batch`, () => {
  it("resolves 500 lines in a few statements, none per line", async () => {
    const codes = ["QO-SODA", "QO-CASE", "QO-GUM", "QO-EMPTY", "QO-KRATOM", "036000291452", "NOPE-2"];
    const paste = Array.from({ length: 500 }, (_, i) => `${codes[i % codes.length]}${i % 7 === 6 ? i : ""}\t1`).join(
      "\n",
    );
    const read = readPaste(paste);
    if (!read.ok) throw new Error(read.error);
    const { db, count } = counting(t.db);
    const lines = await resolveQuickOrder(db, volume, enterLines(read.lines));
    expect(lines.length).toBeGreaterThan(70);
    expect(count()).toBeLessThanOrEqual(12);
  });

  it("refuses more than the limit of lines, with its message, before any statement", async () => {
    const paste = Array.from({ length: 10_000 }, (_, i) => `SKU-${i}\t1`).join("\n");
    const { db, count } = counting(t.db);
    expect(await checkQuickOrder(db, volume, { codes: [], quantities: [], paste, file: null })).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(10_000, MAX_QUICK_ORDER_LINES),
    });
    // Typed, pasted and uploaded lines count together.
    const half = Array.from({ length: 600 }, (_, i) => `SKU-${i}\t1`).join("\n");
    const file = new File([`sku,quantity\n${half.replaceAll("\t", ",")}\n`], "order.csv", { type: "text/csv" });
    expect(await checkQuickOrder(db, volume, { codes: ["QO-GUM"], quantities: ["1"], paste: half, file })).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(1201, MAX_QUICK_ORDER_LINES),
    });
    expect(count()).toBe(0);
  });

  it("reads typed lines, the paste and a CSV file together", async () => {
    const file = new File(["\ufeffsku,quantity\nQO-CASE,20\n"], "order.csv", { type: "text/csv" });
    const result = await checkQuickOrder(t.db, volume, {
      codes: ["QO-GUM", ""],
      quantities: ["1", ""],
      paste: "QO-SODA\t12",
      file,
    });
    expect(result.ok && result.lines.map((l) => [l.where, l.code, l.status])).toEqual([
      [["Typed line 1"], "QO-GUM", "ready"],
      [["Line 1"], "QO-SODA", "ready"],
      [["Row 2"], "QO-CASE", "ready"],
    ]);
    expect(await checkQuickOrder(t.db, volume, { codes: [""], quantities: [""], paste: " \n", file: null })).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderNothingToCheck,
    });
  });
});

describe(`quick order on ${ON}: who may use it`, () => {
  const route = ROUTES.find((r) => r.path === "/quick-order");

  async function answer(viewer: Viewer | null, method: "GET" | "POST") {
    const url = new URL("http://localhost:3000/quick-order");
    const context = new RouterContextProvider();
    context.set(viewerContext, viewer);
    context.set(requestInfoContext, {
      cspNonce: "",
      isDataRequest: method === "POST",
      clientIp: "127.0.0.1",
      policy: policyOf("routes/store/quick-order", [{ access: GROUP_ACCESS.buyer }]),
    });
    const middleware = enforceAccess(route?.declared ?? "public");
    let reached = false;
    try {
      await middleware(
        { request: new Request(url, { method }), url, context, params: {}, unstable_pattern: "/quick-order" } as never,
        async () => {
          reached = true;
          return new Response("ok");
        },
      );
    } catch (thrown) {
      const status =
        thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status;
      const location = thrown instanceof Response ? thrown.headers.get("location") : null;
      return { reached, status, location };
    }
    return { reached, status: 200, location: null };
  }

  it("sits in the buyer group", () => {
    expect(route).toMatchObject({ group: "buyer", declared: "buyer", access: "buyer", hasAction: true });
  });

  it("sends a visitor, and a session of an unverified account, to log in; refuses an account that may not buy", async () => {
    expect(await answer(null, "GET")).toEqual({
      reached: false,
      status: 302,
      location: "/login?redirectTo=%2Fquick-order",
    });
    expect(await answer(null, "POST")).toMatchObject({ reached: false, status: 302 });

    const email = "unverified@shop.test";
    await ensureAccount(t.db, { email, name: "Unverified", role: "customer", password: "pw-secret-1234" });
    await t.db
      .updateTable("users")
      .set({ email_verified: authBool(t.db, false) })
      .where("email", "=", email)
      .execute();
    const session = await getAuth().api.signInEmail({
      body: { email, password: "pw-secret-1234" },
      returnHeaders: true,
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
    // An unverified account's session is no viewer at all: the group treats it as a visitor.
    const unverified = await getViewer(new Request("http://localhost:3000/quick-order", { headers: { cookie } }));
    expect(unverified).toBeNull();
    expect(await answer(unverified, "POST")).toMatchObject({ reached: false, status: 302 });

    const waiting: Viewer = {
      id: retail,
      name: "Waiting",
      email: "retail@shop.test",
      username: null,
      role: "customer",
      emailVerified: true,
      approved: false,
      accountId: retail,
      memberRole: "owner",
      orderLimitCents: null,
      actingFor: null,
    };
    expect(await answer(waiting, "POST")).toMatchObject({ reached: false, status: 403 });
    expect(await answer({ ...waiting, approved: true }, "POST")).toMatchObject({ reached: true });
  });
});
