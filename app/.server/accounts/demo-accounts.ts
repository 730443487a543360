import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { createAddress } from "./addresses";
import { ensureAccount } from "./admins";
import { countUsers } from "./users";

export const DEMO_ADMIN_EMAIL = "admin@demo.store";
export const DEMO_CUSTOMER_EMAIL = "buyer@demo.store";

/**
 * On an empty user table outside production: a demo admin and a demo verified customer with
 * generated passwords, printed once and kept in DATA_DIR/demo-credentials.txt (never in the repo).
 */
export async function createDemoAccounts(db: Kysely<DB>, dataDir: string): Promise<string | null> {
  if ((await countUsers(db)) > 0) return null;
  const admin = await ensureAccount(db, {
    email: DEMO_ADMIN_EMAIL,
    name: "Demo Admin",
    role: "admin",
    username: "demoadmin",
  });
  const customer = await ensureAccount(db, {
    email: DEMO_CUSTOMER_EMAIL,
    name: "Demo Buyer",
    role: "customer",
    username: "demobuyer",
  });
  const buyer = await db.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER_EMAIL).executeTakeFirst();
  if (buyer) {
    await createAddress(db, buyer.id, {
      businessName: "Demo Corner Store",
      street: "1500 Main St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      phone: "(214) 555-0199",
      isDefault: true,
    });
  }
  const text = [
    "Demo accounts (created on first start; change or remove them before real use)",
    `Admin:    ${admin.email}  password: ${admin.password}`,
    `Customer: ${customer.email}  password: ${customer.password}`,
    "",
  ].join("\n");
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "demo-credentials.txt");
  fs.writeFileSync(file, text, { mode: 0o600 });
  return text;
}
