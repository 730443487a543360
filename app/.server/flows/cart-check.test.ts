import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ruleSchema } from "~/lib/schemas/compliance";
import { priceGroupSchema } from "~/lib/schemas/price-groups";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { addAddress } from "../../../tests/support/customers";
import { queryLog } from "../../../tests/support/query-log";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { insertProduct } from "../catalog/product-writes";
import { EMPTY_COMPLIANCE, saveProductCompliance } from "../compliance/facts";
import { createRule } from "../compliance/rules";
import { assignCustomer, createPriceGroup, setGroupPrices } from "../pricing/groups";
import { replaceTiers } from "../pricing/tiers";
import { checkCart } from "./cart-check";

/**
 * The cart check (/api/cart-check, behind the cart and checkout pages) reads each thing once:
 * the price book, the address or addresses, the licenses, the products; and it sends the reads
 * that do not depend on each other together.
 */
let t: TestDatabase;
let buyer: string;
let texas: string;
const ids: number[] = [];

async function product(name: string, priceCents: number, sku: string) {
  return insertProduct(t.db, { sku, name, description: "", priceCents, stock: 500, category: "novelty" }, []);
}

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, { email: "cora@shop.test", name: "Cora", role: "customer" });
  buyer = (await findUserByEmail(t.db, "cora@shop.test"))?.id ?? "";
  texas = await addAddress(t.db, buyer, { state: "TX", zip: "75201" });
  await addAddress(t.db, buyer, { state: "IN", zip: "46201", businessName: "Indy Store" }); // the default now
  ids.push(await product("Soda Case", 12900, "SODA-12"));
  ids.push(await product("Gum Box", 399, "GUM-1"));
  ids.push(await product("Mint Tin", 250, "MINT-1"));
  ids.push(await product("Kratom Capsules", 2000, "KRATOM-1"));
  await saveProductCompliance(t.db, ids[3] ?? 0, { ...EMPTY_COMPLIANCE, productClass: "kratom" }, TEST_ADMIN);
  await replaceTiers(t.db, ids[0] ?? 0, [{ minQuantity: 60, priceCents: 11900 }], TEST_ADMIN);
  const group = await createPriceGroup(
    t.db,
    priceGroupSchema.parse({ name: "Distributor", kind: "explicit" }),
    TEST_ADMIN,
  );
  await setGroupPrices(t.db, group, [{ sku: "SODA-12", priceCents: 10000 }], TEST_ADMIN);
  await assignCustomer(t.db, group, "cora@shop.test", TEST_ADMIN);
  const now = new Date().toISOString();
  await t.db
    .insertInto("licenses")
    .values({
      id: crypto.randomUUID(),
      user_id: buyer,
      address_id: null,
      type: "tobacco",
      number: "T-1",
      issuing_state: "TX",
      expires_on: null,
      document_key: "none",
      document_type: "application/pdf",
      document_size: 1,
      status: "approved",
      created_at: now,
      updated_at: now,
    })
    .execute();
  const rule = ruleSchema.parse({
    name: "Kratom bans",
    classes: "kratom",
    states: "IN",
    effectiveFrom: "2025-01-01",
    effect: "block",
    reason: "Kratom cannot be shipped to Indiana (state ban).",
    label: "state ban",
  });
  await createRule(t.db, rule, TEST_ADMIN);
  // The rules are copied into memory by the first check; later checks read only their version.
  await checkCart(t.db, { userId: buyer, addressId: null, lines: [{ id: ids[0] ?? 0, quantity: 12 }] });
});

afterAll(async () => {
  await t?.cleanup();
});

const lines = () => [
  { id: ids[0] ?? 0, quantity: 60 },
  { id: ids[1] ?? 0, quantity: 3 },
  { id: ids[2] ?? 0, quantity: 5 },
  { id: ids[3] ?? 0, quantity: 1 },
  { id: 999_999, quantity: 1 },
];

describe(`the cart check on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("answers each line: the customer's price, the rules' word for the default address, a gone product", async () => {
    const checked = await checkCart(t.db, { userId: buyer, addressId: null, lines: lines() });
    expect(checked.map((l) => [l.status, l.product?.priceCents ?? null])).toEqual([
      ["ok", Math.round((10000 * 11900) / 12900)],
      ["ok", 399],
      ["ok", 250],
      ["ok", 2000],
      ["gone", null],
    ]);
    // Refused at the Indiana default, allowed at the Texas address: the cart lets them go on.
    expect(checked[3]?.compliance).toMatchObject({ outcome: "blocked", otherAddressAllows: true });
    expect(checked.slice(0, 3).every((l) => l.compliance === undefined)).toBe(true);
    const atTexas = await checkCart(t.db, { userId: buyer, addressId: texas, lines: lines() });
    expect(atTexas[3]?.compliance).toBeUndefined();
  });

  for (const mode of ["the cart (no address chosen)", "checkout (an address chosen)"] as const) {
    it(`reads the price book, the addresses, the licenses and the products once, for ${mode}`, async () => {
      const log = queryLog(t.db);
      const addressId = mode.startsWith("checkout") ? texas : null;
      const one = async (count: number) => {
        log.reset();
        await checkCart(log.db, { userId: buyer, addressId, lines: lines().slice(0, count) });
        return [...log.queries];
      };
      const many = await one(5);
      const told = many.map((tables) => tables.join("+")).join(", ");
      expect(log.reads("customer_price_groups"), told).toBe(1);
      expect(log.reads("price_group_prices"), told).toBe(1);
      expect(log.reads("price_tiers"), told).toBe(1);
      expect(log.reads("addresses"), told).toBe(1);
      expect(log.reads("licenses"), told).toBe(1);
      expect(log.reads("product_images"), told).toBe(1);
      // The products: their rows once for the cart, their facts once for the rules (a join).
      expect(log.reads("products"), told).toBe(2);
      // A fixed number of queries whatever the number of lines.
      expect((await one(1)).length, told).toBe(many.length);
    });
  }

  it("sends the independent reads together, before the first answer comes back", async () => {
    const log = queryLog(t.db);
    await checkCart(log.db, { userId: buyer, addressId: null, lines: lines() });
    const firstAnswer = log.events.indexOf("answered");
    const sentBefore = log.events.slice(0, firstAnswer).join(" ");
    for (const table of ["customer_price_groups", "price_tiers", "addresses", "licenses", "products"]) {
      expect(sentBefore, log.events.join(" ")).toContain(table);
    }
  });
});
