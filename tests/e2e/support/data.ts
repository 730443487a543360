import "./env";
import crypto from "node:crypto";
import { sql } from "kysely";
import { createAddress } from "../../../app/.server/accounts/addresses";
import { ensureAccount } from "../../../app/.server/accounts/admins";
import { dialectOf } from "../../../app/.server/db/connect";
import { getDb } from "../../../app/.server/db/instance";

/**
 * Set-up helpers that write straight to the test server's database (accounts with known
 * passwords, products with known stock). The journeys themselves go through the browser.
 */
export interface TestAccount {
  id: string;
  email: string;
  username: string;
  password: string;
  name: string;
}

export function uniqueSuffix(): string {
  return crypto.randomBytes(4).toString("hex");
}

export async function createCustomer(
  options: { verified?: boolean; withAddress?: boolean } = {},
): Promise<TestAccount> {
  const suffix = uniqueSuffix();
  const account = {
    email: `buyer-${suffix}@shop.test`,
    username: `buyer_${suffix}`,
    password: `pw-${suffix}-secret`,
    name: `Buyer ${suffix}`,
  };
  const db = getDb();
  await ensureAccount(db, { ...account, role: "customer" });
  const row = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
  if (options.verified === false) {
    await db.updateTable("users").set({ email_verified: 0 }).where("id", "=", row.id).execute();
  }
  if (options.withAddress !== false) {
    await createAddress(db, row.id, {
      businessName: `Corner Store ${suffix}`,
      street: "1500 Main St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      phone: "(214) 555-0100",
      isDefault: true,
    });
  }
  return { id: row.id, ...account };
}

export async function createAdminAccount(): Promise<TestAccount> {
  const suffix = uniqueSuffix();
  const account = {
    email: `admin-${suffix}@shop.test`,
    username: `admin_${suffix}`,
    password: `pw-${suffix}-admin`,
    name: `Admin ${suffix}`,
  };
  const db = getDb();
  await ensureAccount(db, { ...account, role: "admin" });
  const row = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
  return { id: row.id, ...account };
}

/** Every product with its price, for price-leak checks. */
export async function allProductPrices(): Promise<{ id: number; name: string; priceCents: number }[]> {
  const rows = await getDb().selectFrom("products").select(["id", "name", "price_cents"]).orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, name: r.name, priceCents: r.price_cents }));
}

export async function findProductByName(name: string) {
  return getDb().selectFrom("products").selectAll().where("name", "=", name).executeTakeFirst();
}

/**
 * Makes the database refuse new rows of `table` whose `column` equals `value` (a disk or
 * constraint failure, as the server sees it), until the returned function is called. SQLite
 * only, which is what the browser suite runs on; `supported` says whether it can be used.
 */
export const refuseInserts = {
  supported: () => dialectOf(getDb()) === "sqlite",
  async on(table: "orders" | "products", column: string, value: string): Promise<() => Promise<void>> {
    const trigger = `refuse_${table}_${uniqueSuffix()}`;
    await sql`create trigger ${sql.raw(trigger)} before insert on ${sql.raw(table)}
      when new.${sql.raw(column)} = ${sql.lit(value)} begin select raise(abort, 'simulated failure'); end`.execute(
      getDb(),
    );
    return async () => {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(getDb());
    };
  },
};
