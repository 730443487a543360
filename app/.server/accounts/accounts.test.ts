import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import type { RegisterInput } from "~/lib/schemas/account";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { findBusiness } from "../business/profile";
import { deleteAddress, updateAddress } from "../flows/address-book";
import { registerCustomer } from "../flows/registration";
import { runJobsUntilIdle } from "../jobs/run-due";
import { resetEnvForTests } from "../runtime/env";
import { hitRateLimit, TOO_MANY_ATTEMPTS } from "../security/rate-limit";
import { CONTACT_RATE_LIMIT } from "../support/contact-messages";
import { createAddress, findAddress, listAddresses, setDefaultAddress } from "./addresses";
import { ensureAccount } from "./admins";
import { getAuth } from "./auth";
import { authDate } from "./auth-columns";
import { AccountError, UnverifiedEmailError } from "./errors";
import { limits } from "./limits";
import { changePassword, requestPasswordReset, resetPassword, resetTokenIsUsable } from "./passwords";
import { resendVerification, signIn, verifyEmail } from "./sign-in";
import { PENDING_REGISTRATION_HOURS } from "./unverified";
import { findUserByEmail } from "./users";
import { getViewer } from "./viewer";

let t: TestDatabase;
let ipCounter = 0;
const nextIp = () => `10.0.0.${++ipCounter}`;

function registration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const n = Math.random().toString(36).slice(2, 8);
  return {
    legalName: "Test Shop LLC",
    dba: null,
    businessType: "convenience-store",
    taxPermit: null,
    name: "Test Buyer",
    username: `buyer_${n}`,
    email: `buyer_${n}@example.com`,
    password: "correct horse battery",
    address: "100 Elm St",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    phone: "(214) 555-0100",
    dob: null,
    gender: null,
    ...overrides,
  };
}

/** The dev outbox once every queued job (mail included) has run. */
async function outbox(): Promise<{ to: string; subject: string; text: string }[]> {
  await runJobsUntilIdle({ db: t.db });
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

/** The token of the verification link in a mail's text. */
function tokenIn(text: string | undefined): string {
  const token = /\/verify-email\?token=([^&\s]+)/.exec(text ?? "")?.[1];
  if (!token) throw new Error("no verification link in the mail");
  return decodeURIComponent(token);
}

/** Moves an account's registration `minutes` into the past. */
async function backdate(email: string, minutes: number) {
  await t.db
    .updateTable("users")
    .set({ created_at: authDate(t.db, new Date(Date.now() - minutes * 60 * 1000)) })
    .where("email", "=", email)
    .execute();
}

function loginRequest(): Request {
  return new Request("http://localhost:3000/login", { method: "POST", headers: { "user-agent": "vitest" } });
}

function cookieRequest(headers: Headers): Request {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Request("http://localhost:3000/account", { headers: { cookie } });
}

async function expectAccountError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountError);
  expect((error as AccountError).message).toBe(message);
}

/** Signs in to `identifier` with `times` wrong passwords, each from a new address, each refused. */
async function guessWrong(identifier: string, times: number) {
  for (let i = 0; i < times; i++) {
    await expectAccountError(
      signIn(t.db, { identifier, password: `guess ${i}` }, loginRequest(), nextIp()),
      MESSAGES.invalidCredentials,
    );
  }
}

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(() => {
  delete process.env.RATE_LIMIT_FACTOR;
  resetEnvForTests();
});

describe(`accounts on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("registers a customer, unverified, with a verification mail and a default address", async () => {
    const input = registration();
    await registerCustomer(t.db, input, nextIp());
    const user = await findUserByEmail(t.db, input.email);
    expect(user).toMatchObject({ role: "customer", emailVerified: false, phone: "(214) 555-0100" });
    const mail = (await outbox()).find((m) => m.to === input.email);
    expect(mail?.text).toMatch(/\/verify-email\?token=/);
    const addresses = await listAddresses(t.db, user?.id ?? "");
    expect(addresses).toEqual([expect.objectContaining({ street: "100 Elm St", isDefault: true })]);
  });

  it("refuses a username in use, whatever its case", async () => {
    const first = registration({ username: "CornerStore" });
    await registerCustomer(t.db, first, nextIp());
    await expectAccountError(
      registerCustomer(t.db, registration({ username: "cornerstore" }), nextIp()),
      MESSAGES.usernameInUse,
    );
    await expectAccountError(
      registerCustomer(t.db, registration({ username: "CORNERSTORE" }), nextIp()),
      MESSAGES.usernameInUse,
    );
  });

  it("gives two racing sign-ups for one username exactly one account", async () => {
    const results = await Promise.allSettled(
      [0, 1, 2, 3].map(() => registerCustomer(t.db, registration({ username: "RaceName" }), nextIp())),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as Error).message).toBe(MESSAGES.usernameInUse);
    }
  });

  it("answers a verified email exactly like a new one, changes nothing and tells its owner", async () => {
    await ensureAccount(t.db, {
      email: "owner@shop.example",
      name: "Real Owner",
      role: "customer",
      username: "realowner",
      password: "the owner's password",
    });
    const before = await findUserByEmail(t.db, "owner@shop.example");
    const again = registration({ email: "OWNER@shop.example", name: "Someone Else", password: "attacker pw 1" });
    await expect(registerCustomer(t.db, again, nextIp())).resolves.toBeUndefined();
    const rows = await t.db.selectFrom("users").selectAll().where("email", "=", "owner@shop.example").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before?.id, name: "Real Owner", username: "realowner" });
    const mail = (await outbox()).find((m) => m.to === "owner@shop.example");
    expect(mail?.subject).toMatch(/You already have an account/);
    expect(mail?.text).toContain("/login");
    expect(mail?.text).toContain("/forgot");
    // The owner's password still works; the one in the second registration does not.
    await signIn(
      t.db,
      { identifier: "owner@shop.example", password: "the owner's password" },
      loginRequest(),
      nextIp(),
    );
  });

  it("never lets an unverified registration bind the real owner: it stands while it waits, then a new one replaces it", async () => {
    const squatter = registration({
      email: "victim@shop.example",
      name: "Squatter",
      username: "squatter1",
      password: "squatter's pw",
    });
    await registerCustomer(t.db, squatter, nextIp());
    const first = await findUserByEmail(t.db, "victim@shop.example");
    const owner = registration({
      email: "victim@shop.example",
      name: "Vicky Owner",
      legalName: "Vicky's Vapes LLC",
      username: "vicky",
      password: "vicky's own pw",
    });
    // While the first registration waits for its verification, a second changes nothing: the
    // same answer, and the address is told a registration waits (no link to verify it).
    await expect(registerCustomer(t.db, owner, nextIp())).resolves.toBeUndefined();
    expect(await findUserByEmail(t.db, "victim@shop.example")).toMatchObject({ id: first?.id, name: "Squatter" });
    const toVictim = (await outbox()).filter((m) => m.to === "victim@shop.example");
    expect(toVictim).toHaveLength(2);
    const verification = toVictim.find((m) => /^Verify your email/.test(m.subject));
    const notice = toVictim.find((m) => /already waiting for this address$/.test(m.subject));
    expect(notice?.text).not.toMatch(/verify-email|token=/);
    expect(notice?.text).not.toContain("Squatter");
    expect(notice?.text).toContain("do not verify it");
    const squattersLink = tokenIn(verification?.text);

    // Its wait over (the link it was sent has expired), a new registration replaces it.
    await backdate("victim@shop.example", PENDING_REGISTRATION_HOURS * 60 + 1);
    await registerCustomer(t.db, owner, nextIp());
    const rows = await t.db.selectFrom("users").selectAll().where("email", "=", "victim@shop.example").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(first?.id);
    expect(rows[0]).toMatchObject({ name: "Vicky Owner", username: "vicky" });
    // The squatter's username, address and password went with the replaced registration.
    expect(await t.db.selectFrom("users").select("id").where("username", "=", "squatter1").execute()).toHaveLength(0);
    const addresses = await listAddresses(t.db, rows[0]?.id ?? "");
    // The first address is the business's, under its own name; the business waits for approval.
    expect(addresses.map((a) => a.businessName)).toEqual(["Vicky's Vapes LLC"]);
    expect(await findBusiness(t.db, rows[0]?.id ?? "")).toMatchObject({
      legalName: "Vicky's Vapes LLC",
      businessType: "convenience-store",
      approval: "pending",
    });
    expect(
      await t.db
        .selectFrom("accounts")
        .select("id")
        .where("user_id", "=", first?.id ?? "")
        .execute(),
    ).toHaveLength(0);
    // The replaced registration's link verifies nothing; the new one's verifies the owner's own.
    expect(await verifyEmail(squattersLink)).toBe(false);
    expect((await findUserByEmail(t.db, "victim@shop.example"))?.emailVerified).toBe(false);
    const links = (await outbox())
      .filter((m) => m.to === "victim@shop.example" && /verify-email/.test(m.text))
      .map((m) => tokenIn(m.text));
    expect(links).toHaveLength(2);
    expect(await verifyEmail(links.find((l) => l !== squattersLink) ?? "")).toBe(true);
    await signIn(t.db, { identifier: "victim@shop.example", password: "vicky's own pw" }, loginRequest(), nextIp());
    await expectAccountError(
      signIn(t.db, { identifier: "victim@shop.example", password: "squatter's pw" }, loginRequest(), nextIp()),
      MESSAGES.invalidCredentials,
    );
  });

  it("lets a waiting registration stand: another registration with the address cannot wipe or take it", async () => {
    const owner = registration({ email: "early@shop.example", name: "Early Owner", username: "early_owner" });
    await registerCustomer(t.db, owner, nextIp());
    const mine = await findUserByEmail(t.db, "early@shop.example");
    const link = tokenIn((await outbox()).find((m) => m.to === "early@shop.example")?.text);
    // Someone else registers the address, again and again, before the owner opens the mail.
    for (let i = 0; i < 3; i++) {
      await registerCustomer(
        t.db,
        registration({
          email: "EARLY@shop.example",
          name: "Intruder",
          username: `intruder_${i}`,
          password: `intruder ${i}`,
        }),
        nextIp(),
      );
    }
    expect(await findUserByEmail(t.db, "early@shop.example")).toMatchObject({
      id: mine?.id,
      name: "Early Owner",
      username: "early_owner",
    });
    expect(await t.db.selectFrom("users").select("id").where("username", "like", "intruder%").execute()).toEqual([]);
    // The owner's first link still verifies the owner's own registration, with the owner's password.
    expect(await verifyEmail(link)).toBe(true);
    await signIn(t.db, { identifier: "early@shop.example", password: owner.password }, loginRequest(), nextIp());
    await expectAccountError(
      signIn(t.db, { identifier: "early@shop.example", password: "intruder 0" }, loginRequest(), nextIp()),
      MESSAGES.invalidCredentials,
    );
  });

  it("mails the owner of a verified address at most twice a day however many clients register it", async () => {
    await ensureAccount(t.db, {
      email: "flooded@shop.example",
      name: "Flo Owner",
      role: "customer",
      username: "flo_owner",
      password: "flo's own pw",
    });
    // 40 registrations from 40 addresses of one IPv6 /64, written every which way: one client.
    const answers = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        registerCustomer(
          t.db,
          registration({ email: "flooded@shop.example" }),
          i % 3 === 0 ? `2001:db8:26:7::${(i + 1).toString(16)}` : `2001:0DB8:0026:0007:0:0:${i}:1`,
        ),
      ),
    );
    const refused = answers.filter((a) => a.status === "rejected");
    expect(answers.length - refused.length).toBe(limits.signUpPerAddress.limit);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ message: TOO_MANY_ATTEMPTS });
    // Then 40 from 40 different networks: each may register, and still the owner hears twice a day.
    for (let i = 0; i < 40; i++) {
      await registerCustomer(t.db, registration({ email: "FLOODED@shop.example" }), `2001:db8:${i + 100}:1::1`);
    }
    const toOwner = (await outbox()).filter((m) => m.to === "flooded@shop.example");
    expect(toOwner).toHaveLength(limits.registrationNoticesPerRecipient.limit);
    for (const m of toOwner) expect(m.subject).toMatch(/You already have an account/);
  }, 120_000); // 80 registrations, each hashing a password: a minute on a loaded 2-core machine

  it("caps every account mail to one address at six a day, whoever asks and from wherever", async () => {
    const email = "capped@shop.example";
    await registerCustomer(t.db, registration({ email }), "2001:db8:200::1");
    // Two more registrations of the waiting address (notices), three new verification links and
    // three reset links asked from as many networks: 9 more mails asked for, 3 the address may get.
    for (let i = 0; i < 2; i++) await registerCustomer(t.db, registration({ email }), `2001:db8:${210 + i}::1`);
    for (let i = 0; i < 3; i++) {
      await resendVerification(t.db, email, `2001:db8:${220 + i}::1`);
      await requestPasswordReset(t.db, email, `2001:db8:${230 + i}::1`);
    }
    const toAddress = (await outbox()).filter((m) => m.to === email);
    expect(toAddress).toHaveLength(limits.accountMailsPerRecipient.limit);
    // The first ones got through: the registration's verification and both notices.
    expect(toAddress.filter((m) => /^Verify your email/.test(m.subject)).length).toBeGreaterThanOrEqual(1);
    expect(toAddress.filter((m) => /already waiting/.test(m.subject))).toHaveLength(2);
    // Another address is not held back by this one's cap.
    await requestPasswordReset(t.db, "flooded@shop.example", "2001:db8:240::1");
    expect(
      (await outbox()).filter((m) => m.to === "flooded@shop.example" && /Reset your/.test(m.subject)),
    ).toHaveLength(1);
  });

  it("counts the sign-in and mail limits per client by IPv6 /64, and IPv4 addresses one by one", async () => {
    const rule = limits.signInPerAddress;
    for (let i = 0; i < rule.limit; i++) {
      expect((await hitRateLimit(t.db, rule, `2001:db8:300:1::${i.toString(16)}`)).allowed).toBe(true);
    }
    expect((await hitRateLimit(t.db, rule, "2001:db8:300:1:ffff:ffff:ffff:ffff")).allowed).toBe(false);
    expect((await hitRateLimit(t.db, rule, "2001:db8:300:2::1")).allowed).toBe(true);
    for (let i = 0; i < rule.limit; i++) expect((await hitRateLimit(t.db, rule, "192.0.2.1")).allowed).toBe(true);
    expect((await hitRateLimit(t.db, rule, "::ffff:192.0.2.1")).allowed).toBe(false);
    expect((await hitRateLimit(t.db, rule, "192.0.2.2")).allowed).toBe(true);
    // The contact form's limit is one of them.
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++)
      await hitRateLimit(t.db, CONTACT_RATE_LIMIT, `2001:db8:301::${i}`);
    expect((await hitRateLimit(t.db, CONTACT_RATE_LIMIT, "2001:db8:301::beef")).allowed).toBe(false);
  });

  it("cannot be made admin or verified by sign-up fields", async () => {
    const input = { ...registration(), role: "admin", emailVerified: true } as RegisterInput;
    await registerCustomer(t.db, input, nextIp());
    expect(await findUserByEmail(t.db, input.email)).toMatchObject({ role: "customer", emailVerified: false });
  });

  it("signs in by email or username, and refuses the wrong ones with the spec's messages", async () => {
    await ensureAccount(t.db, {
      email: "verified@example.com",
      name: "Verified",
      role: "customer",
      username: "Verified_1",
      password: "a good password",
    });
    const byEmail = await signIn(
      t.db,
      { identifier: "Verified@Example.com", password: "a good password" },
      loginRequest(),
      nextIp(),
    );
    const viewer = await getViewer(cookieRequest(byEmail.headers));
    expect(viewer).toMatchObject({ email: "verified@example.com", role: "customer" });
    const byName = await signIn(
      t.db,
      { identifier: "verified_1", password: "a good password" },
      loginRequest(),
      nextIp(),
    );
    expect(byName.headers.getSetCookie().join()).toMatch(/store\.session_token=/);
    await expectAccountError(
      signIn(t.db, { identifier: "nobody_here", password: "whatever1" }, loginRequest(), nextIp()),
      MESSAGES.usernameNotFound,
    );
    await expectAccountError(
      signIn(t.db, { identifier: "verified@example.com", password: "wrong password" }, loginRequest(), nextIp()),
      MESSAGES.invalidCredentials,
    );
    await expectAccountError(
      signIn(t.db, { identifier: "nobody@example.com", password: "wrong password" }, loginRequest(), nextIp()),
      MESSAGES.invalidCredentials,
    );
  });

  it("keeps an unverified customer signed out, but lets an unverified admin in", async () => {
    const input = registration();
    await registerCustomer(t.db, input, nextIp());
    const before = await t.db.selectFrom("sessions").select("id").execute();
    const refused = signIn(t.db, { identifier: input.email, password: input.password }, loginRequest(), nextIp());
    // Told apart by its type (the login page offers to send the link again), never by its words.
    await expect(refused).rejects.toBeInstanceOf(UnverifiedEmailError);
    await expectAccountError(
      signIn(t.db, { identifier: input.email, password: input.password }, loginRequest(), nextIp()),
      MESSAGES.verifyBeforeLogin,
    );
    const after = await t.db.selectFrom("sessions").select("id").execute();
    expect(after).toHaveLength(before.length);

    const admin = registration();
    await registerCustomer(t.db, admin, nextIp());
    await t.db.updateTable("users").set({ role: "admin" }).where("email", "=", admin.email).execute();
    const result = await signIn(
      t.db,
      { identifier: admin.username, password: admin.password },
      loginRequest(),
      nextIp(),
    );
    expect(await getViewer(cookieRequest(result.headers))).toMatchObject({ role: "admin", emailVerified: false });
  });

  it("treats a session of an unverified customer as no session", async () => {
    const input = registration();
    await registerCustomer(t.db, input, nextIp());
    // A session made behind the sign-in flow's back (it refuses unverified customers itself).
    const direct = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password },
      returnHeaders: true,
    });
    expect(await getViewer(cookieRequest(direct.headers))).toBeNull();
  });

  it("stops password guessing after ten tries on one account, counted in the database", async () => {
    await ensureAccount(t.db, { email: "target@example.com", name: "T", role: "customer", password: "the real one" });
    await guessWrong("target@example.com", 10);
    await expectAccountError(
      signIn(t.db, { identifier: "target@example.com", password: "the real one" }, loginRequest(), nextIp()),
      TOO_MANY_ATTEMPTS,
    );
    const target = await findUserByEmail(t.db, "target@example.com");
    const row = await t.db
      .selectFrom("rate_limits")
      .selectAll()
      .where("key", "=", `sign-in:account:user:${target?.id}`.toLowerCase())
      .executeTakeFirst();
    expect(Number(row?.count)).toBe(11);
  });

  it("counts guesses by email and by username against one account", async () => {
    await ensureAccount(t.db, {
      email: "twonames@example.com",
      name: "T",
      role: "customer",
      username: "twonames",
      password: "the real one",
    });
    await guessWrong("twonames@example.com", 5);
    await guessWrong("TwoNames", 5);
    await expectAccountError(
      signIn(t.db, { identifier: "twonames", password: "the real one" }, loginRequest(), nextIp()),
      TOO_MANY_ATTEMPTS,
    );
  });

  it("raises the account limit by RATE_LIMIT_FACTOR exactly once (tests raise it; production leaves it at 1)", async () => {
    process.env.RATE_LIMIT_FACTOR = "2";
    resetEnvForTests();
    await ensureAccount(t.db, { email: "scaled@example.com", name: "S", role: "customer", password: "the real one" });
    await guessWrong("scaled@example.com", 20);
    await expectAccountError(
      signIn(t.db, { identifier: "scaled@example.com", password: "the real one" }, loginRequest(), nextIp()),
      TOO_MANY_ATTEMPTS,
    );
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    await ensureAccount(t.db, {
      email: "changer@example.com",
      name: "C",
      role: "customer",
      password: "old password 1",
    });
    const phone = await signIn(
      t.db,
      { identifier: "changer@example.com", password: "old password 1" },
      loginRequest(),
      nextIp(),
    );
    const laptop = await signIn(
      t.db,
      { identifier: "changer@example.com", password: "old password 1" },
      loginRequest(),
      nextIp(),
    );
    const user = await findUserByEmail(t.db, "changer@example.com");
    if (!user) throw new Error("missing user");
    await expectAccountError(
      changePassword(
        t.db,
        user.id,
        { currentPassword: "not it at all", newPassword: "new password 2" },
        cookieRequest(laptop.headers),
      ),
      "Current password is incorrect.",
    );
    const fresh = await changePassword(
      t.db,
      user.id,
      { currentPassword: "old password 1", newPassword: "new password 2" },
      cookieRequest(laptop.headers),
    );
    expect(await getViewer(cookieRequest(phone.headers))).toBeNull();
    expect(await getViewer(cookieRequest(fresh))).toMatchObject({ email: "changer@example.com" });
    await expectAccountError(
      signIn(t.db, { identifier: "changer@example.com", password: "old password 1" }, loginRequest(), nextIp()),
      MESSAGES.invalidCredentials,
    );
    await signIn(t.db, { identifier: "changer@example.com", password: "new password 2" }, loginRequest(), nextIp());
  });

  it("tells a usable reset link from a used, expired or made-up one before any password is typed", async () => {
    await ensureAccount(t.db, {
      email: "reset-check@shop.test",
      name: "Reset",
      password: "old password 1",
      role: "customer",
    });
    await getAuth().api.requestPasswordReset({
      body: { email: "reset-check@shop.test", redirectTo: "/reset-password" },
    });
    const tokenOf = async () => {
      const rows = await t.db.selectFrom("verifications").select("identifier").execute();
      return rows
        .map((r) => r.identifier)
        .find((i) => i.startsWith("reset-password:"))
        ?.slice("reset-password:".length);
    };
    const token = (await tokenOf()) ?? "";
    expect(token).not.toBe("");
    expect(await resetTokenIsUsable(token)).toBe(true);
    expect(await resetTokenIsUsable(`${token}x`)).toBe(false);
    expect(await resetTokenIsUsable("")).toBe(false);
    await resetPassword(token, "new password 22");
    // Used: the same answer the form would give after typing.
    expect(await resetTokenIsUsable(token)).toBe(false);
    await expect(resetPassword(token, "new password 33")).rejects.toThrow(MESSAGES.RESET_LINK_INVALID);

    await getAuth().api.requestPasswordReset({
      body: { email: "reset-check@shop.test", redirectTo: "/reset-password" },
    });
    const second = (await tokenOf()) ?? "";
    expect(await resetTokenIsUsable(second)).toBe(true);
    await t.db
      .updateTable("verifications")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("identifier", "=", `reset-password:${second}`)
      .execute();
    expect(await resetTokenIsUsable(second)).toBe(false);
  });

  it("keeps each address book to its owner, with one default", async () => {
    await ensureAccount(t.db, { email: "a@book.test", name: "A", role: "customer" });
    await ensureAccount(t.db, { email: "b@book.test", name: "B", role: "customer" });
    const a = (await findUserByEmail(t.db, "a@book.test"))?.id ?? "";
    const b = (await findUserByEmail(t.db, "b@book.test"))?.id ?? "";
    const base = {
      businessName: "Shop",
      street: "1 Main",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      phone: "",
      isDefault: false,
    };
    const first = await createAddress(t.db, a, base);
    const second = await createAddress(t.db, a, { ...base, businessName: "Second", isDefault: true });
    expect(first.isDefault).toBe(true);
    expect((await listAddresses(t.db, a)).map((x) => [x.businessName, x.isDefault])).toEqual([
      ["Second", true],
      ["Shop", false],
    ]);
    // Another customer can neither read nor change nor delete it.
    expect(await findAddress(t.db, b, first.id)).toBeNull();
    const actorB = { id: b, name: "B" };
    expect(await updateAddress(t.db, b, first.id, { ...base, businessName: "Hijacked" }, actorB)).toBeNull();
    expect(await deleteAddress(t.db, b, first.id, actorB)).toBeNull();
    expect(await setDefaultAddress(t.db, b, first.id)).toBe(false);
    expect((await findAddress(t.db, a, first.id))?.businessName).toBe("Shop");
    // Deleting the default hands it to the remaining one.
    expect(await deleteAddress(t.db, a, second.id, { id: a, name: "A" })).toEqual({ lapsedLicenses: [] });
    expect((await listAddresses(t.db, a)).map((x) => x.isDefault)).toEqual([true]);
  });

  it("creates a verified admin without mail, and promotes an existing account", async () => {
    const mailsBefore = (await outbox()).length;
    const created = await ensureAccount(t.db, { email: "Boss@Example.com", name: "Boss", role: "admin" });
    expect(created.password).toMatch(/^[\w-]{20}$/);
    expect(await findUserByEmail(t.db, "boss@example.com")).toMatchObject({ role: "admin", emailVerified: true });
    expect((await outbox()).length).toBe(mailsBefore);
    const input = registration();
    await registerCustomer(t.db, input, nextIp());
    const promoted = await ensureAccount(t.db, { email: input.email, name: "x", role: "admin" });
    expect(promoted).toMatchObject({ promoted: true, password: null });
    expect(await findUserByEmail(t.db, input.email)).toMatchObject({ role: "admin", emailVerified: true });
  });
});
