import type { Kysely } from "kysely";
import { createAddress } from "~/.server/accounts/addresses";
import { ensureAccount } from "~/.server/accounts/admins";
import { findUserByEmail } from "~/.server/accounts/users";
import type { DB } from "~/.server/db/schema";

/**
 * Customers for domain tests: an account, and a default shipping address in Dallas unless told
 * otherwise. One place, so a test says only what matters to it (the state, the business name).
 */
export interface AddressOverrides {
  businessName?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  phone?: string;
}

/** A default shipping address for an existing account; its id. */
export async function addAddress(db: Kysely<DB>, userId: string, overrides: AddressOverrides = {}): Promise<string> {
  const address = await createAddress(db, userId, {
    businessName: "Corner Store",
    street: "1 Main St",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    phone: "",
    ...overrides,
    isDefault: true,
  });
  return address.id;
}

/** A customer account (made or found by email) with a default shipping address. */
export async function customerWithAddress(
  db: Kysely<DB>,
  email: string,
  options: AddressOverrides & { name?: string; username?: string; password?: string } = {},
): Promise<{ id: string; addressId: string }> {
  const { name, username, password, ...address } = options;
  await ensureAccount(db, {
    email,
    name: name ?? email.split("@")[0] ?? "Buyer",
    role: "customer",
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  });
  const id = (await findUserByEmail(db, email))?.id;
  if (!id) throw new Error(`customerWithAddress: ${email} was not created`);
  return { id, addressId: await addAddress(db, id, address) };
}
