import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TEAM from "~/lib/messages/team";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { getAuth } from "../accounts/auth";
import { authBool } from "../accounts/auth-columns";
import { canSeePrices, type Viewer, viewerFromHeaders } from "../accounts/viewer";
import { listAudit } from "../audit/log";
import { insertProduct } from "../catalog/product-writes";
import { audienceFor, audienceKey } from "../flows/audience";
import { placeOrder } from "../flows/place-order";
import { listOrdersForUser } from "../orders/queries";
import { assignCustomer, createPriceGroup } from "../pricing/groups";
import { defaultRange } from "../reports/range";
import { salesBy } from "../reports/sales";
import { saveBusiness } from "./profile";
import { businessesToActFor, listReps, setAssignment, setSalesRep, startActing, stopActing } from "./reps";
import { TeamError } from "./team";

/**
 * Sales reps (issue 29) on the database of the run: a rep acts only for businesses assigned to
 * them and then sees exactly what that business sees; taking the assignment away ends it at once.
 */
let t: TestDatabase;
const PASSWORD = "rep-secret-12345";

async function headersOf(email: string): Promise<Headers> {
  const session = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  return new Headers({
    cookie: session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  });
}

async function viewerOf(headers: Headers): Promise<Viewer | null> {
  return viewerFromHeaders(headers);
}

async function business(email: string, legalName: string, state = "TX", zip = "75201") {
  const { id, addressId } = await customerWithAddress(t.db, email, { password: PASSWORD, state, zip, city: "Town" });
  await t.db
    .updateTable("users")
    .set({ email_verified: authBool(t.db, true) })
    .where("id", "=", id)
    .execute();
  await saveBusiness(
    t.db,
    id,
    { legalName, dba: null, businessType: "convenience-store", taxPermit: null },
    { id, name: email },
  );
  return { id, addressId };
}

let acme: { id: string; addressId: string };
let bolt: { id: string; addressId: string };
let repId: string;
let product: number;

beforeAll(async () => {
  t = await setupTestDatabase();
  acme = await business("owner@acme-reps.test", "Acme Reps Stores");
  bolt = await business("owner@bolt-reps.test", "Bolt Reps Gas", "OK", "73102");
  await ensureAccount(t.db, { email: "rita@store.test", name: "Rita Rep", role: "customer", password: PASSWORD });
  repId = (await t.db.selectFrom("users").select("id").where("email", "=", "rita@store.test").executeTakeFirstOrThrow())
    .id;
  product = await insertProduct(
    t.db,
    { sku: "REP-1", name: "Rep Lighter", description: "", priceCents: 1_000, stock: 50, category: "novelty" },
    [],
  );
  // Acme buys at 10% off: a rep acting for Acme must see that, and nothing of Bolt's.
  const group = await createPriceGroup(t.db, { name: "Rep Ten", kind: "percent", percentOffBp: 1_000 }, TEST_ADMIN);
  await assignCustomer(t.db, group, "owner@acme-reps.test", TEST_ADMIN);
});

afterAll(async () => {
  await t.cleanup();
});

describe("sales reps", () => {
  it("a rep is made by an admin, sees no prices until acting, and acts only for businesses assigned to them", async () => {
    await expect(setSalesRep(t.db, "owner@acme-reps.test", true, TEST_ADMIN)).rejects.toThrow(TEAM.repCannotBeMember);
    await setSalesRep(t.db, "rita@store.test", true, TEST_ADMIN);
    await setAssignment(t.db, repId, acme.id, true, TEST_ADMIN);
    const headers = await headersOf("rita@store.test");
    const idle = await viewerOf(headers);
    expect(idle).toMatchObject({ role: "rep", actingFor: null });
    expect(canSeePrices(idle)).toBe(false);

    const staff = { id: repId, staffRole: "rep" as const };
    expect((await businessesToActFor(t.db, staff, "")).map((b) => b.name)).toEqual(["Acme Reps Stores"]);
    expect(await businessesToActFor(t.db, staff, "bolt")).toEqual([]);
    // Another business's id posted by the rep: refused, nothing changes.
    const refused = await startActing(t.db, staff, bolt.id, { id: repId, name: "Rita" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TeamError);
    expect((refused as TeamError).status).toBe(403);
    expect((await viewerOf(headers))?.actingFor).toBeNull();

    await startActing(t.db, staff, acme.id, { id: repId, name: "Rita" });
    const acting = await viewerOf(headers);
    expect(acting).toMatchObject({
      role: "customer",
      accountId: acme.id,
      memberRole: "buyer",
      actingFor: { businessId: acme.id, businessName: "Acme Reps Stores", staffRole: "rep" },
    });
    // Exactly what Acme sees: its group and its address, and the banner's business in the key.
    const owner = await viewerOf(await headersOf("owner@acme-reps.test"));
    const repAudience = await audienceFor(t.db, acting);
    const ownerAudience = await audienceFor(t.db, owner);
    expect(repAudience.priceGroup).toEqual(ownerAudience.priceGroup);
    expect(repAudience.compliance).toEqual(ownerAudience.compliance);
    expect(audienceKey(repAudience)).not.toBe(audienceKey(ownerAudience));
  });

  it("orders placed while acting are the business's, placed by the rep, and the business's owner is told", async () => {
    const headers = await headersOf("rita@store.test");
    const rep = await viewerOf(headers);
    if (!rep?.actingFor) throw new Error("not acting");
    const { order } = await placeOrder(t.db, {
      userId: rep.accountId,
      placedBy: { id: rep.id, name: TEAM.nameForBusiness(rep.name, rep.actingFor.businessName) },
      confirmTo: rep.accountId,
      idempotencyKey: crypto.randomUUID(),
      addressId: acme.addressId,
      lines: [{ id: product, quantity: 2 }],
    });
    expect(order.placedBy).toBe("Rita Rep for Acme Reps Stores");
    // The group's price, as Acme pays.
    expect(order.money.totalCents).toBe(1_800);
    expect((await listOrdersForUser(t.db, acme.id)).map((o) => o.id)).toContain(order.id);
    // The sales-by-rep report (issue 32) counts it for Rita; the business's own orders are nobody's.
    const byRep = await salesBy(t.db, "rep", defaultRange());
    expect(byRep.rows).toEqual([
      expect.objectContaining({ key: repId, label: "Rita Rep", orders: 1, salesCents: 1_800 }),
    ]);
    const [summary] = await listReps(t.db, "2000-01-01");
    expect(summary).toMatchObject({ name: "Rita Rep", ordersThisMonth: 1, salesThisMonthCents: 1_800 });
    expect(summary?.businesses.map((b) => b.name)).toEqual(["Acme Reps Stores"]);
  });

  it("taking the assignment away ends the acting at once; an admin acts for any business and stops", async () => {
    const headers = await headersOf("rita@store.test");
    // A stale acting row (as if the assignment went some other way) is not honored either.
    await t.db.deleteFrom("rep_assignments").where("rep_id", "=", repId).execute();
    expect((await viewerOf(headers))?.actingFor).toBeNull();
    await setAssignment(t.db, repId, acme.id, true, TEAM_ADMIN_ACTOR);
    expect((await viewerOf(headers))?.actingFor?.businessId).toBe(acme.id);
    await setAssignment(t.db, repId, acme.id, false, TEAM_ADMIN_ACTOR);
    expect(await t.db.selectFrom("acting_for").selectAll().where("user_id", "=", repId).execute()).toEqual([]);
    expect((await viewerOf(headers))?.role).toBe("rep");

    await ensureAccount(t.db, { email: "ada@store.test", name: "Ada Admin", role: "admin", password: PASSWORD });
    const adminHeaders = await headersOf("ada@store.test");
    const admin = await viewerOf(adminHeaders);
    if (!admin) throw new Error("no admin");
    await startActing(t.db, { id: admin.id, staffRole: "admin" }, bolt.id, { id: admin.id, name: "Ada for Bolt" });
    expect(await viewerOf(adminHeaders)).toMatchObject({ role: "customer", accountId: bolt.id });
    await stopActing(t.db, admin.id, { id: admin.id, name: "Ada" });
    expect(await viewerOf(adminHeaders)).toMatchObject({ role: "admin", actingFor: null });
    const log = await listAudit(t.db, { subjectType: "business", subjectId: bolt.id });
    expect(log.items.map((e) => e.action)).toEqual(expect.arrayContaining(["acting.start", "acting.stop"]));

    await setSalesRep(t.db, "rita@store.test", false, TEAM_ADMIN_ACTOR);
    expect((await viewerOf(headers))?.role).toBe("customer");
  });
});

const TEAM_ADMIN_ACTOR = TEST_ADMIN;
