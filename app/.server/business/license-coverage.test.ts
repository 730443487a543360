import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { licenseSchema } from "~/lib/schemas/business";
import type { RuleInput } from "~/lib/schemas/compliance";
import { ruleSchema } from "~/lib/schemas/compliance";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createAddress } from "../accounts/addresses";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { listAudit } from "../audit/log";
import { insertProduct } from "../catalog/product-writes";
import { buyerLicenses } from "../compliance/check";
import { saveProductCompliance } from "../compliance/facts";
import { createRule } from "../compliance/rules";
import { deleteAddress, updateAddress } from "../flows/address-book";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { addLicense, LicenseError, listLicenses, reviewLicense } from "./licenses";
import { reviewQueue } from "./queue";

/**
 * Issue 26, points 3 and 4: a license counts in the state that issued it, and a license uploaded
 * for one address follows that address (back to review when it moves to another state) or lapses
 * with it (deleted), never widening to the whole business. On SQLite and PostgreSQL.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

let t: TestDatabase;
let owner: string;
let actor: { id: string; name: string };
let vape: number;

const place = (state: string, zip: string, isDefault = false) =>
  createAddress(t.db, owner, {
    businessName: `Shop in ${state}`,
    street: `${crypto.randomUUID().slice(0, 6)} Main St`,
    city: "Town",
    state,
    zip,
    phone: "",
    isDefault,
  });

function rule(fields: Record<string, string>): RuleInput {
  const parsed = ruleSchema.safeParse({
    name: "California tobacco license",
    classes: "nicotine-vape",
    states: "CA",
    effectiveFrom: "2025-01-01",
    effect: "require-license",
    licenseType: "state-tobacco-vape",
    reason: "{state} requires a state tobacco or vape license.",
    label: "license required",
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function approvedLicense(fields: { issuingState: string; addressId?: string; type?: string }) {
  const parsed = licenseSchema("2026-01-01").safeParse({
    type: fields.type ?? "state-tobacco-vape",
    number: `L-${crypto.randomUUID().slice(0, 6)}`,
    issuingState: fields.issuingState,
    expiresOn: "2099-12-31",
    addressId: fields.addressId ?? "",
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  const added = await addLicense(t.db, owner, parsed.data, PDF, actor);
  return reviewLicense(t.db, added.id, { approve: true }, TEST_ADMIN);
}

const order = (addressId: string) =>
  placeOrder(t.db, {
    userId: owner,
    idempotencyKey: crypto.randomUUID(),
    addressId,
    lines: [{ id: vape, quantity: 1 }],
  });

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, { email: "coverage@shop.test", name: "Cory", role: "customer" });
  owner = (await findUserByEmail(t.db, "coverage@shop.test"))?.id ?? "";
  actor = { id: owner, name: "Cory <coverage@shop.test>" };
  vape = await insertProduct(
    t.db,
    { sku: "COV-VAPE", name: "Coverage vape", description: "", priceCents: 1000, stock: 10_000, category: "novelty" },
    [],
  );
  await saveProductCompliance(
    t.db,
    vape,
    {
      brand: null,
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
  await createRule(t.db, rule({}), TEST_ADMIN);
  await createRule(
    t.db,
    rule({ name: "Oklahoma tobacco license", states: "OK", reason: "{state} requires a state tobacco license." }),
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(async () => {
  await t.db.deleteFrom("licenses").execute();
  await t.db.deleteFrom("addresses").execute();
});

describe(`a license counts in the state that issued it on ${ON}`, () => {
  it("an approved Nevada license does not satisfy California's rule; a California one does", async () => {
    const california = await place("CA", "94110", true);
    await approvedLicense({ issuingState: "NV" });
    await expect(order(california.id)).rejects.toThrow(
      "Coverage vape: California requires a state tobacco or vape license.",
    );
    await approvedLicense({ issuingState: "CA" });
    const placed = await order(california.id);
    expect(placed.order.shipping.state).toBe("CA");
  });

  it("refuses to bind a license to an address in another state than the one that issued it", async () => {
    const california = await place("CA", "94110", true);
    const error = await approvedLicense({ issuingState: "NV", addressId: california.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LicenseError);
    expect(error).toMatchObject({
      field: "addressId",
      message: ACCOUNT_MESSAGES.licenseStateNotAddressState("Nevada", "California"),
    });
    expect(await listLicenses(t.db, owner)).toEqual([]);
  });
});

describe(`a license bound to an address follows it on ${ON}`, () => {
  it("deleting the address lapses the license (audit-logged); it never covers the business's other addresses", async () => {
    const first = await place("CA", "94110", true);
    const second = await place("CA", "90001");
    const license = await approvedLicense({ issuingState: "CA", addressId: first.id });
    await expect(order(second.id)).rejects.toBeInstanceOf(OrderRefusedError);
    expect((await order(first.id)).created).toBe(true);

    const removed = await deleteAddress(t.db, owner, first.id, actor);
    expect(removed?.lapsedLicenses.map((l) => l.id)).toEqual([license.id]);
    const [after] = await listLicenses(t.db, owner);
    expect(after).toMatchObject({ id: license.id, status: "expired", addressId: null, addressBound: true });
    await expect(order(second.id)).rejects.toThrow("California requires a state tobacco or vape license.");
    const log = (await listAudit(t.db, { subjectType: "license", subjectId: license.id })).items;
    expect(log[0]).toMatchObject({
      action: "license.lapse",
      actorName: actor.name,
      before: { status: "approved", addressId: first.id },
      after: { status: "expired", addressId: null },
    });
  });

  it("an address deleted by any other way (the foreign key's set null) still leaves the license covering nothing", async () => {
    const first = await place("CA", "94110", true);
    const second = await place("CA", "90001");
    await approvedLicense({ issuingState: "CA", addressId: first.id });
    await t.db.deleteFrom("addresses").where("id", "=", first.id).execute();
    const [held] = await buyerLicenses(t.db, owner);
    expect(held).toMatchObject({ status: "approved", addressId: null, addressBound: true });
    await expect(order(second.id)).rejects.toThrow("California requires a state tobacco or vape license.");
  });

  it("a whole-business license still covers every address, and deleting one changes nothing of it", async () => {
    const first = await place("CA", "94110", true);
    const second = await place("CA", "90001");
    const license = await approvedLicense({ issuingState: "CA" });
    expect((await deleteAddress(t.db, owner, first.id, actor))?.lapsedLicenses).toEqual([]);
    expect((await listLicenses(t.db, owner))[0]).toMatchObject({ id: license.id, status: "approved" });
    expect((await order(second.id)).created).toBe(true);
  });

  it("moving the address to another state sends its approved license back to review, told and audit-logged", async () => {
    const shop = await place("CA", "94110", true);
    const license = await approvedLicense({ issuingState: "CA", addressId: shop.id });
    const fields = { businessName: shop.businessName, street: shop.street, city: "Tulsa", phone: "", isDefault: true };
    // Within the state: nothing changes.
    const same = await updateAddress(t.db, owner, shop.id, { ...fields, state: "CA", zip: "90001" }, actor);
    expect(same?.licensesToReview).toEqual([]);
    expect((await listLicenses(t.db, owner))[0]?.status).toBe("approved");

    const moved = await updateAddress(t.db, owner, shop.id, { ...fields, state: "OK", zip: "74103" }, actor);
    expect(moved?.licensesToReview.map((l) => [l.id, l.status])).toEqual([[license.id, "pending"]]);
    expect((await listLicenses(t.db, owner))[0]).toMatchObject({ status: "pending", addressId: shop.id });
    await expect(order(shop.id)).rejects.toThrow("Oklahoma requires a state tobacco license.");
    const log = (await listAudit(t.db, { subjectType: "license", subjectId: license.id })).items;
    expect(log[0]).toMatchObject({
      action: "license.review-again",
      before: { status: "approved", addressState: "CA" },
      after: { status: "pending", addressState: "OK" },
    });
    // The admin's queue shows it with its address as it is now, and that it does not count there.
    const queued = (await reviewQueue(t.db)).licenses.find((l) => l.id === license.id);
    expect(queued).toMatchObject({
      countsFor: "Counts for orders to California",
      covers: `Covers ${shop.businessName}, ${shop.street}, Tulsa OK`,
      addressProblem: "The address it covers is now in Oklahoma: a license issued by California does not count there.",
    });
    expect(ACCOUNT_MESSAGES.addressMovedLicensesToReview("Oklahoma", ["Other state tobacco or vape license X"])).toBe(
      "Address saved successfully! It is now in Oklahoma, so the license that covers it goes back to review: Other state tobacco or vape license X.",
    );
    // Moved back: still pending, until an admin approves it again.
    await updateAddress(t.db, owner, shop.id, { ...fields, state: "CA", zip: "94110" }, actor);
    await expect(order(shop.id)).rejects.toThrow("California requires a state tobacco or vape license.");
    await reviewLicense(t.db, license.id, { approve: true }, TEST_ADMIN);
    expect((await order(shop.id)).created).toBe(true);
  });
});
