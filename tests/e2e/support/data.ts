import "./env";
import crypto from "node:crypto";
import { createAddress } from "../../../app/.server/accounts/addresses";
import { ensureAccount } from "../../../app/.server/accounts/admins";
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
