import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as TEAM from "~/lib/messages/team";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { listAudit } from "../audit/log";
import { saveBusiness } from "../business/profile";
import { businessesToActFor, listReps, setAssignment, startActing } from "../business/reps";
import { runJobsUntilIdle } from "../jobs/run-due";
import { mayUse } from "../request/access";
import { getAuth } from "./auth";
import { limits } from "./limits";
import {
  createStaffLogin,
  inviteStaff,
  listDrivers,
  listStaffInvitations,
  readStaffInvitation,
  withdrawStaffInvitation,
} from "./staff-invitations";
import { findUserByEmail } from "./users";
import { canSeePrices, forgetViewersForTests, type Viewer, viewerFromHeaders } from "./viewer";

/**
 * Staff invitations (issue 37) on the database the run is on (SQLite, or PostgreSQL with
 * DATABASE_URL): an admin invites a sales rep or a driver by email; the link makes a verified
 * login with that role and no business, once, for that email only; invitations count against the
 * per-address cap of account mails.
 */
let t: TestDatabase;
const ADMIN = { id: "admin-1", name: "Ada Admin <ada@store.test>" };
const PASSWORD = "staff-secret-1234";
let n = 0;
const ip = () => `10.9.${Math.floor(n / 200)}.${n++ % 200}`;

async function outbox(): Promise<{ to: string; subject: string; text: string }[]> {
  await runJobsUntilIdle({ db: t.db });
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

async function viewerSignedIn(email: string): Promise<Viewer> {
  const session = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const viewer = await viewerFromHeaders(new Headers({ cookie }));
  if (!viewer) throw new Error("not signed in");
  return viewer;
}

function tokenOf(url: string): string {
  return url.split("/join/staff/")[1] ?? "";
}

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(() => forgetViewersForTests());

describe("staff invitations", () => {
  it("make a sales rep a verified login of their own from the mailed link, once; the rep is then assigned a business and acts for it", async () => {
    const { url } = await inviteStaff(
      t.db,
      { name: "Ada Admin" },
      { email: " Rita@Reps.test ", name: "Rita Rep", role: "rep" },
      ADMIN,
    );
    expect(await listStaffInvitations(t.db)).toMatchObject([
      { email: "rita@reps.test", name: "Rita Rep", role: "rep" },
    ]);
    const mail = (await outbox()).find((m) => m.to === "rita@reps.test");
    expect(mail?.subject).toBe(TEAM.staffInvitationMailSubject("Trinity Wholesale Supply"));
    expect(mail?.text).toContain(
      "Ada Admin invited you to Trinity Wholesale Supply as a sales rep. Make your login from this link; it is valid for 7 days.",
    );
    expect(mail?.text).toContain(url);
    expect(await readStaffInvitation(t.db, tokenOf(url))).toMatchObject({ state: "valid", role: "rep" });

    expect(
      await createStaffLogin(t.db, tokenOf(url), { name: "Rita Rep", username: "rita_rep", password: PASSWORD }, ip()),
    ).toEqual({ email: "rita@reps.test", role: "rep" });
    const rita = await findUserByEmail(t.db, "rita@reps.test");
    expect(rita).toMatchObject({ role: "rep", emailVerified: true, username: "rita_rep" });
    // No business: neither a business of their own nor a membership.
    expect(
      await t.db
        .selectFrom("businesses")
        .where("user_id", "=", rita?.id ?? "")
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom("business_members")
        .where("user_id", "=", rita?.id ?? "")
        .selectAll()
        .execute(),
    ).toEqual([]);
    const viewer = await viewerSignedIn("rita@reps.test");
    expect(viewer).toMatchObject({ role: "rep", memberRole: null, actingFor: null });
    expect(canSeePrices(viewer)).toBe(false);
    expect(mayUse("rep", viewer)).toBe(true);
    expect(mayUse("owner", viewer)).toBe(false);
    expect(mayUse("driver", viewer)).toBe(false);
    // Used once.
    expect(await readStaffInvitation(t.db, tokenOf(url))).toMatchObject({ state: "used" });
    await expect(
      createStaffLogin(t.db, tokenOf(url), { name: "Rita", username: "rita_two", password: PASSWORD }, ip()),
    ).rejects.toThrow(TEAM.invitationUsed);
    expect(await listStaffInvitations(t.db)).toEqual([]);

    // Ready to be assigned businesses, and then to act for one.
    const shop = await customerWithAddress(t.db, "owner@rita-shop.test", { name: "Sam Shop" });
    await saveBusiness(
      t.db,
      shop.id,
      { legalName: "Rita Shop LLC", dba: "Rita Shop", businessType: "convenience-store", taxPermit: null },
      ADMIN,
    );
    expect((await listReps(t.db, "2000-01-01")).map((r) => r.email)).toContain("rita@reps.test");
    await setAssignment(t.db, rita?.id ?? "", shop.id, true, ADMIN);
    const staff = { id: rita?.id ?? "", staffRole: "rep" as const };
    expect((await businessesToActFor(t.db, staff, "")).map((b) => b.name)).toEqual(["Rita Shop (Rita Shop LLC)"]);
    expect(await startActing(t.db, staff, shop.id, ADMIN)).toBe("Rita Shop (Rita Shop LLC)");
    forgetViewersForTests();
    expect(await viewerSignedIn("rita@reps.test")).toMatchObject({
      role: "customer",
      accountId: shop.id,
      actingFor: { businessName: "Rita Shop (Rita Shop LLC)", staffRole: "rep" },
    });
    const audit = await listAudit(t.db, {});
    expect(audit.items.map((e) => e.action)).toEqual(expect.arrayContaining(["staff.invite", "staff.join"]));
  });

  it("make a driver a login that buys nothing and may use the drivers' pages only", async () => {
    const { url } = await inviteStaff(
      t.db,
      { name: "Ada Admin" },
      { email: "dan@drivers.test", name: "Dan Driver", role: "driver" },
      ADMIN,
    );
    const mail = (await outbox()).find((m) => m.to === "dan@drivers.test");
    expect(mail?.text).toContain("as a delivery driver.");
    await createStaffLogin(
      t.db,
      tokenOf(url),
      { name: "Dan Driver", username: "dan_drives", password: PASSWORD },
      ip(),
    );
    const viewer = await viewerSignedIn("dan@drivers.test");
    expect(viewer).toMatchObject({ role: "driver", memberRole: null, approved: false });
    expect(canSeePrices(viewer)).toBe(false);
    expect(["buyer", "owner", "rep", "driver", "admin"].filter((a) => mayUse(a as never, viewer))).toEqual(["driver"]);
    expect((await listDrivers(t.db)).map((d) => d.email)).toContain("dan@drivers.test");
    expect((await listReps(t.db, "2000-01-01")).map((r) => r.email)).not.toContain("dan@drivers.test");
  });

  it("refuse an email that has a login, and an expired, withdrawn or replaced link, leaving no login behind", async () => {
    await customerWithAddress(t.db, "has-login@shop.test", { name: "Has Login" });
    await expect(
      inviteStaff(t.db, { name: "Ada" }, { email: "has-login@shop.test", name: "X", role: "rep" }, ADMIN),
    ).rejects.toThrow(TEAM.staffEmailHasLogin("has-login@shop.test"));

    const first = await inviteStaff(
      t.db,
      { name: "Ada" },
      { email: "late@reps.test", name: "Lee", role: "rep" },
      ADMIN,
    );
    const second = await inviteStaff(
      t.db,
      { name: "Ada" },
      { email: "late@reps.test", name: "Lee", role: "rep" },
      ADMIN,
    );
    // Sent again: the first link no longer works, the second does.
    expect((await readStaffInvitation(t.db, tokenOf(first.url))).state).toBe("unknown");
    await expect(
      createStaffLogin(t.db, tokenOf(first.url), { name: "Lee", username: "lee_rep", password: PASSWORD }, ip()),
    ).rejects.toThrow(TEAM.staffInvitationNotFound);
    expect((await listStaffInvitations(t.db)).filter((i) => i.email === "late@reps.test")).toHaveLength(1);

    // A week later the link has expired.
    await t.db
      .updateTable("staff_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "late@reps.test")
      .execute();
    await expect(
      createStaffLogin(t.db, tokenOf(second.url), { name: "Lee", username: "lee_rep", password: PASSWORD }, ip()),
    ).rejects.toThrow(TEAM.staffInvitationExpired);
    expect(await findUserByEmail(t.db, "late@reps.test")).toBeNull();

    const third = await inviteStaff(
      t.db,
      { name: "Ada" },
      { email: "gone@reps.test", name: "Gil", role: "driver" },
      ADMIN,
    );
    const [pending] = (await listStaffInvitations(t.db)).filter((i) => i.email === "gone@reps.test");
    expect(await withdrawStaffInvitation(t.db, pending?.id ?? "", ADMIN)).toBe("gone@reps.test");
    await expect(
      createStaffLogin(t.db, tokenOf(third.url), { name: "Gil", username: "gil_drives", password: PASSWORD }, ip()),
    ).rejects.toThrow(TEAM.staffInvitationNotFound);
    expect(await findUserByEmail(t.db, "gone@reps.test")).toBeNull();

    // A username someone has: refused, and the link still works.
    const fourth = await inviteStaff(
      t.db,
      { name: "Ada" },
      { email: "uma@reps.test", name: "Uma", role: "rep" },
      ADMIN,
    );
    await expect(
      createStaffLogin(t.db, tokenOf(fourth.url), { name: "Uma", username: "rita_rep", password: PASSWORD }, ip()),
    ).rejects.toThrow(MESSAGES.usernameInUse);
    expect((await readStaffInvitation(t.db, tokenOf(fourth.url))).state).toBe("valid");
  });

  it("make one login when two tabs use the same link at once", async () => {
    const { url } = await inviteStaff(
      t.db,
      { name: "Ada" },
      { email: "twin@reps.test", name: "Tia", role: "rep" },
      ADMIN,
    );
    const results = await Promise.allSettled(
      ["tia_one", "tia_two"].map((username) =>
        createStaffLogin(t.db, tokenOf(url), { name: "Tia", username, password: PASSWORD }, ip()),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.selectFrom("users").select("id").where("email", "=", "twin@reps.test").execute()).toHaveLength(1);
  });

  it("count against the per-address cap of account mails: over it the admin is told and nothing is kept", async () => {
    const cap = limits.accountMailsPerRecipient.limit;
    for (let i = 0; i < cap; i++) {
      await inviteStaff(t.db, { name: "Ada" }, { email: "spam@reps.test", name: "Sid", role: "rep" }, ADMIN);
    }
    const before = await listStaffInvitations(t.db);
    await expect(
      inviteStaff(t.db, { name: "Ada" }, { email: "spam@reps.test", name: "Sid", role: "rep" }, ADMIN),
    ).rejects.toThrow(TEAM.staffInvitationCapped("spam@reps.test"));
    expect(await listStaffInvitations(t.db)).toEqual(before);
    expect((await outbox()).filter((m) => m.to === "spam@reps.test")).toHaveLength(cap);
  });
});
