import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { addLicense } from "../business/licenses";
import { saveBusiness } from "../business/profile";
import { insertProduct } from "../catalog/product-writes";
import { readDocument } from "../media/documents";
import { placeOrder } from "../orders/place-order";
import { createAddress } from "./addresses";
import { ensureAccount } from "./admins";
import { AccountError } from "./errors";
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
});
