import { parseArgs } from "node:util";
import { ensureAccount } from "../app/.server/accounts/admins";
import { closeDb, getDb } from "../app/.server/db/instance";
import { migrateToLatest } from "../db/migrate";

/**
 * npm run admin:create -- --email E [--password P] [--name N]
 * Creates a verified admin, or makes an existing account an admin.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  });
  const email = values.email?.trim();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error("Usage: npm run admin:create -- --email you@example.com [--password P] [--name N]");
    process.exit(2);
  }
  if (values.password !== undefined && (values.password.length < 8 || values.password.length > 128)) {
    console.error("--password must be 8 to 128 characters.");
    process.exit(2);
  }
  const db = getDb();
  await migrateToLatest(db);
  const result = await ensureAccount(db, {
    email,
    name: values.name?.trim() || "Store Admin",
    password: values.password,
    role: "admin",
  });
  if (result.promoted) console.log(`${result.email} already had an account: it is now an admin.`);
  else {
    console.log(`Admin created: ${result.email}`);
    if (!values.password) console.log(`Generated password (shown once): ${result.password}`);
  }
  await closeDb();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
