import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisterInput } from "~/lib/schemas/account";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { registerCustomer } from "../flows/registration";
import { runJobsUntilIdle } from "../jobs/run-due";
import { ensureAccount } from "./admins";
import { authBool, authDate } from "./auth-columns";
import { deleteExpiredUnverifiedAccounts, UNVERIFIED_ACCOUNT_DAYS } from "./unverified";
import { findUserByEmail } from "./users";

let t: TestDatabase;
let ip = 0;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

async function register(email: string, daysAgo: number): Promise<string> {
  const input: RegisterInput = {
    legalName: "Test Shop LLC",
    dba: null,
    businessType: "convenience-store",
    taxPermit: null,
    name: "Reg",
    username: email.split("@")[0] ?? "x",
    email,
    password: "correct horse battery",
    address: "100 Elm St",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    phone: null,
    dob: null,
    gender: null,
  };
  await registerCustomer(t.db, input, `10.8.0.${++ip}`);
  const user = await findUserByEmail(t.db, email);
  if (!user) throw new Error("not registered");
  await t.db
    .updateTable("users")
    .set({ created_at: authDate(t.db, new Date(Date.now() - daysAgo * DAY)) })
    .where("id", "=", user.id)
    .execute();
  return user.id;
}

describe(`unverified accounts on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it(`are deleted ${UNVERIFIED_ACCOUNT_DAYS} days after registering, with their addresses and credentials; others stay`, async () => {
    const stale = await register("stale@shop.test", UNVERIFIED_ACCOUNT_DAYS + 1);
    const recent = await register("recent@shop.test", UNVERIFIED_ACCOUNT_DAYS - 1);
    const verified = await register("verified@shop.test", 30);
    await t.db
      .updateTable("users")
      .set({ email_verified: authBool(t.db, true) })
      .where("id", "=", verified)
      .execute();
    await ensureAccount(t.db, { email: "admin@shop.test", name: "Admin", role: "admin" });
    await t.db
      .updateTable("users")
      .set({ email_verified: authBool(t.db, false), created_at: authDate(t.db, new Date(Date.now() - 30 * DAY)) })
      .where("email", "=", "admin@shop.test")
      .execute();
    expect(await t.db.selectFrom("addresses").select("id").where("user_id", "=", stale).execute()).toHaveLength(1);

    expect(await deleteExpiredUnverifiedAccounts(t.db)).toBe(1);
    expect(await findUserByEmail(t.db, "stale@shop.test")).toBeNull();
    for (const table of ["addresses", "accounts", "sessions"] as const) {
      expect(await t.db.selectFrom(table).select("id").where("user_id", "=", stale).execute()).toHaveLength(0);
    }
    for (const email of ["recent@shop.test", "verified@shop.test", "admin@shop.test"]) {
      expect(await findUserByEmail(t.db, email)).not.toBeNull();
    }
    expect(recent).toEqual(expect.any(String));
    // The address is free again.
    await register("stale@shop.test", 0);
    await runJobsUntilIdle({ db: t.db });
    expect(await findUserByEmail(t.db, "stale@shop.test")).toMatchObject({ emailVerified: false });
  });
});
