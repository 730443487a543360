import crypto from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Address } from "~/lib/address";
import * as MESSAGES from "~/lib/messages";
import type { AddressInput } from "~/lib/schemas/account";
import { zipStateMismatch } from "~/lib/zip-states";
import { dialectOf } from "../db/connect";
import type { AddressRow, DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

export const MAX_ADDRESSES = 25;

export type { Address };

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    businessName: row.business_name,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    isDefault: row.is_default === 1,
  };
}

/** A customer's address book, default first. Every query is scoped to the owner. */
export async function listAddresses(db: Kysely<DB>, userId: string): Promise<Address[]> {
  const rows = await db
    .selectFrom("addresses")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toAddress);
}

export async function findAddress(db: Kysely<DB>, userId: string, id: string): Promise<Address | null> {
  const row = await db
    .selectFrom("addresses")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toAddress(row) : null;
}

async function clearDefault(trx: Transaction<DB>, userId: string) {
  await trx.updateTable("addresses").set({ is_default: 0 }).where("user_id", "=", userId).execute();
}

export class AddressBookFullError extends DomainError {
  constructor() {
    super(MESSAGES.tooManyAddresses(MAX_ADDRESSES));
  }
}

/** An address refused as it is: the message is said next to `field`. */
export class AddressError extends DomainError {
  constructor(message: string, field: string) {
    super(message, { field });
  }
}

/**
 * A ZIP code that is not in the state typed beside it is refused, whoever saves the address (the
 * forms' schemas say so first, next to the field): carriers route by the ZIP (issue 26).
 */
function refuseZipOfAnotherState(input: Pick<AddressInput, "zip" | "state">): void {
  const mismatch = zipStateMismatch(input.zip, input.state);
  if (mismatch) throw new AddressError(mismatch, "zip");
}

/** Adds an address; the first one, or one marked default, becomes the default. */
export async function createAddress(db: Kysely<DB>, userId: string, input: AddressInput): Promise<Address> {
  refuseZipOfAnotherState(input);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("addresses")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    const count = Number(existing.n);
    if (count >= MAX_ADDRESSES) throw new AddressBookFullError();
    const makeDefault = input.isDefault || count === 0;
    if (makeDefault) await clearDefault(trx, userId);
    const now = sqlNow(dialectOf(db));
    const row = await trx
      .insertInto("addresses")
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        business_name: input.businessName,
        street: input.street,
        city: input.city,
        state: input.state,
        zip: input.zip,
        phone: input.phone,
        is_default: makeDefault ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

/**
 * Updates one of the owner's addresses, in the caller's transaction (flows/address-book.ts, which
 * sends the licenses bound to an address moved to another state back to review in the same one).
 * Returns the address and the state it was in; null when it is not theirs.
 */
export async function updateAddressIn(
  trx: Transaction<DB>,
  userId: string,
  id: string,
  input: AddressInput,
): Promise<{ address: Address; fromState: string } | null> {
  refuseZipOfAnotherState(input);
  let q = trx
    .selectFrom("addresses")
    .select(["id", "is_default", "state"])
    .where("user_id", "=", userId)
    .where("id", "=", id);
  // Two edits of one address at once: the second reads the state the first left.
  if (dialectOf(trx) === "postgres") q = q.modifyEnd(sql`for update`);
  const current = await q.executeTakeFirst();
  if (!current) return null;
  const makeDefault = input.isDefault || current.is_default === 1;
  if (input.isDefault) await clearDefault(trx, userId);
  const row = await trx
    .updateTable("addresses")
    .set({
      business_name: input.businessName,
      street: input.street,
      city: input.city,
      state: input.state,
      zip: input.zip,
      phone: input.phone,
      is_default: makeDefault ? 1 : 0,
      updated_at: sqlNow(dialectOf(trx)),
    })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { address: toAddress(row), fromState: current.state };
}

export async function setDefaultAddress(db: Kysely<DB>, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!found) return false;
    await clearDefault(trx, userId);
    await trx
      .updateTable("addresses")
      .set({ is_default: 1 })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .execute();
    return true;
  });
}

/**
 * Removes one of the owner's addresses, in the caller's transaction (flows/address-book.ts, which
 * lapses the licenses bound to it in the same one); if it was the default, the oldest other one
 * takes over. False when the address is not theirs.
 */
export async function deleteAddressIn(trx: Transaction<DB>, userId: string, id: string): Promise<boolean> {
  const removed = await trx
    .deleteFrom("addresses")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .returning("is_default")
    .executeTakeFirst();
  if (!removed) return false;
  if (removed.is_default === 1) {
    const next = await trx
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (next) await trx.updateTable("addresses").set({ is_default: 1 }).where("id", "=", next.id).execute();
  }
  return true;
}

/** Whether the address is the owner's (read in the caller's transaction). */
export async function ownsAddress(trx: Transaction<DB>, userId: string, id: string): Promise<boolean> {
  const owned = await trx
    .selectFrom("addresses")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return !!owned;
}
