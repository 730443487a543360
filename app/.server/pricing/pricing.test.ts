import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as VOLUME_MESSAGES from "~/lib/messages/volume-prices";
import { parseGroupPrices, priceGroupSchema } from "~/lib/schemas/price-groups";
import { parseTiers } from "~/lib/tiers";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { addAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { insertProduct } from "../catalog/product-writes";
import { findProduct } from "../catalog/products";
import { checkCartLines } from "../flows/cart-check";
import { placeOrder } from "../flows/place-order";
import { createProductWithImages } from "../flows/product-admin";
import { readProductForm } from "../flows/product-form";
import {
  assignCustomer,
  createPriceGroup,
  deletePriceGroup,
  listGroupMembers,
  listGroupPrices,
  PriceGroupError,
  setGroupPrices,
  unassignCustomer,
} from "./groups";
import { customerTierTable, loadPriceBook, unitPriceCents, withCustomerPrices } from "./prices";
import { listTiers, replaceTiers } from "./tiers";

let t: TestDatabase;
const db = () => t.db;

async function account(email: string, role: "customer" | "admin" = "customer"): Promise<string> {
  await ensureAccount(t.db, { email, name: email.split("@")[0] ?? "x", role });
  return (await findUserByEmail(t.db, email))?.id ?? "";
}

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

let volume: string;
let distributor: string;
let retail: string;
let soda: number;
let gum: number;
let volumeGroup: number;
let distributorGroup: number;

beforeAll(async () => {
  t = await setupTestDatabase();
  volume = await account("volume@shop.test");
  distributor = await account("distributor@shop.test");
  retail = await account("retail@shop.test");
  soda = await insertProduct(
    db(),
    {
      sku: "SODA-12",
      name: "Soda Case",
      description: "",
      priceCents: 12900,
      stock: 500,
      category: "novelty",
      casePack: 12,
      minQuantity: 12,
    },
    [],
  );
  gum = await insertProduct(
    db(),
    { sku: "GUM-1", name: "Gum Box", description: "", priceCents: 399, stock: 500, category: "novelty" },
    [],
  );
  await replaceTiers(db(), soda, [{ minQuantity: 60, priceCents: 11900 }], TEST_ADMIN);
  const parse = (v: Record<string, string>) => priceGroupSchema.parse(v);
  volumeGroup = await createPriceGroup(db(), parse({ name: "Volume", kind: "percent", percentOff: "10" }), TEST_ADMIN);
  distributorGroup = await createPriceGroup(db(), parse({ name: "Distributor", kind: "explicit" }), TEST_ADMIN);
  await setGroupPrices(db(), distributorGroup, [{ sku: "SODA-12", priceCents: 10000 }], TEST_ADMIN);
  await assignCustomer(db(), volumeGroup, "volume@shop.test", TEST_ADMIN);
  await assignCustomer(db(), distributorGroup, "DISTRIBUTOR@shop.test", TEST_ADMIN);
});

afterAll(async () => {
  await t.cleanup();
});

describe(`prices on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("one rule: list or tier price, then the group's percentage or own price scaled by the tier", async () => {
    const price = async (userId: string | null, id: number, quantity: number) => {
      const p = await findProduct(db(), id);
      if (!p) throw new Error("no product");
      return unitPriceCents(await loadPriceBook(db(), userId, [id]), p, quantity);
    };
    expect(await price(retail, soda, 12)).toBe(12900);
    expect(await price(retail, soda, 60)).toBe(11900);
    expect(await price(null, soda, 60)).toBe(11900);
    expect(await price(volume, soda, 12)).toBe(11610);
    expect(await price(volume, soda, 60)).toBe(10710);
    expect(await price(volume, gum, 1)).toBe(359);
    expect(await price(distributor, soda, 12)).toBe(10000);
    expect(await price(distributor, soda, 60)).toBe(Math.round((10000 * 11900) / 12900));
    // No own price for gum in the explicit group: the list price.
    expect(await price(distributor, gum, 1)).toBe(399);
  });

  it("cards and the tier table carry the customer's own prices", async () => {
    const products = [await findProduct(db(), soda), await findProduct(db(), gum)].flatMap((p) => (p ? [p] : []));
    expect((await withCustomerPrices(db(), volume, products)).map((p) => p.priceCents)).toEqual([11610, 359]);
    expect((await withCustomerPrices(db(), retail, products)).map((p) => p.priceCents)).toEqual([12900, 399]);
    const sodaProduct = products[0];
    if (!sodaProduct) throw new Error("no product");
    expect(await customerTierTable(db(), volume, sodaProduct)).toEqual([
      { from: 12, to: 59, priceCents: 11610 },
      { from: 60, to: null, priceCents: 10710 },
    ]);
  });

  it("the cart check and the order use the group and tier price for the line's quantity", async () => {
    const [line] = await checkCartLines(db(), [{ id: soda, quantity: 60 }], volume);
    expect(line?.product?.priceCents).toBe(10710);
    const addressId = await addAddress(db(), volume, { businessName: "Volume Store" });
    const { order } = await placeOrder(db(), {
      userId: volume,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [
        { id: soda, quantity: 24 },
        { id: gum, quantity: 2 },
      ],
    });
    expect(order.items.map((i) => i.unitPriceCents)).toEqual([11610, 359]);
    expect(order.money.totalCents).toBe(24 * 11610 + 2 * 359);
  });

  it("tier breaks are checked: ordered, no repeats, whole cases, cheaper each step, no negative prices", () => {
    expect(parseTiers("24, 120.00\n60: 110", 12900, 12)).toEqual({
      ok: true,
      tiers: [
        { minQuantity: 24, priceCents: 12000 },
        { minQuantity: 60, priceCents: 11000 },
      ],
    });
    expect(parseTiers("60, 110\n24, 120", 12900, 12)).toEqual({ ok: false, message: VOLUME_MESSAGES.tierUnordered(2) });
    expect(parseTiers("24, 120\n24, 110", 12900, 12)).toEqual({ ok: false, message: VOLUME_MESSAGES.tierOverlaps(2) });
    expect(parseTiers("24, -1", 12900, 12)).toEqual({ ok: false, message: VOLUME_MESSAGES.tierPriceNegative(1) });
    expect(parseTiers("25, 120", 12900, 12)).toEqual({
      ok: false,
      message: VOLUME_MESSAGES.tierNotPackMultiple(1, 12),
    });
    expect(parseTiers("24, 130", 12900, 12)).toEqual({ ok: false, message: VOLUME_MESSAGES.tierNotLower(1) });
    expect(parseTiers("24, 120\n48, 125", 12900, 12)).toEqual({ ok: false, message: VOLUME_MESSAGES.tierNotLower(2) });
    expect(parseTiers("1, 120", 12900, 1)).toEqual({ ok: false, message: VOLUME_MESSAGES.tierQuantityInvalid(1) });
    expect(parseTiers("lots", 12900, 1)).toEqual({ ok: false, message: VOLUME_MESSAGES.tierLineUnreadable(1) });
  });

  it("the product form saves quantity breaks and stores nothing when they are wrong", async () => {
    const fields = { name: "Tiered Chips", price: "20.00", quantity: "100", category: "novelty" };
    const bad = await readProductForm(form({ ...fields, tiers: "10, 15\n5, 18" }));
    expect(bad).toEqual({ ok: false, errors: { tiers: VOLUME_MESSAGES.tierUnordered(2) } });
    const good = await readProductForm(form({ ...fields, tiers: "5, 18\n10, 15" }));
    if (!good.ok) throw new Error(JSON.stringify(good.errors));
    const id = await createProductWithImages(db(), good.changes, [], TEST_ADMIN);
    expect(await listTiers(db(), id)).toEqual([
      { minQuantity: 5, priceCents: 1800 },
      { minQuantity: 10, priceCents: 1500 },
    ]);
  });

  it("group forms and prices refuse bad input and store nothing", async () => {
    expect(priceGroupSchema.safeParse({ name: "X", kind: "percent", percentOff: "120" }).success).toBe(false);
    expect(priceGroupSchema.safeParse({ name: "X", kind: "percent", percentOff: "-5" }).success).toBe(false);
    expect(priceGroupSchema.parse({ name: "X", kind: "percent", percentOff: "12.5" })).toMatchObject({
      percentOffBp: 1250,
    });
    expect(parseGroupPrices("SODA-12, -3.00")).toEqual({ ok: false, message: MESSAGES.groupPriceNegative(1) });
    expect(parseGroupPrices("SODA-12, 1\nSODA-12, 2")).toEqual({
      ok: false,
      message: MESSAGES.groupPriceRepeated(2, "SODA-12"),
    });
    expect(parseGroupPrices("=HYPERLINK(1)")).toEqual({ ok: false, message: MESSAGES.groupPriceLineUnreadable(1) });
    const error = await setGroupPrices(
      db(),
      distributorGroup,
      [
        { sku: "GUM-1", priceCents: 300 },
        { sku: "NOPE-9", priceCents: 1 },
      ],
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceGroupError);
    expect((error as Error).message).toBe(MESSAGES.groupPriceUnknownSkus(["NOPE-9"]));
    expect((await listGroupPrices(db(), distributorGroup)).map((p) => p.sku)).toEqual(["SODA-12"]);
    await expect(
      createPriceGroup(db(), { name: "Volume", kind: "percent", percentOffBp: 5 }, TEST_ADMIN),
    ).rejects.toThrow(MESSAGES.groupNameTaken("Volume"));
  });

  it("a customer is in one group at most; admins cannot be put in one; deleting a group means list prices", async () => {
    await account("boss@shop.test", "admin");
    await expect(assignCustomer(db(), volumeGroup, "boss@shop.test", TEST_ADMIN)).rejects.toThrow(
      MESSAGES.onlyCustomersInGroups,
    );
    await expect(assignCustomer(db(), volumeGroup, "nobody@shop.test", TEST_ADMIN)).rejects.toThrow(
      MESSAGES.customerNotFound,
    );
    const extra = await account("mover@shop.test");
    await assignCustomer(db(), volumeGroup, "mover@shop.test", TEST_ADMIN);
    await assignCustomer(db(), distributorGroup, "mover@shop.test", TEST_ADMIN);
    expect((await listGroupMembers(db(), volumeGroup)).map((m) => m.id)).not.toContain(extra);
    expect((await listGroupMembers(db(), distributorGroup)).map((m) => m.id)).toContain(extra);
    await unassignCustomer(db(), extra, TEST_ADMIN);
    expect((await listGroupMembers(db(), distributorGroup)).map((m) => m.id)).not.toContain(extra);

    const temp = await createPriceGroup(db(), { name: "Temp", kind: "percent", percentOffBp: 5000 }, TEST_ADMIN);
    await assignCustomer(db(), temp, "mover@shop.test", TEST_ADMIN);
    await deletePriceGroup(db(), temp, TEST_ADMIN);
    const book = await loadPriceBook(db(), extra, [gum]);
    expect(book.group).toBeNull();
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "price-group")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["price-group.create", "price-group.prices", "price-group.delete"]),
    );
  });
});
