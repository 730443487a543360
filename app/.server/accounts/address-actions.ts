import * as MESSAGES from "~/lib/messages";
import { addressSchema } from "~/lib/schemas/account";
import { getDb } from "../db/instance";
import { firstError, parseForm, replyError, replyOk } from "../forms";
import { intentOf } from "../http";
import { AddressBookFullError, createAddress, deleteAddress, setDefaultAddress, updateAddress } from "./addresses";

/**
 * The address book's form posts (save, delete, make default), shared by the Shipping Address
 * screen and checkout. Every change is scoped to `userId`; another customer's address id
 * changes nothing and answers 404.
 */
export async function handleAddressAction(userId: string, form: FormData) {
  const db = getDb();
  const id = typeof form.get("id") === "string" ? String(form.get("id")) : "";
  const intent = intentOf(form);
  if (intent === "delete" || intent === "default") {
    const done = intent === "delete" ? await deleteAddress(db, userId, id) : await setDefaultAddress(db, userId, id);
    if (!done) return replyError({ message: MESSAGES.errorMessage(MESSAGES.addressNotFound) }, { status: 404 });
    return replyOk(intent === "delete" ? MESSAGES.addressRemoved : MESSAGES.defaultAddressUpdated);
  }
  const parsed = parseForm(form, addressSchema);
  if (!parsed.ok) {
    return replyError(
      { message: MESSAGES.errorMessage(firstError(parsed.errors)), fieldErrors: parsed.errors },
      { form },
    );
  }
  try {
    if (id) {
      const updated = await updateAddress(db, userId, id, parsed.data);
      if (!updated) return replyError({ message: MESSAGES.errorMessage(MESSAGES.addressNotFound) }, { status: 404 });
      return replyOk(MESSAGES.addressSaved, { addressId: updated.id });
    }
    const created = await createAddress(db, userId, parsed.data);
    return replyOk(MESSAGES.addressSaved, { addressId: created.id });
  } catch (error) {
    if (error instanceof AddressBookFullError) {
      return replyError({ message: MESSAGES.errorMessage(error.message) }, { form });
    }
    throw error;
  }
}
