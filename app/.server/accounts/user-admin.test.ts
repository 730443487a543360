import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { addLicense } from "../business/licenses";
import { saveBusiness } from "../business/profile";
import { insertProduct } from "../catalog/product-writes";
import { placeOrder } from "../flows/place-order";
import { enqueueMail } from "../mail/outbox";
import { readDocument } from "../media/documents";
import { assignCustomer, createPriceGroup } from "../pricing/groups";
import { receiveContactMessage } from "../support/contact-messages";
import { createAddress } from "./addresses";
import { ensureAccount } from "./admins";
import { AccountError } from "./errors";
import { requestPasswordReset } from "./passwords";
import { signIn } from "./sign-in";
import { applyUserAction, isDisabled } from "./user-admin";
import { findUserByEmail } from "./users";

let t: TestDatabase;
let ip = 0;
const PASSWORD = "a long enough password";

async function account(email: string, role: "admin" | "customer") {
  await ensureAccount(t.db, { email, name: email.split("@")[0] ?? "x", role, password: PASSWORD });
  return (await findUserByEmail(t.db, email))?.id ?? "";
}

function login(email: string) {
  return signIn(
    t.db,
    { identifier: email, password: PASSWORD },
    new Request("http://localhost:3000/login", { method: "POST", headers: { "user-agent": "vitest" } }),
    `10.9.0.${++ip}`,
  );
}

async function sessions(userId: string) {
  return (await t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;
}

async function audit(action: string) {
  return t.db.selectFrom("audit_log").select(["summary", "actor_name"]).where("action", "=", action).execute();
}

let adminId: string;
let admin: { id: string; name: string };

beforeAll(async () => {
  t = await setupTestDatabase();
  adminId = await account("boss@store.test", "admin");
  admin = { id: adminId, name: "Boss <boss@store.test>" };
});

afterAll(async () => {
  await t.cleanup();
});

describe(`admins acting on accounts on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("disabling ends every session at once and refuses log-in with a clear message; re-enabling lets them back", async () => {
    const id = await account("dana@shop.test", "customer");
    await login("dana@shop.test");
    await login("dana@shop.test");
    expect(await sessions(id)).toBe(2);
    expect(await applyUserAction(t.db, id, "disable", admin)).toBe(MESSAGES.userDisabled("dana"));
    expect(await sessions(id)).toBe(0);
    expect(await isDisabled(t.db, id)).toBe(true);
    const refused = await login("dana@shop.test").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AccountError);
    expect((refused as AccountError).message).toBe(MESSAGES.accountDisabled);
    expect(await sessions(id)).toBe(0);
    // A wrong password does not learn that the account is disabled.
    const guess = await signIn(
      t.db,
      { identifier: "dana@shop.test", password: "wrong password!" },
      new Request("http://localhost:3000/login", { method: "POST" }),
      "10.9.9.9",
    ).catch((e: unknown) => e);
    expect((guess as AccountError).message).toBe(MESSAGES.invalidCredentials);

    expect(await applyUserAction(t.db, id, "enable", admin)).toBe(MESSAGES.userEnabled("dana"));
    await login("dana@shop.test");
    expect(await sessions(id)).toBe(1);
    expect((await audit("user.disable")).map((a) => a.summary)).toEqual(["Disabled dana <dana@shop.test>"]);
    expect((await audit("user.enable")).map((a) => a.actor_name)).toEqual(["Boss <boss@store.test>"]);
  });

  it("makes and removes admins, never the admin's own account and never the last admin", async () => {
    const id = await account("erin@shop.test", "customer");
    expect(await applyUserAction(t.db, id, "make-admin", admin)).toBe(MESSAGES.userRole("erin", "admin"));
    expect((await findUserByEmail(t.db, "erin@shop.test"))?.role).toBe("admin");
    expect(await applyUserAction(t.db, id, "remove-admin", admin)).toBe(MESSAGES.userRole("erin", "customer"));
    await expect(applyUserAction(t.db, adminId, "remove-admin", admin)).rejects.toThrow(MESSAGES.userNotYourself);
    await expect(applyUserAction(t.db, adminId, "disable", admin)).rejects.toThrow(MESSAGES.userNotYourself);
    // Scripts act as no one in particular: the only admin still cannot be demoted.
    await expect(applyUserAction(t.db, adminId, "remove-admin", { id: null, name: "System" })).rejects.toThrow(
      MESSAGES.lastAdmin,
    );
    await expect(applyUserAction(t.db, adminId, "delete", { id: null, name: "System" })).rejects.toThrow(
      MESSAGES.userDeleteAdmin,
    );
    expect((await audit("user.role")).map((a) => a.summary)).toEqual([
      "Made admin: erin <erin@shop.test>",
      "Removed admin: erin <erin@shop.test>",
    ]);
  });

  it("deleting a customer removes their personal data and documents; their orders stay as 'Unknown User'", async () => {
    const id = await account("fay@shop.test", "customer");
    await login("fay@shop.test");
    const address = await createAddress(t.db, id, {
      businessName: "Fay's Corner",
      street: "9 Elm",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      phone: "(214) 555-0199",
      isDefault: true,
    });
    await saveBusiness(
      t.db,
      id,
      { legalName: "Fay LLC", dba: null, businessType: "grocery", taxPermit: "12345678901" },
      { id, name: "fay" },
    );
    const license = await addLicense(
      t.db,
      id,
      { type: "other", number: "F-1", issuingState: "TX", expiresOn: null, addressId: null, replacesId: null },
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      { id, name: "fay" },
    );
    const key = (
      await t.db.selectFrom("licenses").select("document_key").where("id", "=", license.id).executeTakeFirstOrThrow()
    ).document_key;
    const product = await insertProduct(
      t.db,
      { sku: "DEL-1", name: "Kept", description: "", priceCents: 100, stock: 5, category: "novelty" },
      [],
    );
    const { order } = await placeOrder(t.db, {
      userId: id,
      idempotencyKey: crypto.randomUUID(),
      addressId: address.id,
      lines: [{ id: product, quantity: 1 }],
    });

    expect(await applyUserAction(t.db, id, "delete", admin)).toBe(MESSAGES.userDeleted);
    expect(await findUserByEmail(t.db, "fay@shop.test")).toBeNull();
    for (const table of ["sessions", "accounts", "addresses", "businesses", "licenses"] as const) {
      const rows = await t.db.selectFrom(table).select("user_id").where("user_id", "=", id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(await readDocument(key)).toBeNull();
    const kept = await t.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
    expect(kept.total_cents).toBe(100);
    expect((await audit("user.delete")).map((a) => a.summary)).toEqual([`Deleted customer account ${id}`]);
    await expect(applyUserAction(t.db, id, "disable", admin)).rejects.toThrow(MESSAGES.userNotFound);
  });

  it("deleting a customer takes their name and email out of the audit log and the mail queue, and nothing else", async () => {
    const email = "gus.hale@shop.test";
    await ensureAccount(t.db, { email, name: "Gus Hale", role: "customer", password: PASSWORD });
    const id = (await findUserByEmail(t.db, email))?.id ?? "";
    const gus = { id, name: `Gus Hale <${email}>` };
    await login(email);
    // What the log says about them: an admin's decisions, their own changes, their email.
    await applyUserAction(t.db, id, "disable", admin);
    await applyUserAction(t.db, id, "enable", admin);
    await saveBusiness(
      t.db,
      id,
      { legalName: "Hale Trading LLC", dba: null, businessType: "grocery", taxPermit: "32100012345" },
      gus,
    );
    // An entry that is not about them and must not change, though it shares a word with them.
    const group = await createPriceGroup(t.db, { name: "Hale Friends", kind: "percent", percentOffBp: 500 }, admin);
    await assignCustomer(t.db, group, email, admin);
    // Their mails: an order confirmation (and the store's notice naming them), a password reset
    // still to be written, a failed mail, and the store's copy of their contact message.
    const address = await createAddress(t.db, id, {
      businessName: "Hale Trading",
      street: "1 Oak",
      city: "Austin",
      state: "TX",
      zip: "73301",
      phone: "(512) 555-0100",
      isDefault: true,
    });
    const product = await insertProduct(
      t.db,
      { sku: "DEL-2", name: "Kept too", description: "", priceCents: 250, stock: 5, category: "novelty" },
      [],
    );
    const { order } = await placeOrder(t.db, {
      userId: id,
      idempotencyKey: crypto.randomUUID(),
      addressId: address.id,
      lines: [{ id: product, quantity: 2 }],
    });
    await requestPasswordReset(t.db, email, "10.9.1.1");
    await enqueueMail(t.db, { to: email, subject: "Stuck", text: "Hello Gus Hale" }, "failed one");
    await t.db.updateTable("jobs").set({ state: "failed" }).where("payload", "like", "%Stuck%").execute();
    await receiveContactMessage(
      t.db,
      { name: "Gus Hale", email, phone: null, message: "Do you ship to Austin?", notRobot: "on" },
      "10.9.1.2",
    );
    await enqueueMail(t.db, { to: "someone@else.test", subject: "Other", text: "Not about them" }, "other");

    const auditBefore = await t.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const untouched = auditBefore.filter((row) => row.subject_type === "price-group");
    expect(untouched.map((r) => r.summary)).toEqual(["Created price group Hale Friends"]);
    const otherMail = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("payload", "like", "%someone@else.test%")
      .execute();
    expect(otherMail).toHaveLength(1);
    const mentions = (text: string) =>
      ["gus.hale@shop.test", "gus hale", "hale trading llc", "32100012345"].filter((w) =>
        text.toLowerCase().includes(w),
      );
    expect(mentions(JSON.stringify(auditBefore))).toHaveLength(4);

    expect(await applyUserAction(t.db, id, "delete", admin)).toBe(MESSAGES.userDeleted);

    const auditAfter = await t.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    // Every entry stays (and one more says the account was deleted); none names them any more.
    expect(auditAfter.map((r) => r.id)).toEqual([...auditBefore.map((r) => r.id), auditAfter.at(-1)?.id]);
    expect(mentions(JSON.stringify(auditAfter))).toEqual([]);
    const about = (action: string) => auditAfter.filter((r) => r.action === action && r.subject_id === id);
    expect(about("user.disable").map((r) => [r.summary, r.actor_name, r.erasures])).toEqual([
      ["Disabled Unknown User", admin.name, 1],
    ]);
    expect(
      about("business.create").map((r) => [r.summary, r.actor_name, JSON.parse(r.after ?? "{}").taxPermit]),
    ).toEqual([["Business Unknown User registered", MESSAGES.unknownUser, MESSAGES.unknownUser]]);
    expect(about("price-group.assign").map((r) => r.summary)).toEqual(["Unknown User put in price group Hale Friends"]);
    for (const row of untouched) expect(auditAfter.find((r) => r.id === row.id)).toEqual(row);
    expect(JSON.parse(about("user.delete")[0]?.after ?? "{}")).toMatchObject({ mailsDropped: 3, mailsScrubbed: 2 });

    // Nothing is left to send to them; the store's mails about them still go, without their name or address.
    const jobs = await t.db.selectFrom("jobs").selectAll().execute();
    expect(mentions(JSON.stringify(jobs))).toEqual([]);
    const notice = jobs.find((j) => j.payload.includes(`order ${order.id} store notice`));
    expect(notice?.state).toBe("pending");
    expect(notice?.payload).toContain("Customer: Unknown User");
    const contactCopy = jobs.find((j) => j.payload.includes("Do you ship to Austin?"));
    expect(contactCopy?.state).toBe("pending");
    expect(JSON.parse(contactCopy?.payload ?? "{}").mail.replyTo).toBeUndefined();
    expect(jobs.filter((j) => j.payload.includes("someone@else.test"))).toEqual(otherMail);
    expect(await t.db.selectFrom("contact_messages").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(await t.db.selectFrom("rate_limits").select("key").where("key", "like", `%${email}%`).execute()).toEqual([]);
    // Their order stays, with no customer.
    const kept = await t.db.selectFrom("orders").select("user_id").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
  });
});
