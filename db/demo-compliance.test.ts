import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoAccounts, DEMO_CUSTOMER_EMAIL } from "../app/.server/accounts/demo-accounts";
import { findUserByEmail } from "../app/.server/accounts/users";
import { findProductCompliance } from "../app/.server/compliance/facts";
import { listRules } from "../app/.server/compliance/rules";
import { testSale } from "../app/.server/compliance/test-sale";
import { OrderRefusedError, placeOrder } from "../app/.server/flows/place-order";
import { saveDemoLine } from "../app/.server/flows/startup";
import { validUpc } from "../app/lib/schemas/compliance";
import { setupTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { seedDemoBusinesses } from "./demo-businesses";
import { DEMO_PRODUCTS } from "./demo-catalog";
import { DIRECTORY_STATES, demoFacts, seedDemoCompliance } from "./demo-compliance";
import { addDemoProducts } from "./seed";

let t: TestDatabase;
let buyer: string;
let addressId: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await setupTestDatabase();
  // The demo catalog's lines as the demo store adds them, without their images (drawing them is
  // slow and beside the point here), every variant in stock.
  await t.db.transaction().execute((trx) => addDemoProducts(trx, saveDemoLine));
  await t.db.updateTable("products").set({ stock: 1000 }).execute();
  for (const p of await t.db.selectFrom("products").select(["id", "sku"]).execute()) ids.set(p.sku, p.id);
  await createDemoAccounts(t.db, t.dataDir);
  await seedDemoBusinesses(t.db);
  buyer = (await findUserByEmail(t.db, DEMO_CUSTOMER_EMAIL))?.id ?? "";
  addressId = (await t.db.selectFrom("addresses").select("id").where("user_id", "=", buyer).executeTakeFirstOrThrow())
    .id;
});

afterAll(async () => {
  await t.cleanup();
});

const order = (skus: string[]) =>
  placeOrder(t.db, {
    userId: buyer,
    idempotencyKey: crypto.randomUUID(),
    addressId,
    lines: skus.map((sku) => ({ id: ids.get(sku) ?? 0, quantity: 1 })),
  });

describe("demo compliance data", () => {
  it("seeds the facts and the example rules once, each labeled as an example", async () => {
    expect(await seedDemoCompliance(t.db)).toEqual({ facts: DEMO_PRODUCTS.length, rules: 7 });
    expect(await seedDemoCompliance(t.db)).toEqual({ facts: 0, rules: 0 });
    const rules = await listRules(t.db);
    expect(rules.every((r) => r.example && r.name.startsWith("Example:"))).toBe(true);
    expect(DEMO_PRODUCTS.every((d) => validUpc(demoFacts(d).upc ?? ""))).toBe(true);
  });

  it("gives each variant its own facts: its strength's nicotine, its flavor's class, the line's brand and ml", async () => {
    const facts = async (sku: string) => findProductCompliance(t.db, ids.get(sku) ?? 0);
    expect(await facts("DV-VLX-V6000-BRZ")).toMatchObject({
      brand: "Vaporlux",
      productClass: "nicotine-vape",
      flavorClass: "flavored",
      nicotineMgMl: 50,
      mlPerUnit: 120,
      cartridgesPerUnit: 10,
      vapeSystem: "closed",
      containsNicotine: true,
    });
    expect(await facts("DV-VLX-V6000-BRZ-3")).toMatchObject({ brand: "Vaporlux", nicotineMgMl: 30, mlPerUnit: 120 });
    expect(await facts("DV-CK-CROWN15K-MMT-2")).toMatchObject({
      brand: "CloudKing",
      flavorClass: "menthol",
      nicotineMgMl: 20,
      mlPerUnit: 180,
      country: "CN",
    });
    expect(await facts("DV-NB-3500-TOB")).toMatchObject({ flavorClass: "tobacco", nicotineMgMl: 50 });
    const upcs = await Promise.all(DEMO_PRODUCTS.map(async (d) => (await facts(d.sku)).upc));
    expect(new Set(upcs).size).toBe(DEMO_PRODUCTS.length);
    expect(await facts("KR-LSL-RBALI-1KG")).toMatchObject({
      brand: "Lone Star Leaf",
      productClass: "kratom",
      nicotineMgMl: null,
      mlPerUnit: null,
    });
  });

  it("lets the Dallas demo customer order kratom, glass, accessories, novelty and tobacco vapes", async () => {
    const pick = (category: string, test: (d: (typeof DEMO_PRODUCTS)[number]) => boolean = () => true) => {
      const found = DEMO_PRODUCTS.find((d) => d.category === category && test(d));
      if (!found) throw new Error(`no demo ${category}`);
      return found.sku;
    };
    const tobacco = pick("disposable-vapes", (d) => /tobacco/i.test(d.name));
    const skus = [pick("kratom"), pick("glass"), pick("accessories"), pick("novelty"), tobacco];
    const { order: placed } = await order(skus);
    expect(placed.items).toHaveLength(5);
  });

  it("refuses what the example rules forbid in Texas: vapes made in China and delta-8 over the federal limit", async () => {
    const chinese = DEMO_PRODUCTS.find((d) => d.sku.startsWith("DV-CK-"))?.sku ?? "";
    await expect(order([chinese])).rejects.toThrow("Texas does not allow vapes made in China");
    const delta = DEMO_PRODUCTS.find((d) => d.category === "delta")?.sku ?? "";
    const refused = await order([delta]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderRefusedError);
    expect((refused as Error).message).toContain("no longer legal hemp");
  });

  it("refuses, in the eight directory states, the demo vapes no directory lists, with the example rule's reason", async () => {
    expect(DIRECTORY_STATES).toEqual(["AL", "AR", "KY", "LA", "NC", "OK", "VA", "WI"]);
    const unlisted = ids.get(DEMO_PRODUCTS.find((d) => d.sku.startsWith("DV-PR-"))?.sku ?? "") ?? 0;
    const listed = ids.get(DEMO_PRODUCTS.find((d) => d.sku.startsWith("DV-NB-"))?.sku ?? "") ?? 0;
    const sale = async (productId: number, state: string) => {
      const answer = await testSale(t.db, { productId, product: "", state, zip: "", customer: "", date: "2026-01-15" });
      if (!answer.ok) throw new Error(answer.message);
      return answer.result;
    };
    for (const state of DIRECTORY_STATES) {
      expect((await sale(unlisted, state)).outcome).toBe("blocked");
      expect((await sale(listed, state)).outcome).toBe("allowed");
    }
    expect((await sale(unlisted, "KY")).reason).toBe(
      "Kentucky allows only vapes listed in its state directory; this one is not listed there.",
    );
    expect((await sale(unlisted, "TX")).outcome).toBe("allowed");
  });
});
