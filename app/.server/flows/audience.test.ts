import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createAddress } from "../accounts/addresses";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import type { Viewer } from "../accounts/viewer";
import { readVersions } from "../db/versions";
import { assignCustomer, createPriceGroup } from "../pricing/groups";
import { audienceFor, audienceKey, VISITOR_AUDIENCE } from "./audience";

/**
 * The audience (issue 28, decision 0035): two customers whose pages must be the same get the same
 * key, whatever differs about them that a page does not show (their ids, their addresses' ids, a
 * license bound to their address or to the whole business); anything a page shows (group, state,
 * ZIP, a license that counts) makes a different key. On SQLite and PostgreSQL.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

let t: TestDatabase;
let groupId: number;

async function customer(state: string, zip: string, options: { group?: boolean } = {}): Promise<Viewer> {
  const email = `aud-${crypto.randomUUID().slice(0, 8)}@audience.test`;
  await ensureAccount(t.db, { email, password: "audience-pass-1234", name: "Some Body", role: "customer" });
  const user = await findUserByEmail(t.db, email);
  if (!user) throw new Error("no user");
  await createAddress(t.db, user.id, {
    businessName: "Shop",
    street: `${crypto.randomUUID().slice(0, 6)} Main St`,
    city: "Town",
    state,
    zip,
    phone: "",
    isDefault: true,
  });
  if (options.group) await assignCustomer(t.db, groupId, email, TEST_ADMIN);
  return {
    id: user.id,
    name: "Some Body",
    email,
    username: null,
    role: "customer",
    emailVerified: true,
    approved: true,
    accountId: user.id,
    memberRole: "owner",
    orderLimitCents: null,
    actingFor: null,
  };
}

async function license(
  userId: string,
  fields: { type: string; state: string; status?: string; expiresOn?: string | null; bound?: boolean },
) {
  const address = await t.db
    .selectFrom("addresses")
    .select("id")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await t.db
    .insertInto("licenses")
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      address_id: fields.bound ? address.id : null,
      address_bound: fields.bound ? 1 : 0,
      type: fields.type,
      number: "N-1",
      issuing_state: fields.state,
      expires_on: fields.expiresOn === undefined ? "2099-12-31" : fields.expiresOn,
      document_key: "x",
      document_type: "application/pdf",
      document_size: 1,
      status: fields.status ?? "approved",
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
}

const keyOf = async (viewer: Viewer) => audienceKey(await audienceFor(t.db, viewer));

beforeAll(async () => {
  t = await setupTestDatabase();
  groupId = await createPriceGroup(t.db, { name: "Audience group", kind: "percent", percentOffBp: 500 }, TEST_ADMIN);
});

afterAll(async () => {
  await t?.cleanup();
});

describe(`audiences on ${ON}`, () => {
  it("nobody is the visitor audience; an admin sees prices with no group and no notes", async () => {
    expect(await audienceFor(t.db, null)).toBe(VISITOR_AUDIENCE);
    const admin = await audienceFor(t.db, {
      id: "x",
      name: "A",
      email: "a@x.test",
      username: null,
      role: "admin",
      emailVerified: true,
      approved: true,
      accountId: "x",
      memberRole: null,
      orderLimitCents: null,
      actingFor: null,
    });
    expect(admin).toMatchObject({ role: "admin", seesPrices: true, priceGroup: null, compliance: null });
    expect(audienceKey(admin)).not.toBe(audienceKey(VISITOR_AUDIENCE));
  });

  it("two customers alike in all a page shows share a key, however their licenses are held", async () => {
    const one = await customer("TX", "75201");
    const two = await customer("TX", "75201");
    await license(one.id, { type: "tx-dshs-hemp", state: "TX", bound: true });
    await license(two.id, { type: "tx-dshs-hemp", state: "TX", bound: false, expiresOn: "2098-01-01" });
    // Not counted: pending, rejected, expired.
    await license(two.id, { type: "tx-ecig-retailer", state: "TX", status: "pending" });
    await license(two.id, { type: "state-tobacco-vape", state: "TX", expiresOn: "2001-01-01" });
    expect(await keyOf(one)).toBe(await keyOf(two));
  });

  it("a group, a state, a ZIP, a license that counts, approval: each makes another key", async () => {
    const base = await customer("TX", "75201");
    const keys = new Set([await keyOf(base)]);
    keys.add(await keyOf(await customer("TX", "75201", { group: true })));
    keys.add(await keyOf(await customer("IN", "46204")));
    keys.add(await keyOf(await customer("TX", "75202")));
    const licensed = await customer("TX", "75201");
    await license(licensed.id, { type: "tx-dshs-hemp", state: "TX" });
    keys.add(await keyOf(licensed));
    const waiting = await customer("TX", "75201");
    keys.add(await keyOf({ ...waiting, approved: false }));
    expect(keys.size).toBe(6);
  });

  it("a remembered audience is used while nothing changed, and worked out again after a change", async () => {
    const who = await customer("TX", "75201");
    const before = await audienceFor(t.db, who, await readVersions(t.db));
    expect(await audienceFor(t.db, who, await readVersions(t.db))).toBe(before);
    await assignCustomer(t.db, groupId, who.email, TEST_ADMIN);
    const after = await audienceFor(t.db, who, await readVersions(t.db));
    expect(after.priceGroup?.id).toBe(groupId);
    expect(audienceKey(after)).not.toBe(audienceKey(before));
  });
});
