import crypto from "node:crypto";
import fc from "fast-check";
import { type Kysely, sql, type Transaction } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, storeToday } from "~/lib/business";
import { evaluateSale } from "~/lib/compliance/engine";
import type { FormReply } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { type RuleInput, ruleSchema } from "~/lib/schemas/compliance";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { linesSeen } from "../../../tests/support/orders";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { AddressError, createAddress } from "../accounts/addresses";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { listAudit } from "../audit/log";
import { insertProduct } from "../catalog/product-writes";
import { findProduct } from "../catalog/products";
import { connect } from "../db/connect";
import type { DB } from "../db/schema";
import { updateAddress } from "../flows/address-book";
import { audienceFor, cardsForAudience, VISITOR_AUDIENCE } from "../flows/audience";
import { editableLines, editOrder, OrderEditError } from "../flows/order-edit";
import { changeOrderStatus, StatusChangeError } from "../flows/order-life";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { createProductWithImages } from "../flows/product-admin";
import { formAction } from "../http/form-action";
import { MAX_DOCUMENT_BYTES } from "../media/documents";
import { buyerLicenses, checkProducts, findLineChecks } from "./check";
import { EMPTY_COMPLIANCE, findLabReport, findProductCompliance, loadFacts, saveProductCompliance } from "./facts";
import { cartCompliance, productNotes } from "./for-buyer";
import { pactCsv, pactShipments, pactSummary, shipperState } from "./pact";
import { bulkSetCompliance, complianceFormSchema, readComplianceFacts, saveComplianceForm } from "./product-form";
import { currentRules, resetRuleCacheForTests } from "./rule-cache";
import { createRule, listRules, RuleError, setRuleEnabled, updateRule } from "./rules";
import { testSale } from "./test-sale";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

let t: TestDatabase;
/** A second connection to the same database: another app server, as far as the rule cache knows. */
let other: Kysely<DB>;
let buyer: string;
let texas: string;
let indiana: string;

function input(fields: Record<string, string | undefined>): RuleInput {
  const parsed = ruleSchema.safeParse({
    name: "Kratom bans",
    classes: "kratom",
    states: "IN",
    effectiveFrom: "2025-01-01",
    effect: "block",
    reason: "Kratom cannot be shipped to Indiana (state ban).",
    label: "state ban",
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function product(name: string, facts: Partial<Parameters<typeof saveProductCompliance>[2]>, stock = 1000) {
  const id = await insertProduct(
    t.db,
    {
      sku: `SKU-${crypto.randomUUID().slice(0, 8)}`,
      name,
      description: "",
      priceCents: 1000,
      stock,
      category: "novelty",
    },
    [],
  );
  await saveProductCompliance(
    t.db,
    id,
    {
      brand: null,
      productClass: null,
      flavorClass: null,
      nicotineMgMl: null,
      country: null,
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
      ...facts,
    },
    TEST_ADMIN,
  );
  return id;
}

async function clearRules() {
  // Rules are kept forever by the application; tests start each case from none.
  await t.db.deleteFrom("compliance_rules").execute();
}

beforeAll(async () => {
  t = await setupTestDatabase();
  other = connect({ databaseUrl: t.url, dataDir: t.dataDir });
  await ensureAccount(t.db, { email: "dallas@shop.test", name: "Dallas", role: "customer" });
  buyer = (await findUserByEmail(t.db, "dallas@shop.test"))?.id ?? "";
  const address = (state: string, zip: string, isDefault: boolean) =>
    createAddress(t.db, buyer, {
      businessName: `${state} store`,
      street: "1 Main St",
      city: "Town",
      state,
      zip,
      phone: "",
      isDefault,
    });
  texas = (await address("TX", "75201", true)).id;
  indiana = (await address("IN", "46201", false)).id;
});

afterAll(async () => {
  await other.destroy();
  await t.cleanup();
});

beforeEach(async () => {
  await clearRules();
  await t.db.deleteFrom("licenses").execute();
});

describe(`rules on ${ON}`, () => {
  it("adds, edits, disables and enables a rule, each change in the audit log", async () => {
    const rule = await createRule(t.db, input({}), TEST_ADMIN);
    expect(rule).toMatchObject({ name: "Kratom bans", states: ["IN"], scope: { classes: ["kratom"] }, enabled: true });
    const edited = await updateRule(t.db, rule.id, input({ states: "IN, AL" }), rule.updatedAt, TEST_ADMIN);
    expect(edited.states).toEqual(["AL", "IN"]);
    await setRuleEnabled(t.db, rule.id, false, TEST_ADMIN);
    await setRuleEnabled(t.db, rule.id, true, TEST_ADMIN);
    const log = await listAudit(t.db, { subjectType: "compliance-rule", subjectId: String(rule.id) });
    expect(log.items.map((i) => i.action)).toEqual([
      "compliance-rule.enable",
      "compliance-rule.disable",
      "compliance-rule.edit",
      "compliance-rule.add",
    ]);
    expect(log.items[2]?.before).toMatchObject({ states: "IN" });
    expect(log.items[2]?.after).toMatchObject({ states: "AL, IN" });
  });

  it("refuses a contradicting rule and stores nothing", async () => {
    await createRule(t.db, input({}), TEST_ADMIN);
    const contradicting = input({ name: "Indiana kratom license", effect: "require-license", licenseType: "other" });
    const error = await createRule(t.db, contradicting, TEST_ADMIN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuleError);
    expect((error as Error).message).toBe(MESSAGES.ruleContradicts("Kratom bans"));
    expect((await listRules(t.db)).map((r) => r.name)).toEqual(["Kratom bans"]);
  });

  it("two admins adding contradicting rules at the same moment: one is stored, the other refused", async () => {
    for (const state of ["IN", "AL", "AR", "VT", "WI"]) {
      const results = await Promise.allSettled([
        createRule(t.db, input({ name: `Ban ${state}`, states: state }), TEST_ADMIN),
        createRule(
          t.db,
          input({ name: `License ${state}`, states: state, effect: "require-license", licenseType: "other" }),
          TEST_ADMIN,
        ),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected");
      expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(RuleError);
    }
    expect(await listRules(t.db)).toHaveLength(5);
  });

  it("refuses a rule whose products overlap an enabled rule's through the catalog, and stores nothing", async () => {
    await createRule(
      t.db,
      input({ name: "Indiana kratom license", effect: "require-license", licenseType: "other" }),
      TEST_ADMIN,
    );
    const byBrand = (name: string) => input({ name, classes: undefined, brands: "Overlap Co" });
    // Today the brand makes glass only: no product falls under both rules.
    await product("Overlap glass", { brand: "Overlap Co", productClass: "glass" });
    const first = await createRule(t.db, byBrand("Overlap Co ban"), TEST_ADMIN);
    await setRuleEnabled(t.db, first.id, false, TEST_ADMIN);
    // Now it makes kratom too: a ban on the brand would leave Indiana's kratom license rule beside a ban.
    await product("Overlap kratom", { brand: "Overlap Co", productClass: "kratom" });
    const error = await createRule(t.db, byBrand("Overlap Co ban again"), TEST_ADMIN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuleError);
    expect((error as Error).message).toBe(MESSAGES.ruleContradicts("Indiana kratom license"));
    expect((await listRules(t.db)).map((r) => r.name).sort()).toEqual(["Indiana kratom license", "Overlap Co ban"]);
  });

  it("refuses an edit made over a newer change", async () => {
    const rule = await createRule(t.db, input({}), TEST_ADMIN);
    await updateRule(t.db, rule.id, input({ reason: "Changed." }), rule.updatedAt, TEST_ADMIN);
    await expect(updateRule(t.db, rule.id, input({ reason: "Again." }), "1999-01-01", TEST_ADMIN)).rejects.toThrow(
      MESSAGES.ruleStale,
    );
  });

  it("keeps an in-memory copy, reloaded when any server changes a rule", async () => {
    resetRuleCacheForTests();
    const first = await currentRules(t.db);
    expect(await currentRules(t.db)).toBe(first);
    // Another app server adds a rule (its own connection): this server sees it on its next read.
    const now = new Date().toISOString();
    await other
      .insertInto("compliance_rules")
      .values({
        name: "From elsewhere",
        scope: JSON.stringify({ all: true }),
        states: JSON.stringify(["VT"]),
        zips: "[]",
        effective_from: "2025-01-01",
        effective_until: null,
        effect: "block",
        license_type: null,
        reason: "No.",
        label: "ban",
        enabled: 1,
        example: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const second = await currentRules(t.db);
    expect(second).not.toBe(first);
    expect(second.version).toBeGreaterThan(first.version);
    expect(second.rules.map((r) => r.name)).toContain("From elsewhere");
    await other.updateTable("compliance_rules").set({ enabled: 0 }).execute();
    expect((await currentRules(t.db)).rules.every((r) => !r.enabled)).toBe(true);
  });

  it("checks many products with a fixed number of queries (facts and licenses in one query each)", async () => {
    await createRule(t.db, input({}), TEST_ADMIN);
    await insertLicense("other", "approved", null);
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) ids.push(await product(`Kratom ${i}`, { productClass: "kratom" }));
    // Every query the check runs passes through this plugin's result hook, raw ones included.
    let queries = 0;
    const counted = t.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    });
    const check = async (productIds: number[]) => {
      queries = 0;
      const verdicts = await checkProducts(counted, {
        userId: buyer,
        destination: { state: "IN", zip: "46201", addressId: indiana },
        productIds,
      });
      return { queries, verdicts };
    };
    await check(ids.slice(0, 1)); // the rules are loaded into the in-memory copy once
    const one = await check(ids.slice(0, 1));
    const many = await check(ids);
    expect(many.verdicts.size).toBe(200);
    expect([...many.verdicts.values()].every((v) => v.outcome === "blocked")).toBe(true);
    expect(many.verdicts.get(ids[0] ?? 0)?.reason).toBe("Kratom cannot be shipped to Indiana (state ban).");
    // The rule-set version, the facts, the licenses: the same three for 1 product and for 200.
    expect(one.queries).toBe(3);
    expect(many.queries).toBe(one.queries);
  });
});

describe(`notes on listings on ${ON}`, () => {
  it("cards tell a signed-in customer's audience which products cannot ship to their default address", async () => {
    await createRule(t.db, input({ states: "TX", reason: "Kratom cannot be shipped to Texas." }), TEST_ADMIN);
    const kratom = await product("Home kratom", { productClass: "kratom" });
    const glass = await product("Home glass", { productClass: "glass" });
    const customer = {
      id: buyer,
      name: "Dallas",
      email: "dallas@shop.test",
      username: null,
      role: "customer" as const,
      emailVerified: true,
      approved: true,
      accountId: buyer,
      memberRole: "owner" as const,
      orderLimitCents: null,
      actingFor: null,
    };
    const products = [];
    for (const id of [kratom, glass]) {
      const found = await findProduct(t.db, id);
      if (found) products.push(found);
    }
    const cards = await cardsForAudience(t.db, await audienceFor(t.db, customer), products);
    const card = (id: number) => cards.find((c) => c.id === id);
    expect(card(kratom)?.complianceNote).toBe("Not available for your Texas address: state ban");
    expect(card(glass)).toBeDefined();
    expect(card(glass)?.complianceNote).toBeUndefined();
    // Visitors' cards never carry a note.
    const visitor = await cardsForAudience(t.db, VISITOR_AUDIENCE, products);
    expect(visitor.find((c) => c.id === kratom)?.complianceNote).toBeUndefined();
  });
});

describe(`product compliance facts on ${ON}`, () => {
  it("saves the facts, audit-logged, and reads them back", async () => {
    const id = await product("Vape", {
      brand: "Zephyr",
      productClass: "nicotine-vape",
      flavorClass: "flavored",
      country: "CN",
    });
    expect(await findProductCompliance(t.db, id)).toMatchObject({
      brand: "Zephyr",
      country: "CN",
      labReport: null,
      directoryStates: [],
    });
    expect((await loadFacts(t.db, [id])).get(id)).toMatchObject({
      productClass: "nicotine-vape",
      flavorClass: "flavored",
    });
    const log = await listAudit(t.db, { subjectType: "product", subjectId: String(id) });
    expect(log.items[0]?.action).toBe("product.compliance");
  });
});

/** Posts the edit page's Compliance form the way its action does: its field errors, or null when saved. */
async function submitCompliance(db: Kysely<DB>, id: number, form: FormData) {
  const reply = await formAction(form, complianceFormSchema, async (input) => {
    await saveComplianceForm(db, id, input, TEST_ADMIN);
    return null;
  });
  return reply === null ? null : ((reply as unknown as { data: FormReply }).data.fieldErrors ?? {});
}

describe(`the product form's compliance section on ${ON}`, () => {
  it("refuses bad facts field by field, keeps a lab report in the private store, and sets facts in bulk", async () => {
    const id = await product("Form product", {});
    const bad = new FormData();
    bad.set("upc", "123456789013");
    bad.set("country", "USA");
    bad.set("productClass", "kratom");
    expect(await submitCompliance(t.db, id, bad)).toEqual({
      upc: MESSAGES.upcFormat,
      country: MESSAGES.countryFormat,
    });
    expect((await findProductCompliance(t.db, id)).productClass).toBeNull();

    const notPdf = new FormData();
    notPdf.set("labReport", new File(["<html><script>alert(1)</script>"], "coa.pdf", { type: "application/pdf" }));
    expect(await submitCompliance(t.db, id, notPdf)).toEqual({
      labReport: "The document must be a PDF, JPEG or PNG file.",
    });
    expect(await findLabReport(t.db, id)).toBeNull();
    // Too large is said beside the field before anything is read, and the facts beside it wait too.
    const huge = new FormData();
    huge.set("brand", "Too Big Brand");
    huge.set("labReport", new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], "coa.pdf", { type: "application/pdf" }));
    expect(await submitCompliance(t.db, id, huge)).toEqual({ labReport: MESSAGES.labReportTooLarge });
    expect((await findProductCompliance(t.db, id)).brand).toBeNull();

    const good = new FormData();
    good.set("brand", "Calm Creek");
    good.set("productClass", "cannabinoid");
    good.set("upc", "036000291452");
    good.set("thcMg", "0.3");
    good.set("labReport", new File(["%PDF-1.4\n%%EOF\n"], "coa.pdf", { type: "application/pdf" }));
    expect(await submitCompliance(t.db, id, good)).toBeNull();
    expect(await findProductCompliance(t.db, id)).toMatchObject({
      brand: "Calm Creek",
      productClass: "cannabinoid",
      thcMg: 0.3,
      labReport: { type: "application/pdf" },
    });
    expect(await findLabReport(t.db, id)).toMatchObject({ type: "application/pdf" });

    const other = await product("Other product", { country: "US" });
    expect(await bulkSetCompliance(t.db, [id, other], { brand: "Acme", country: "CN" }, TEST_ADMIN)).toBe(2);
    expect(await findProductCompliance(t.db, id)).toMatchObject({
      brand: "Acme",
      country: "CN",
      productClass: "cannabinoid",
    });
    expect(await findProductCompliance(t.db, other)).toMatchObject({ brand: "Acme", country: "CN" });
  });

  it("sets the facts when the product is created, in the product's transaction", async () => {
    const form = new FormData();
    form.set("brand", "Lone Star Leaf");
    form.set("productClass", "kratom");
    form.set("upc", "036000291452");
    form.set("directoryStates", "ky");
    const read = readComplianceFacts(form);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const id = await createProductWithImages(
      t.db,
      { name: "New kratom", description: "", priceCents: 1000, stock: 5, category: "kratom" },
      [],
      TEST_ADMIN,
      read.facts,
    );
    expect(await findProductCompliance(t.db, id)).toMatchObject({
      brand: "Lone Star Leaf",
      productClass: "kratom",
      upc: "036000291452",
      directoryStates: ["KY"],
    });
    const log = await listAudit(t.db, { subjectType: "product", subjectId: String(id) });
    expect(log.items.map((i) => i.action).sort()).toEqual(["product.compliance", "product.create"]);

    const bad = new FormData();
    bad.set("upc", "123456789013");
    bad.set("country", "USA");
    expect(readComplianceFacts(bad)).toEqual({
      ok: false,
      errors: { upc: MESSAGES.upcFormat, country: MESSAGES.countryFormat },
    });

    // The facts fail to save: the product is not created either.
    const failing = { ...read.facts };
    Object.defineProperty(failing, "brand", {
      enumerable: true,
      get() {
        throw new Error("facts write failed");
      },
    });
    const before = await t.db
      .selectFrom("products")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await expect(
      createProductWithImages(
        t.db,
        { name: "Half made", description: "", priceCents: 1000, stock: 5, category: "kratom" },
        [],
        TEST_ADMIN,
        failing,
      ),
    ).rejects.toThrow("facts write failed");
    const after = await t.db
      .selectFrom("products")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await findProduct(t.db, id)).toBeDefined();
  });

  it("keeps the states whose vape directory lists a product: form, bulk additions, audit log, facts loader", async () => {
    const id = await product("Listed vape", { productClass: "nicotine-vape" });
    const bad = new FormData();
    bad.set("directoryStates", "KY, Kentucky");
    expect(await submitCompliance(t.db, id, bad)).toEqual({
      directoryStates: MESSAGES.directoryStateUnknown,
    });
    const good = new FormData();
    good.set("productClass", "nicotine-vape");
    good.set("directoryStates", "va ky, KY");
    expect(await submitCompliance(t.db, id, good)).toBeNull();
    expect((await loadFacts(t.db, [id])).get(id)?.directoryStates).toEqual(["KY", "VA"]);
    const log = await listAudit(t.db, { subjectType: "product", subjectId: String(id) });
    expect(log.items[0]?.after).toMatchObject({ directoryStates: "KY, VA" });

    const other = await product("Unlisted vape", { productClass: "nicotine-vape" });
    expect(await bulkSetCompliance(t.db, [id, other], { addDirectoryStates: ["NC", "KY"] }, TEST_ADMIN)).toBe(2);
    const facts = await loadFacts(t.db, [id, other]);
    expect(facts.get(id)?.directoryStates).toEqual(["KY", "NC", "VA"]);
    expect(facts.get(other)?.directoryStates).toEqual(["KY", "NC"]);
    // Saving the other facts without naming the listings keeps them.
    await saveProductCompliance(
      t.db,
      other,
      {
        brand: "Acme",
        productClass: "nicotine-vape",
        flavorClass: null,
        nicotineMgMl: null,
        country: null,
        upc: null,
        thcMg: null,
        sevenOhPercent: null,
      },
      TEST_ADMIN,
    );
    expect((await findProductCompliance(t.db, other)).directoryStates).toEqual(["KY", "NC"]);
  });

  it("refuses a directory rule that contradicts a block, and takes one beside a license rule", async () => {
    await createRule(
      t.db,
      input({ name: "Kentucky vape ban", classes: "nicotine-vape", states: "KY", reason: "No vapes." }),
      TEST_ADMIN,
    );
    const listing = input({
      name: "Kentucky directory",
      classes: "nicotine-vape",
      states: "KY, VA",
      effect: "require-listing",
      reason: "{state} allows only listed vapes.",
    });
    const refused = await createRule(t.db, listing, TEST_ADMIN).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RuleError);
    expect((refused as Error).message).toBe(MESSAGES.ruleContradicts("Kentucky vape ban"));
    expect((await listRules(t.db)).map((r) => r.name)).toEqual(["Kentucky vape ban"]);
    await clearRules();
    await createRule(
      t.db,
      input({
        name: "Kentucky vape license",
        classes: "nicotine-vape",
        states: "KY",
        effect: "require-license",
        licenseType: "state-tobacco-vape",
        reason: "License.",
      }),
      TEST_ADMIN,
    );
    const created = await createRule(t.db, listing, TEST_ADMIN);
    expect(created).toMatchObject({ effect: "require-listing", licenseType: null, states: ["KY", "VA"] });
  });
});

describe(`the admin's "test a sale" box on ${ON}`, () => {
  it("reads the customer's licenses: one holding the approved license is allowed, one without is asked for it", async () => {
    await createRule(
      t.db,
      input({
        name: "Texas hemp registration",
        classes: "cannabinoid",
        states: "TX",
        effect: "require-license",
        licenseType: "tx-dshs-hemp",
        reason: "Texas requires a DSHS hemp retail registration to buy hemp products.",
        label: "hemp registration required",
      }),
      TEST_ADMIN,
    );
    const cbd = await product("Tested CBD", { productClass: "cannabinoid", thcMg: 0 });
    await insertLicense("tx-dshs-hemp", "approved", null);
    await ensureAccount(t.db, { email: "unlicensed@shop.test", name: "Unlicensed", role: "customer" });
    const sale = (customer: string) =>
      testSale(t.db, { productId: cbd, product: "", state: "TX", zip: "75201", customer, date: "2026-03-01" });

    const held = await sale("Dallas@Shop.test");
    expect(held).toMatchObject({
      ok: true,
      result: { outcome: "allowed", customer: "Dallas@Shop.test", date: "2026-03-01", licenseLabel: null },
    });
    expect(held.ok && held.result.applied).toEqual([
      expect.objectContaining({ name: "Texas hemp registration", result: "license-held" }),
    ]);

    const missing = await sale("unlicensed@shop.test");
    expect(missing).toMatchObject({
      ok: true,
      result: {
        outcome: "license-required",
        reason: "Texas requires a DSHS hemp retail registration to buy hemp products.",
        licenseLabel: "Texas DSHS hemp retail registration",
      },
    });
    expect(missing.ok && missing.result.deciding).toEqual([
      expect.objectContaining({ name: "Texas hemp registration", result: "license-missing" }),
    ]);

    // No customer: a buyer with no licenses. An unknown email: said so, on the customer field.
    expect(await sale("")).toMatchObject({ ok: true, result: { outcome: "license-required", customer: null } });
    expect(await sale("nobody@shop.test")).toEqual({
      ok: false,
      field: "customer",
      message: MESSAGES.noCustomerWithEmail,
    });
  });

  it("decides by the rules in force on the date asked: not before a rule's start, not after its last day", async () => {
    await createRule(t.db, input({ effectiveFrom: "2026-01-01", effectiveUntil: "2026-06-30" }), TEST_ADMIN);
    const kratom = await product("Dated kratom", { productClass: "kratom" });
    const on = async (date: string) => {
      const tested = await testSale(t.db, {
        productId: kratom,
        product: "",
        state: "IN",
        zip: "46201",
        customer: "",
        date,
      });
      if (!tested.ok) throw new Error(tested.message);
      return { outcome: tested.result.outcome, rules: tested.result.applied.map((r) => r.name) };
    };
    expect(await on("2025-12-31")).toEqual({ outcome: "allowed", rules: [] });
    expect(await on("2026-01-01")).toEqual({ outcome: "blocked", rules: ["Kratom bans"] });
    expect(await on("2026-06-30")).toEqual({ outcome: "blocked", rules: ["Kratom bans"] });
    expect(await on("2026-07-01")).toEqual({ outcome: "allowed", rules: [] });
  });

  it("takes the product whose SKU was typed when none was picked (no JavaScript), in any case", async () => {
    await createRule(t.db, input({}), TEST_ADMIN);
    const kratom = await product("Typed kratom", { productClass: "kratom" });
    const { sku } = await t.db.selectFrom("products").select("sku").where("id", "=", kratom).executeTakeFirstOrThrow();
    const typed = (product: string) =>
      testSale(t.db, { productId: null, product, state: "IN", zip: "46201", customer: "", date: "2026-03-01" });
    for (const written of [sku, sku.toLowerCase(), ` ${sku} `])
      expect(await typed(written)).toMatchObject({
        ok: true,
        result: { productName: "Typed kratom", outcome: "blocked" },
      });
    // A name, or a SKU no product has: the product field says to choose one.
    for (const written of ["Typed kratom", "NO-SUCH-SKU", ""])
      expect(await typed(written)).toEqual({ ok: false, field: "product", message: MESSAGES.chooseCatalogProduct });
    // A picked product wins over what is typed.
    const glass = await product("Picked glass", { productClass: "glass" });
    expect(
      await testSale(t.db, { productId: glass, product: sku, state: "IN", zip: "46201", customer: "", date: "" }),
    ).toMatchObject({ ok: true, result: { productName: "Picked glass", outcome: "allowed" } });
  });
});

describe(`admin order changes check the rules on ${ON}`, () => {
  it("refuses to put a cancelled order back in play when a rule now forbids a line", async () => {
    const kratom = await product("Kratom for status", { productClass: "kratom" });
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: texas,
      lines: [{ id: kratom, quantity: 1 }],
    });
    await changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    const ban = await createRule(
      t.db,
      input({ name: "Texas kratom ban", states: "TX", reason: "Kratom cannot be shipped to {state}." }),
      TEST_ADMIN,
    );
    const refused = await changeOrderStatus(
      t.db,
      order.id,
      { seen: "Cancelled", next: "Processing" },
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StatusChangeError);
    expect((refused as Error).message).toBe(
      `Order #${order.id} cannot leave Cancelled: Kratom for status: Kratom cannot be shipped to Texas.`,
    );
    await setRuleEnabled(t.db, ban.id, false, TEST_ADMIN);
    expect(await changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Processing" }, TEST_ADMIN)).toBe(
      "Processing",
    );
    const checks = await findLineChecks(t.db, order.id);
    expect([...checks.values()].map((c) => c.outcome)).toEqual(["allowed"]);
  });

  it("refuses to put a completed order back to Processing when a rule now forbids a line", async () => {
    const kratom = await product("Kratom for reshipping", { productClass: "kratom" });
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: texas,
      lines: [{ id: kratom, quantity: 1 }],
    });
    expect(await changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Completed" }, TEST_ADMIN)).toBe(
      "Completed",
    );
    const ban = await createRule(
      t.db,
      input({ name: "Texas kratom ban (reshipping)", states: "TX", reason: "Kratom cannot be shipped to {state}." }),
      TEST_ADMIN,
    );
    const refused = await changeOrderStatus(
      t.db,
      order.id,
      { seen: "Completed", next: "Processing" },
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StatusChangeError);
    expect((refused as Error).message).toBe(
      `Order #${order.id} cannot go back to Processing: Kratom for reshipping: Kratom cannot be shipped to Texas.`,
    );
    const status = await t.db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirst();
    expect(status?.status).toBe("Completed");
    await setRuleEnabled(t.db, ban.id, false, TEST_ADMIN);
    expect(await changeOrderStatus(t.db, order.id, { seen: "Completed", next: "Processing" }, TEST_ADMIN)).toBe(
      "Processing",
    );
  });

  it("an admin's edit that adds units is checked as a new order would be; taking units away never is", async () => {
    const glass = await product("Glass for edits", { productClass: "glass" });
    const kratom = await product("Kratom for edits", { productClass: "kratom" });
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: texas,
      lines: [
        { id: glass, quantity: 1 },
        { id: kratom, quantity: 2 },
      ],
    });
    await createRule(
      t.db,
      input({ name: "Texas kratom ban (edits)", states: "TX", reason: "Kratom cannot be shipped to {state}." }),
      TEST_ADMIN,
    );
    const stockBefore = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", kratom)
      .executeTakeFirstOrThrow();
    const kratomSku = (
      await t.db.selectFrom("products").select("sku").where("id", "=", kratom).executeTakeFirstOrThrow()
    ).sku;
    const refused = await editOrder(
      t.db,
      order.id,
      { kind: "add", sku: kratomSku, quantity: 1, seen: await linesSeen(t.db, order.id) },
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderEditError);
    expect((refused as Error).message).toBe("Kratom for edits: Kratom cannot be shipped to Texas.");
    const line = (await editableLines(t.db, order.id)).find((l) => l.productId === kratom);
    const more = await editOrder(
      t.db,
      order.id,
      { kind: "quantity", lineId: line?.id ?? 0, quantity: 3, seen: 2 },
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(more).toBeInstanceOf(OrderEditError);
    // Nothing moved: the same stock and lines.
    const stockAfter = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", kratom)
      .executeTakeFirstOrThrow();
    expect(stockAfter.stock).toBe(stockBefore.stock);
    expect((await editableLines(t.db, order.id)).find((l) => l.productId === kratom)?.quantity).toBe(2);
    // Removing the line the rule now forbids is allowed.
    await editOrder(t.db, order.id, { kind: "remove", lineId: line?.id ?? 0, seen: 2 }, TEST_ADMIN);
    expect((await editableLines(t.db, order.id)).map((l) => l.productId)).toEqual([glass]);
  });
});

describe(`the PACT report on ${ON}`, () => {
  it("lists a month's interstate vape shipments by state from the order records, as CSV", async () => {
    expect(shipperState("2400 Irving Blvd, Dallas, TX 75207")).toBe("TX");
    const ok = await createAddress(t.db, buyer, {
      businessName: "=Okie Vapes",
      street: "1 Route 66",
      city: "Tulsa",
      state: "OK",
      zip: "74103",
      phone: "",
      isDefault: false,
    });
    const vape = await product("Tobacco Vape 5%", {
      brand: "Zephyr",
      productClass: "nicotine-vape",
      flavorClass: "tobacco",
    });
    const glass = await product("Glass pipe", { productClass: "glass" });
    const place = async (addressId: string, lines: { id: number; quantity: number }[]) =>
      (await placeOrder(t.db, { userId: buyer, idempotencyKey: crypto.randomUUID(), addressId, lines })).order;
    const shipped = await place(ok.id, [
      { id: vape, quantity: 3 },
      { id: glass, quantity: 1 },
    ]);
    await place(texas, [{ id: vape, quantity: 5 }]);
    const cancelled = await place(ok.id, [{ id: vape, quantity: 7 }]);
    await changeOrderStatus(t.db, cancelled.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    // The brand as it was when the order was placed, whatever it is now.
    await saveProductCompliance(
      t.db,
      vape,
      { ...(await findProductCompliance(t.db, vape)), brand: "Renamed" },
      TEST_ADMIN,
    );

    const month = shipped.createdAt.slice(0, 7);
    expect(await pactSummary(t.db, month)).toEqual([{ state: "OK", name: "Oklahoma", orders: 1, units: 3 }]);
    const rows = await pactShipments(t.db, month, "OK");
    expect(rows).toMatchObject([{ orderId: shipped.id, brand: "Zephyr", quantity: 3, recipient: "=Okie Vapes" }]);
    const csv = pactCsv(rows).trim().split("\n");
    expect(csv[0]).toBe(
      "Shipper,Shipper address,Order date,Order,Recipient,Street,City,State,ZIP,Phone,Brand,Product,SKU,Quantity,Carrier,Tracking",
    );
    expect(csv[1]).toContain(`,${shipped.id},'=Okie Vapes,1 Route 66,Tulsa,OK,74103,,Zephyr,Tobacco Vape 5%,`);
    expect(csv).toHaveLength(2);
    expect(await pactSummary(t.db, "1999-01")).toEqual([]);
  });

  it("leaves out no shipped vape line: lines without a compliance record are reported from the product's facts", async () => {
    const ar = await createAddress(t.db, buyer, {
      businessName: "Ozark Vapor",
      street: "2 Main St",
      city: "Little Rock",
      state: "AR",
      zip: "72201",
      phone: "",
      isDefault: false,
    });
    const old = await product("Menthol Vape 3%", { brand: "Frost", productClass: "nicotine-vape" });
    const gone = await product("Fruit Vape 0%", { brand: "Orchard", productClass: "non-nicotine-vape" });
    const glass = await product("Glass bowl", { productClass: "glass" });
    const place = async (lines: { id: number; quantity: number }[]) =>
      (await placeOrder(t.db, { userId: buyer, idempotencyKey: crypto.randomUUID(), addressId: ar.id, lines })).order;
    // Placed before the compliance feature (or imported): no record of its lines.
    const before = await place([
      { id: old, quantity: 4 },
      { id: glass, quantity: 2 },
    ]);
    await t.db.deleteFrom("order_line_compliance").where("order_id", "=", before.id).execute();
    // Recorded, and the product deleted since: the record still says what it was.
    const recorded = await place([{ id: gone, quantity: 6 }]);
    await t.db.deleteFrom("products").where("id", "=", gone).execute();

    const month = before.createdAt.slice(0, 7);
    const rows = await pactShipments(t.db, month, "AR");
    expect(rows.map((r) => ({ order: r.orderId, product: r.product, brand: r.brand, quantity: r.quantity }))).toEqual([
      { order: before.id, product: "Menthol Vape 3%", brand: "Frost", quantity: 4 },
      { order: recorded.id, product: "Fruit Vape 0%", brand: "Orchard", quantity: 6 },
    ]);
    expect((await pactSummary(t.db, month)).find((s) => s.state === "AR")).toEqual({
      state: "AR",
      name: "Arkansas",
      orders: 2,
      units: 10,
    });
  });
});

describe(`placing an order checks the rules on ${ON}`, () => {
  it("refuses a blocked line with the reason, writes nothing, and records the rules of a placed order", async () => {
    await createRule(t.db, input({}), TEST_ADMIN);
    const kratom = await product("Red Bali Kratom", { productClass: "kratom" });
    const stockBefore = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", kratom)
      .executeTakeFirstOrThrow();
    const refused = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: indiana,
      lines: [{ id: kratom, quantity: 2 }],
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderRefusedError);
    expect((refused as Error).message).toBe("Red Bali Kratom: Kratom cannot be shipped to Indiana (state ban).");
    const stockAfter = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", kratom)
      .executeTakeFirstOrThrow();
    expect(stockAfter.stock).toBe(stockBefore.stock);

    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: texas,
      lines: [{ id: kratom, quantity: 2 }],
    });
    const checks = await findLineChecks(t.db, order.id);
    expect(checks.size).toBe(1);
    expect([...checks.values()][0]).toMatchObject({ outcome: "allowed", rules: [] });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "a rule change committed while an order is being placed wins (PostgreSQL: the order waits for it)",
    async () => {
      const kratom = await product("Kratom mid-checkout", { productClass: "kratom" });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written: () => void = () => {};
      const didWrite = new Promise<void>((resolve) => {
        written = resolve;
      });
      const now = new Date().toISOString();
      // Another server's admin adds a Texas kratom ban; its transaction is still open.
      const edit = other.transaction().execute(async (trx) => {
        await trx
          .insertInto("compliance_rules")
          .values({
            name: "Texas kratom ban",
            scope: JSON.stringify({ classes: ["kratom"] }),
            states: JSON.stringify(["TX"]),
            zips: "[]",
            effective_from: "2025-01-01",
            effective_until: null,
            effect: "block",
            license_type: null,
            reason: "Kratom cannot be shipped to {state}.",
            label: "ban",
            enabled: 1,
            example: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
        written();
        await held;
      });
      await didWrite;
      const order = placeOrder(t.db, {
        userId: buyer,
        idempotencyKey: crypto.randomUUID(),
        addressId: texas,
        lines: [{ id: kratom, quantity: 1 }],
      }).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await edit;
      const result = await order;
      expect(result).toBeInstanceOf(OrderRefusedError);
      expect((result as Error).message).toBe("Kratom mid-checkout: Kratom cannot be shipped to Texas.");
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "a change of a product's facts committed while an order is being placed wins (PostgreSQL: the order waits for it)",
    async () => {
      await createRule(
        t.db,
        input({ name: "Texas kratom ban", states: "TX", reason: "Kratom cannot be shipped to {state}." }),
        TEST_ADMIN,
      );
      /** Until the order's transaction waits for a lock held by the change in flight. */
      const orderWaits = async () => {
        for (let i = 0; i < 200; i++) {
          const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
          if (Number(rows[0]?.n) > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error("the order never waited for the change of facts");
      };
      /** Runs a change of facts on another server's connection, placing the order while it is open. */
      const raceWith = async (productId: number, change: (trx: Transaction<DB>) => Promise<void>) => {
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let written: () => void = () => {};
        const didWrite = new Promise<void>((resolve) => {
          written = resolve;
        });
        const edit = other.transaction().execute(async (trx) => {
          await change(trx);
          written();
          await held;
        });
        await didWrite;
        const order = placeOrder(t.db, {
          userId: buyer,
          idempotencyKey: crypto.randomUUID(),
          addressId: texas,
          lines: [{ id: productId, quantity: 1 }],
        }).catch((e: unknown) => e);
        await orderWaits();
        release();
        await edit;
        return order;
      };

      // A product whose facts row exists: an admin's tool reclassifies it as kratom.
      const relabeled = await product("Relabeled pouch", { productClass: "glass" });
      const first = await raceWith(relabeled, async (trx) => {
        await trx
          .updateTable("product_compliance")
          .set({ product_class: "kratom" })
          .where("product_id", "=", relabeled)
          .execute();
      });
      expect(first).toBeInstanceOf(OrderRefusedError);
      expect((first as Error).message).toBe("Relabeled pouch: Kratom cannot be shipped to Texas.");

      // A product with no facts yet: the admin's form gives it its first ones.
      const unlabeled = await product("Unlabeled pouch", {});
      const second = await raceWith(unlabeled, async (trx) => {
        await saveProductCompliance(trx, unlabeled, { ...EMPTY_COMPLIANCE, productClass: "kratom" }, TEST_ADMIN);
      });
      expect(second).toBeInstanceOf(OrderRefusedError);
    },
  );

  it("refuses a vape not listed in Kentucky's directory inside the order transaction; listed there, it goes through", async () => {
    const kentucky = (
      await createAddress(t.db, buyer, {
        businessName: "Louisville store",
        street: "9 River Rd",
        city: "Louisville",
        state: "KY",
        zip: "40202",
        phone: "",
        isDefault: false,
      })
    ).id;
    const directory = await createRule(
      t.db,
      input({
        name: "State vape directories",
        classes: "nicotine-vape",
        states: "KY, NC, AL, LA, OK, VA, AR, WI",
        effect: "require-listing",
        reason: "{state} allows only vapes listed in its state directory.",
        label: "not in state directory",
      }),
      TEST_ADMIN,
    );
    const vape = await product("Nimbus Tobacco 10-pack", { productClass: "nicotine-vape", flavorClass: "tobacco" });
    const stock = async () =>
      (await t.db.selectFrom("products").select("stock").where("id", "=", vape).executeTakeFirstOrThrow()).stock;
    const orders = async () =>
      Number(
        (
          await t.db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [stockBefore, ordersBefore] = [await stock(), await orders()];
    const place = () =>
      placeOrder(t.db, {
        userId: buyer,
        idempotencyKey: crypto.randomUUID(),
        addressId: kentucky,
        lines: [{ id: vape, quantity: 1 }],
      });

    // Listings and the cart see it before checkout; the admin's test box says the same.
    const verdict = (
      await checkProducts(t.db, {
        userId: buyer,
        destination: { state: "KY", zip: "40202", addressId: kentucky },
        productIds: [vape],
      })
    ).get(vape);
    expect(verdict).toMatchObject({ outcome: "blocked", label: "not in state directory" });
    const tested = await testSale(t.db, {
      productId: vape,
      product: "",
      state: "KY",
      zip: "40202",
      customer: "",
      date: "",
    });
    expect(tested.ok && tested.result.outcome).toBe("blocked");

    const refused = await place().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderRefusedError);
    expect((refused as Error).message).toBe(
      "Nimbus Tobacco 10-pack: Kentucky allows only vapes listed in its state directory.",
    );
    expect([await stock(), await orders()]).toEqual([stockBefore, ordersBefore]);

    // Another app server's admin lists it in Kentucky's directory through the product form.
    const form = new FormData();
    form.set("productClass", "nicotine-vape");
    form.set("flavorClass", "tobacco");
    form.set("directoryStates", "ky, nc");
    expect(await submitCompliance(other, vape, form)).toBeNull();
    expect((await findProductCompliance(t.db, vape)).directoryStates).toEqual(["KY", "NC"]);
    const { order } = await place();
    const checks = await findLineChecks(t.db, order.id);
    expect([...checks.values()][0]).toMatchObject({
      outcome: "allowed",
      rules: [{ id: directory.id, effect: "require-listing", result: "listed" }],
    });

    // Taken off the directory: putting the cancelled order back in play is checked the same way.
    await changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    await bulkSetCompliance(t.db, [vape], { brand: "Nimbus" }, TEST_ADMIN);
    expect((await findProductCompliance(t.db, vape)).directoryStates).toEqual(["KY", "NC"]);
    await saveProductCompliance(
      t.db,
      vape,
      { ...(await findProductCompliance(t.db, vape)), directoryStates: ["NC"] },
      TEST_ADMIN,
    );
    const back = await changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Processing" }, TEST_ADMIN).catch(
      (e: unknown) => e,
    );
    expect(back).toBeInstanceOf(StatusChangeError);
    expect((back as Error).message).toContain("Kentucky allows only vapes listed in its state directory.");
  });

  it("asks for a missing license, and records the license rule once the license is approved", async () => {
    await createRule(
      t.db,
      input({
        name: "Texas hemp registration",
        classes: "cannabinoid",
        states: "TX",
        effect: "require-license",
        licenseType: "tx-dshs-hemp",
        reason: "Texas requires a DSHS hemp retail registration to buy hemp products.",
        label: "hemp registration required",
      }),
      TEST_ADMIN,
    );
    const cbd = await product("CBD Gummies", { productClass: "cannabinoid", thcMg: 0 });
    const order = () =>
      placeOrder(t.db, {
        userId: buyer,
        idempotencyKey: crypto.randomUUID(),
        addressId: texas,
        lines: [{ id: cbd, quantity: 1 }],
      });
    await expect(order()).rejects.toThrow(
      "CBD Gummies: Texas requires a DSHS hemp retail registration to buy hemp products.",
    );
    await insertLicense("tx-dshs-hemp", "approved", addDays(storeToday(), 30));
    const placed = await order();
    const check = [...(await findLineChecks(t.db, placed.order.id)).values()][0];
    expect(check?.rules).toEqual([
      expect.objectContaining({ name: "Texas hemp registration", effect: "require-license", result: "license-held" }),
    ]);
  });
});

async function insertLicense(type: string, status: "approved" | "pending" | "expired", expiresOn: string | null) {
  const now = new Date().toISOString();
  await t.db
    .insertInto("licenses")
    .values({
      id: crypto.randomUUID(),
      user_id: buyer,
      address_id: null,
      type,
      number: "H-1",
      issuing_state: "TX",
      expires_on: expiresOn,
      document_key: "none",
      document_type: "application/pdf",
      document_size: 1,
      status,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

type Step =
  | { kind: "address"; to: "TX" | "IN" }
  | { kind: "license"; status: "approved" | "pending" | "expired"; expired: boolean }
  | { kind: "revoke" }
  | { kind: "rule-add"; which: number }
  | { kind: "rule-toggle"; which: number }
  | { kind: "rule-edit"; which: number; states: string[] }
  | { kind: "listing"; states: string[] }
  | { kind: "order" };

const RULE_TEMPLATES = [
  { name: "Kratom bans", classes: "kratom", states: "IN", effect: "block" },
  {
    name: "Texas hemp registration",
    classes: "cannabinoid",
    states: "TX",
    effect: "require-license",
    licenseType: "tx-dshs-hemp",
  },
  { name: "Chinese vapes", classes: "nicotine-vape", countries: "CN", states: "TX", effect: "block" },
  { name: "All kratom, everywhere, later", classes: "kratom", effect: "block", effectiveFrom: "2026-01-01" },
  { name: "Vape directories", classes: "nicotine-vape", states: "IN, AL", effect: "require-listing" },
] as const;

describe(`no sequence of changes lets a blocked line into an order on ${ON}`, () => {
  it("address changes, license expiries and rule edits (some from another server) between orders", async () => {
    const products = [
      await product("Kratom P", { productClass: "kratom" }),
      await product("CBD P", { productClass: "cannabinoid", thcMg: 0 }),
      await product("Vape P", { productClass: "nicotine-vape", flavorClass: "tobacco", country: "CN" }),
      await product("Glass P", { productClass: "glass" }),
    ];
    const arbStep: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant("address" as const), to: fc.constantFrom("TX" as const, "IN" as const) }),
      fc.record({
        kind: fc.constant("license" as const),
        status: fc.constantFrom("approved" as const, "pending" as const, "expired" as const),
        expired: fc.boolean(),
      }),
      fc.record({ kind: fc.constant("revoke" as const) }),
      fc.record({
        kind: fc.constant("rule-add" as const),
        which: fc.integer({ min: 0, max: RULE_TEMPLATES.length - 1 }),
      }),
      fc.record({ kind: fc.constant("rule-toggle" as const), which: fc.nat(5) }),
      fc.record({
        kind: fc.constant("rule-edit" as const),
        which: fc.nat(5),
        states: fc.subarray(["TX", "IN", "AL"], { minLength: 1 }),
      }),
      fc.record({ kind: fc.constant("listing" as const), states: fc.subarray(["TX", "IN", "AL"]) }),
      fc.record({ kind: fc.constant("order" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbStep, { minLength: 1, maxLength: 10 }),
        fc.subarray(products, { minLength: 1 }),
        async (steps, lines) => {
          await clearRules();
          await t.db.deleteFrom("licenses").execute();
          let addressId = texas;
          for (const step of [...steps, { kind: "order" as const }]) {
            // Rule changes go through either this server or "another" one (its own connection).
            const writer = Math.random() < 0.5 ? t.db : other;
            if (step.kind === "address") addressId = step.to === "TX" ? texas : indiana;
            else if (step.kind === "listing")
              await writer
                .updateTable("product_compliance")
                .set({ directory_states: JSON.stringify(step.states) })
                .where("product_id", "=", products[2] ?? 0)
                .execute();
            else if (step.kind === "license")
              await insertLicense("tx-dshs-hemp", step.status, step.expired ? addDays(storeToday(), -1) : null);
            else if (step.kind === "revoke") await writer.updateTable("licenses").set({ status: "expired" }).execute();
            else if (step.kind === "rule-add") {
              const template = RULE_TEMPLATES[step.which] ?? RULE_TEMPLATES[0];
              await createRule(t.db, input({ reason: `${template.name}.`, ...template }), TEST_ADMIN).catch(() => {});
            } else if (step.kind === "rule-toggle") {
              const rules = await listRules(t.db);
              const rule = rules[step.which % Math.max(1, rules.length)];
              if (rule)
                await writer
                  .updateTable("compliance_rules")
                  .set({ enabled: rule.enabled ? 0 : 1 })
                  .where("id", "=", rule.id)
                  .execute();
            } else if (step.kind === "rule-edit") {
              const rules = await listRules(t.db);
              const rule = rules[step.which % Math.max(1, rules.length)];
              if (rule)
                await writer
                  .updateTable("compliance_rules")
                  .set({ states: JSON.stringify(step.states), updated_at: new Date().toISOString() })
                  .where("id", "=", rule.id)
                  .execute();
            } else {
              // What the rules say now, worked out from the tables directly (no cache, no transaction).
              const address = await t.db
                .selectFrom("addresses")
                .selectAll()
                .where("id", "=", addressId)
                .executeTakeFirstOrThrow();
              const destination = { state: address.state, zip: address.zip, addressId };
              const rules = await listRules(t.db);
              const facts = await loadFacts(t.db, lines);
              const licenses = await buyerLicenses(t.db, buyer);
              const blocked = lines.filter((id) => {
                const f = facts.get(id);
                return f && evaluateSale(f, destination, licenses, storeToday(), rules).outcome !== "allowed";
              });
              const result = await placeOrder(t.db, {
                userId: buyer,
                idempotencyKey: crypto.randomUUID(),
                addressId,
                lines: lines.map((id) => ({ id, quantity: 1 })),
              }).catch((e: unknown) => e);
              if (blocked.length) {
                expect(result).toBeInstanceOf(OrderRefusedError);
              } else {
                expect(result).not.toBeInstanceOf(Error);
                const placed = result as Awaited<ReturnType<typeof placeOrder>>;
                const checks = await findLineChecks(t.db, placed.order.id);
                expect([...checks.values()].every((c) => c.outcome === "allowed")).toBe(true);
                expect(checks.size).toBe(lines.length);
              }
            }
          }
        },
      ),
      { numRuns: process.env.DATABASE_URL ? 25 : 40 },
    );
  });
});

/** A customer of their own, with addresses written as given (an address saved before ZIPs were checked). */
async function customerWithAddresses(email: string, addresses: { state: string; zip: string; isDefault: boolean }[]) {
  await ensureAccount(t.db, { email, name: email, role: "customer" });
  const userId = (await findUserByEmail(t.db, email))?.id ?? "";
  const ids: string[] = [];
  for (const [i, a] of addresses.entries()) {
    const id = crypto.randomUUID();
    const now = new Date(Date.now() + i).toISOString();
    await t.db
      .insertInto("addresses")
      .values({
        id,
        user_id: userId,
        business_name: `${a.state} ${a.zip}`,
        street: `${i + 1} Main St`,
        city: "Town",
        state: a.state,
        zip: a.zip,
        phone: "",
        is_default: a.isDefault ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    ids.push(id);
  }
  return { userId, ids };
}

describe(`an address whose ZIP is of another state on ${ON} (issue 26)`, () => {
  const alabamaBan = () =>
    createRule(
      t.db,
      input({ name: "Alabama kratom ban", states: "AL", reason: "Kratom cannot be shipped to {state} (state ban)." }),
      TEST_ADMIN,
    );

  it("is refused when saved or edited, next to the ZIP, and nothing is written", async () => {
    const fields = { businessName: "Shop", street: "1 Main", city: "Dallas", phone: "", isDefault: false };
    const created = await createAddress(t.db, buyer, { ...fields, state: "TX", zip: "35203" }).catch((e: unknown) => e);
    expect(created).toBeInstanceOf(AddressError);
    expect(created).toMatchObject({ field: "zip", message: FORM_MESSAGES.zipNotInState("35203", "Alabama", "Texas") });
    const edited = await updateAddress(t.db, buyer, texas, { ...fields, state: "TX", zip: "35203" }, TEST_ADMIN).catch(
      (e: unknown) => e,
    );
    expect(edited).toBeInstanceOf(AddressError);
    const row = await t.db.selectFrom("addresses").select(["zip"]).where("id", "=", texas).executeTakeFirstOrThrow();
    expect(row.zip).toBe("75201");
    expect(
      await t.db.selectFrom("addresses").select("id").where("user_id", "=", buyer).where("zip", "=", "35203").execute(),
    ).toEqual([]);
  });

  it("one saved before ZIPs were checked ('TX 35203') gets Alabama's rules everywhere: checkout, cart, notes, test box", async () => {
    await alabamaBan();
    const kratom = await product("Kratom to Birmingham", { productClass: "kratom" });
    const glass = await product("Glass to Birmingham", { productClass: "glass" });
    const { userId, ids } = await customerWithAddresses("birmingham@shop.test", [
      { state: "TX", zip: "35203", isDefault: true },
    ]);
    const [legacy] = ids as [string];
    const refusal = await placeOrder(t.db, {
      userId,
      idempotencyKey: crypto.randomUUID(),
      addressId: legacy,
      lines: [
        { id: glass, quantity: 1 },
        { id: kratom, quantity: 1 },
      ],
    }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(OrderRefusedError);
    expect((refusal as Error).message).toBe("Kratom to Birmingham: Kratom cannot be shipped to Alabama (state ban).");
    expect(await t.db.selectFrom("orders").select("id").where("user_id", "=", userId).execute()).toEqual([]);

    expect((await cartCompliance(t.db, userId, legacy, [kratom, glass])).get(kratom)).toMatchObject({
      outcome: "blocked",
      reason: "Kratom cannot be shipped to Alabama (state ban).",
    });
    expect((await cartCompliance(t.db, userId, legacy, [glass])).size).toBe(0);
    expect((await productNotes(t.db, userId, [kratom, glass])).get(kratom)?.text).toBe(
      "Not available for your Alabama address: state ban",
    );
    const tested = await testSale(t.db, {
      productId: kratom,
      product: "",
      state: "TX",
      zip: "35203",
      customer: "",
      date: "",
    });
    expect(tested.ok && tested.result.outcome).toBe("blocked");
  });

  it("putting an order to such an address back in play, or adding to it, is refused by the ZIP's state", async () => {
    const kratom = await product("Kratom reopened", { productClass: "kratom" });
    const glass = await product("Glass reopened", { productClass: "glass" });
    const { userId, ids } = await customerWithAddresses("reopen-birmingham@shop.test", [
      { state: "TX", zip: "35203", isDefault: true },
    ]);
    const { order } = await placeOrder(t.db, {
      userId,
      idempotencyKey: crypto.randomUUID(),
      addressId: ids[0] ?? "",
      lines: [{ id: glass, quantity: 1 }],
    });
    await alabamaBan();
    const kratomSku = (
      await t.db.selectFrom("products").select("sku").where("id", "=", kratom).executeTakeFirstOrThrow()
    ).sku;
    const added = await editOrder(
      t.db,
      order.id,
      { kind: "add", sku: kratomSku, quantity: 1, seen: await linesSeen(t.db, order.id) },
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(added).toBeInstanceOf(OrderEditError);
    expect((added as Error).message).toBe("Kratom reopened: Kratom cannot be shipped to Alabama (state ban).");
    // A cancelled kratom order to the same address, placed before the ban: it may not come back.
    const { userId: second, ids: secondIds } = await customerWithAddresses("reopen-2@shop.test", [
      { state: "TX", zip: "35203", isDefault: true },
    ]);
    const rule = (await listRules(t.db)).find((r) => r.name === "Alabama kratom ban");
    await setRuleEnabled(t.db, rule?.id ?? 0, false, TEST_ADMIN);
    const { order: kratomOrder } = await placeOrder(t.db, {
      userId: second,
      idempotencyKey: crypto.randomUUID(),
      addressId: secondIds[0] ?? "",
      lines: [{ id: kratom, quantity: 1 }],
    });
    await changeOrderStatus(t.db, kratomOrder.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    await setRuleEnabled(t.db, rule?.id ?? 0, true, TEST_ADMIN);
    const reopened = await changeOrderStatus(
      t.db,
      kratomOrder.id,
      { seen: "Cancelled", next: "Processing" },
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(reopened).toBeInstanceOf(StatusChangeError);
    expect((reopened as Error).message).toContain("Kratom cannot be shipped to Alabama (state ban).");
  });
});

describe(`the cart before an address is chosen on ${ON} (issue 26)`, () => {
  it("warns about a line the default address may not receive when another address may, and stops it only when none may", async () => {
    await createRule(t.db, input({}), TEST_ADMIN); // kratom banned in Indiana
    const kratom = await product("Kratom, two addresses", { productClass: "kratom" });
    const glass = await product("Glass, two addresses", { productClass: "glass" });
    const { userId, ids } = await customerWithAddresses("two-addresses@shop.test", [
      { state: "IN", zip: "46201", isDefault: true },
      { state: "TX", zip: "75201", isDefault: false },
    ]);
    const [indianaId, texasId] = ids as [string, string];
    const inCart = await cartCompliance(t.db, userId, null, [kratom, glass]);
    expect([...inCart.keys()]).toEqual([kratom]);
    expect(inCart.get(kratom)).toEqual({
      outcome: "blocked",
      reason: MESSAGES.notForDefaultAddress("Kratom cannot be shipped to Indiana (state ban)."),
      licenseLabel: null,
      otherAddressAllows: true,
    });
    // Checkout decides per address chosen.
    expect((await cartCompliance(t.db, userId, indianaId, [kratom])).get(kratom)?.otherAddressAllows).toBe(false);
    expect((await cartCompliance(t.db, userId, texasId, [kratom])).size).toBe(0);
    const order = (addressId: string) =>
      placeOrder(t.db, {
        userId,
        idempotencyKey: crypto.randomUUID(),
        addressId,
        lines: [{ id: kratom, quantity: 1 }],
      });
    await expect(order(indianaId)).rejects.toThrow("Kratom cannot be shipped to Indiana (state ban).");
    expect((await order(texasId)).order.shipping.state).toBe("TX");

    // Only Indiana addresses: the line stops the order in the cart too.
    const { userId: onlyIndiana } = await customerWithAddresses("only-indiana@shop.test", [
      { state: "IN", zip: "46201", isDefault: true },
      { state: "IN", zip: "46204", isDefault: false },
    ]);
    expect((await cartCompliance(t.db, onlyIndiana, null, [kratom])).get(kratom)).toEqual({
      outcome: "blocked",
      reason: "Kratom cannot be shipped to Indiana (state ban).",
      licenseLabel: null,
      otherAddressAllows: false,
    });
  });
});
