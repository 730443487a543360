import type { Kysely } from "kysely";
import type { AddressInput } from "~/lib/schemas/account";
import { type Address, deleteAddressIn, ownsAddress, updateAddressIn } from "../accounts/addresses";
import type { Actor } from "../audit/log";
import { type License, lapseLicensesOfDeletedAddress, reviewLicensesOfMovedAddress } from "../business/licenses";
import type { DB } from "../db/schema";

/**
 * Address changes that reach a business's licenses (issue 26): a license is bound to the address
 * it was issued for. One transaction each: the address changes and its licenses follow.
 */

/**
 * Updates one of the owner's addresses; null when it is not theirs. Moved to another state, the
 * licenses bound to it go back to review in the same transaction: they are returned, for the
 * customer to be told.
 */
export async function updateAddress(
  db: Kysely<DB>,
  userId: string,
  id: string,
  input: AddressInput,
  actor: Actor,
): Promise<{ address: Address; licensesToReview: License[] } | null> {
  return db.transaction().execute(async (trx) => {
    const updated = await updateAddressIn(trx, userId, id, input);
    if (!updated) return null;
    const licensesToReview = await reviewLicensesOfMovedAddress(
      trx,
      { userId, id, fromState: updated.fromState, toState: updated.address.state },
      actor,
    );
    return { address: updated.address, licensesToReview };
  });
}

/**
 * Removes one of the owner's addresses. The licenses bound to it lapse in the same transaction and
 * are returned, for the customer to be told; null when the address is not theirs.
 */
export async function deleteAddress(
  db: Kysely<DB>,
  userId: string,
  id: string,
  actor: Actor,
): Promise<{ lapsedLicenses: License[] } | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await ownsAddress(trx, userId, id))) return null;
    const lapsedLicenses = await lapseLicensesOfDeletedAddress(trx, { userId, id }, actor);
    if (!(await deleteAddressIn(trx, userId, id))) return null;
    return { lapsedLicenses };
  });
}
