import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TEAM from "~/lib/messages/team";
import { OWNER_APPROVAL } from "~/lib/orders";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { listAddresses } from "../accounts/addresses";
import { ensureAccount } from "../accounts/admins";
import { getAuth } from "../accounts/auth";
import { authBool } from "../accounts/auth-columns";
import { applyUserAction } from "../accounts/user-admin";
import { findUserByEmail } from "../accounts/users";
import { forgetViewersForTests, type Viewer, viewerFromHeaders } from "../accounts/viewer";
import { listAudit } from "../audit/log";
import { insertProduct } from "../catalog/product-writes";
import { createLoginFromInvitation } from "../flows/join-team";
import { listAwaitingApproval } from "../flows/order-approvals";
import { findOrderDocument } from "../flows/order-documents";
import { decideApproval } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import { runJobsUntilIdle } from "../jobs/run-due";
import { findOrderForUser, listOrdersForUser } from "../orders/queries";
import { saveBusiness } from "./profile";
import {
  acceptInvitation,
  changeRole,
  inviteMember,
  listMembers,
  readInvitation,
  removeMember,
  setOrderLimit,
  TeamError,
} from "./team";

/**
 * Team accounts (issue 29) on the database the run is on (SQLite, or PostgreSQL with
 * DATABASE_URL): the business is the account, an owner invites buyers, a buyer's order above
 * their limit waits for an owner, a removed member is signed out and sees nothing of the business.
 */
let t: TestDatabase;
const PASSWORD = "team-secret-1234";

async function outbox(): Promise<{ to: string; subject: string; text: string }[]> {
  await runJobsUntilIdle({ db: t.db });
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

async function sessionOf(email: string): Promise<Headers> {
  const session = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  return new Headers({
    cookie: session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  });
}

async function viewerOf(headers: Headers): Promise<Viewer> {
  const viewer = await viewerFromHeaders(headers);
  if (!viewer) throw new Error("not signed in");
  return viewer;
}

/** A business registered by its founder, with a Dallas address; the founder's session. */
async function business(email: string, legalName: string) {
  const { id, addressId } = await customerWithAddress(t.db, email, { name: `${legalName} Owner`, password: PASSWORD });
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
  return { id, addressId, headers: await sessionOf(email) };
}

/** The token of the newest invitation mailed to an address. */
async function invitationTokenFor(email: string): Promise<string> {
  const mail = (await outbox()).filter((m) => m.to === email && m.subject.startsWith("You are invited")).at(-1);
  const token = mail?.text.match(/\/join\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

let product: number;

beforeAll(async () => {
  t = await setupTestDatabase();
  product = await insertProduct(
    t.db,
    { sku: "TEAM-1", name: "Team Kratom", description: "", priceCents: 2_500, stock: 100, category: "novelty" },
    [],
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe("team accounts", () => {
  it("a one-person business is its founder's account, as before: owner, own id", async () => {
    const solo = await business("solo@team.test", "Solo Mart");
    const viewer = await viewerOf(solo.headers);
    expect(viewer).toMatchObject({ accountId: solo.id, memberRole: "owner", orderLimitCents: null });
    expect((await listMembers(t.db, solo.id)).map((m) => [m.email, m.role, m.founder])).toEqual([
      ["solo@team.test", "owner", true],
    ]);
  });

  it("an owner invites a buyer by mail; the buyer makes a login from the link and orders for the business", async () => {
    const acme = await business("owner@acme.test", "Acme Stores");
    const owner = await viewerOf(acme.headers);
    await inviteMember(t.db, owner, { email: "Clerk@Acme.test", role: "buyer" });
    const token = await invitationTokenFor("clerk@acme.test");
    expect(await readInvitation(t.db, token)).toMatchObject({
      state: "valid",
      email: "clerk@acme.test",
      role: "buyer",
    });

    const joined = await createLoginFromInvitation(
      t.db,
      token,
      { name: "Cal Clerk", username: "calclerk", password: PASSWORD },
      "203.0.113.7",
    );
    expect(joined.businessName).toBe("Acme Stores");
    const clerk = await viewerOf(await sessionOf("clerk@acme.test"));
    expect(clerk).toMatchObject({ accountId: acme.id, memberRole: "buyer", approved: true });
    // The business's addresses are the buyer's to ship to.
    expect((await listAddresses(t.db, clerk.accountId)).map((a) => a.id)).toEqual([acme.addressId]);

    const { order } = await placeOrder(t.db, {
      userId: clerk.accountId,
      placedBy: { id: clerk.id, name: clerk.name },
      orderLimitCents: clerk.orderLimitCents,
      idempotencyKey: crypto.randomUUID(),
      addressId: acme.addressId,
      lines: [{ id: product, quantity: 2 }],
    });
    expect(order).toMatchObject({ status: "Processing", placedBy: "Cal Clerk", holdReason: null });
    // The owner sees it among the business's orders, and can filter by who placed it.
    expect((await listOrdersForUser(t.db, acme.id)).map((o) => o.id)).toContain(order.id);
    expect((await listOrdersForUser(t.db, acme.id, 50, clerk.id)).map((o) => o.id)).toEqual([order.id]);
    expect(await listOrdersForUser(t.db, acme.id, 50, owner.id)).toEqual([]);

    // The link works once.
    await expect(acceptInvitation(t.db, token, clerk)).rejects.toThrow(TEAM.invitationUsed);
    const joins = await listAudit(t.db, { subjectType: "business", subjectId: acme.id, action: "team.join" });
    expect(joins.items.map((e) => e.summary)).toEqual(["clerk@acme.test joined Acme Stores as buyer"]);
  });

  it("refuses an expired link, a link for another email and a person already in another business, changing nothing", async () => {
    const bolt = await business("owner@bolt.test", "Bolt Gas");
    const owner = await viewerOf(bolt.headers);

    await inviteMember(t.db, owner, { email: "late@bolt.test", role: "buyer" });
    const late = await invitationTokenFor("late@bolt.test");
    await t.db
      .updateTable("team_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "late@bolt.test")
      .execute();
    await expect(
      createLoginFromInvitation(t.db, late, { name: "Late", username: "latebolt", password: PASSWORD }, "203.0.113.8"),
    ).rejects.toThrow(TEAM.invitationExpired);
    expect(await findUserByEmail(t.db, "late@bolt.test")).toBeNull();

    // Someone who registered their own business cannot join another with that login.
    const other = await business("owner@corner.test", "Corner Shop");
    await inviteMember(t.db, owner, { email: "owner@corner.test", role: "buyer" });
    const taken = await invitationTokenFor("owner@corner.test");
    const otherViewer = await viewerOf(other.headers);
    await expect(acceptInvitation(t.db, taken, otherViewer)).rejects.toThrow(TEAM.alreadyInAnotherBusiness);
    expect((await viewerOf(other.headers)).accountId).toBe(other.id);
    expect(await readInvitation(t.db, taken)).toMatchObject({ state: "valid" });

    // A link forwarded to someone else is not theirs.
    await ensureAccount(t.db, { email: "stranger@team.test", name: "Stranger", role: "customer", password: PASSWORD });
    const stranger = await findUserByEmail(t.db, "stranger@team.test");
    await expect(acceptInvitation(t.db, taken, stranger as never)).rejects.toThrow(
      TEAM.invitationForAnotherEmail("owner@corner.test"),
    );
    await expect(acceptInvitation(t.db, "no-such-token", stranger as never)).rejects.toThrow(TEAM.invitationNotFound);
  });

  it("only an owner manages the team; the last owner stays, the founder stays, a demoted owner changes nothing", async () => {
    const dock = await business("owner@dock.test", "Dock Market");
    const founder = await viewerOf(dock.headers);
    await inviteMember(t.db, founder, { email: "buyer@dock.test", role: "buyer" });
    await createLoginFromInvitation(
      t.db,
      await invitationTokenFor("buyer@dock.test"),
      { name: "Bea Buyer", username: "beadock", password: PASSWORD },
      "203.0.113.9",
    );
    await inviteMember(t.db, founder, { email: "partner@dock.test", role: "owner" });
    await createLoginFromInvitation(
      t.db,
      await invitationTokenFor("partner@dock.test"),
      { name: "Pat Partner", username: "patdock", password: PASSWORD },
      "203.0.113.10",
    );
    const buyer = await viewerOf(await sessionOf("buyer@dock.test"));
    const partner = await viewerOf(await sessionOf("partner@dock.test"));
    expect(partner).toMatchObject({ accountId: dock.id, memberRole: "owner" });

    // A buyer posting the owner's actions is refused (403) and nothing changes.
    for (const attempt of [
      () => inviteMember(t.db, buyer, { email: "x@dock.test", role: "owner" }),
      () => changeRole(t.db, buyer, partner.id, "buyer"),
      () => setOrderLimit(t.db, buyer, buyer.id, null),
      () => removeMember(t.db, buyer, partner.id),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TeamError);
      expect((error as TeamError).status).toBe(403);
    }
    expect((await listMembers(t.db, dock.id)).map((m) => m.role).sort()).toEqual(["buyer", "owner", "owner"]);

    await expect(removeMember(t.db, partner, founder.id)).rejects.toThrow(TEAM.founderStays);
    await expect(changeRole(t.db, partner, partner.id, "buyer")).rejects.toThrow(TEAM.cannotChangeYourself);
    // The partner makes the founder a buyer; the founder's page, opened before, changes nothing now.
    await changeRole(t.db, partner, founder.id, "buyer");
    await expect(changeRole(t.db, founder, partner.id, "buyer")).rejects.toThrow(TEAM.ownerOnly);
    forgetViewersForTests();
    expect((await viewerOf(dock.headers)).memberRole).toBe("buyer");
    expect((await listMembers(t.db, dock.id)).filter((m) => m.role === "owner").map((m) => m.email)).toEqual([
      "partner@dock.test",
    ]);
  });

  it("a buyer's order above their limit waits for an owner, who declines it (stock back) or approves it; both are mailed", async () => {
    const elm = await business("owner@elm.test", "Elm Street Mart");
    const owner = await viewerOf(elm.headers);
    await inviteMember(t.db, owner, { email: "buyer@elm.test", role: "buyer" });
    await createLoginFromInvitation(
      t.db,
      await invitationTokenFor("buyer@elm.test"),
      { name: "Eli Buyer", username: "elibuyer", password: PASSWORD },
      "203.0.113.11",
    );
    const buyerId = (await findUserByEmail(t.db, "buyer@elm.test"))?.id ?? "";
    await expect(setOrderLimit(t.db, owner, owner.id, 100)).rejects.toThrow(TEAM.ownersHaveNoLimit);
    await setOrderLimit(t.db, owner, buyerId, 5_000);
    const buyer = await viewerOf(await sessionOf("buyer@elm.test"));
    expect(buyer.orderLimitCents).toBe(5_000);

    const place = (quantity: number) =>
      placeOrder(t.db, {
        userId: buyer.accountId,
        placedBy: { id: buyer.id, name: buyer.name },
        orderLimitCents: buyer.orderLimitCents,
        idempotencyKey: crypto.randomUUID(),
        addressId: elm.addressId,
        lines: [{ id: product, quantity }],
      });
    const within = await place(2); // $50.00: at the limit
    expect(within.order.status).toBe("Processing");
    const stockBefore = Number(
      (await t.db.selectFrom("products").select("stock").where("id", "=", product).executeTakeFirstOrThrow()).stock,
    );
    const above = await place(3); // $75.00
    expect(above.order).toMatchObject({ status: "In Review", holdReason: OWNER_APPROVAL });
    const asked = (await outbox()).find(
      (m) => m.to === "owner@elm.test" && m.subject === TEAM.approvalNeededMailSubject(above.order.id),
    );
    expect(asked?.text).toContain(TEAM.approvalNeededMailBody(above.order.id, "Eli Buyer", "$75.00", "$50.00"));
    expect((await listAwaitingApproval(t.db, elm.id)).map((o) => o.id)).toEqual([above.order.id]);

    // A buyer cannot decide; an owner of another business cannot either.
    await expect(decideApproval(t.db, buyer, above.order.id, true)).rejects.toThrow(TEAM.ownerOnly);
    const stranger = await business("owner@fig.test", "Fig Foods");
    await expect(decideApproval(t.db, await viewerOf(stranger.headers), above.order.id, true)).rejects.toThrow(
      TEAM.orderNotWaiting(above.order.id),
    );

    await decideApproval(t.db, owner, above.order.id, false);
    const declined = await findOrderForUser(t.db, elm.id, above.order.id);
    expect(declined).toMatchObject({ status: "Cancelled", holdReason: null });
    const stockAfter = Number(
      (await t.db.selectFrom("products").select("stock").where("id", "=", product).executeTakeFirstOrThrow()).stock,
    );
    expect(stockAfter).toBe(stockBefore);
    await expect(decideApproval(t.db, owner, above.order.id, true)).rejects.toThrow(
      TEAM.orderNotWaiting(above.order.id),
    );

    const again = await place(4);
    await decideApproval(t.db, owner, again.order.id, true);
    expect((await findOrderForUser(t.db, elm.id, again.order.id))?.status).toBe("Processing");
    const told = (await outbox()).filter((m) => m.to === "buyer@elm.test").map((m) => m.subject);
    expect(told).toEqual(
      expect.arrayContaining([
        TEAM.approvalDecidedMailSubject(above.order.id, false),
        TEAM.approvalDecidedMailSubject(again.order.id, true),
      ]),
    );
  });

  it("a removed member is signed out at once and sees nothing of the business afterwards", async () => {
    const gum = await business("owner@gum.test", "Gum Supply");
    const owner = await viewerOf(gum.headers);
    await inviteMember(t.db, owner, { email: "temp@gum.test", role: "buyer" });
    await createLoginFromInvitation(
      t.db,
      await invitationTokenFor("temp@gum.test"),
      { name: "Tim Temp", username: "timtemp", password: PASSWORD },
      "203.0.113.12",
    );
    const headers = await sessionOf("temp@gum.test");
    const temp = await viewerOf(headers);
    const { order } = await placeOrder(t.db, {
      userId: temp.accountId,
      placedBy: { id: temp.id, name: temp.name },
      idempotencyKey: crypto.randomUUID(),
      addressId: gum.addressId,
      lines: [{ id: product, quantity: 1 }],
    });

    await removeMember(t.db, owner, temp.id);
    expect(await viewerFromHeaders(headers)).toBeNull();
    // Signing in again, they are a person with an account of their own: none of the business's data.
    const again = await viewerOf(await sessionOf("temp@gum.test"));
    expect(again.accountId).toBe(temp.id);
    expect(await findOrderForUser(t.db, again.accountId, order.id)).toBeNull();
    expect(await findOrderDocument(t.db, order.id, again)).toBeNull();
    expect(await listAddresses(t.db, again.accountId)).toEqual([]);
    // The order stays the business's, with who placed it.
    expect(await findOrderForUser(t.db, gum.id, order.id)).toMatchObject({ placedBy: "Tim Temp" });
    await expect(removeMember(t.db, owner, temp.id)).rejects.toThrow(TEAM.notAMember);

    // Deleting the person erases them from the orders they placed (decision 0022); the founder of a
    // business with members cannot be deleted (their id is the business's key).
    await applyUserAction(t.db, temp.id, "delete", { id: null, name: "Admin" });
    expect(await findOrderForUser(t.db, gum.id, order.id)).toMatchObject({ placedBy: null });
    const still = await business("owner@hut.test", "Hut Goods");
    const hutOwner = await viewerOf(still.headers);
    await inviteMember(t.db, hutOwner, { email: "b@hut.test", role: "buyer" });
    await createLoginFromInvitation(
      t.db,
      await invitationTokenFor("b@hut.test"),
      { name: "Hut Buyer", username: "hutbuyer", password: PASSWORD },
      "203.0.113.13",
    );
    await expect(applyUserAction(t.db, still.id, "delete", { id: null, name: "Admin" })).rejects.toThrow(
      TEAM.founderHasMembers,
    );
    expect(await listMembers(t.db, still.id)).toHaveLength(2);
  });
});
