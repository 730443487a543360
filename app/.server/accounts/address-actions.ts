import { data } from "react-router";
import * as MESSAGES from "~/lib/messages";
import { addressSchema } from "~/lib/schemas/account";
import { getDb } from "../db/instance";
import { firstError, parseForm } from "../forms";
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
    if (!done) return data({ ok: false, message: MESSAGES.errorMessage("Address not found.") }, { status: 404 });
    return { ok: true, message: intent === "delete" ? "Address removed." : "Default address updated." };
  }
  const parsed = parseForm(form, addressSchema);
  if (!parsed.ok) {
    return data(
      { ok: false, message: MESSAGES.errorMessage(firstError(parsed.errors)), errors: parsed.errors },
      { status: 400 },
    );
  }
  try {
    if (id) {
      const updated = await updateAddress(db, userId, id, parsed.data);
      if (!updated) return data({ ok: false, message: MESSAGES.errorMessage("Address not found.") }, { status: 404 });
      return { ok: true, message: MESSAGES.addressSaved, addressId: updated.id };
    }
    const created = await createAddress(db, userId, parsed.data);
    return { ok: true, message: MESSAGES.addressSaved, addressId: created.id };
  } catch (error) {
    if (error instanceof AddressBookFullError) {
      return data({ ok: false, message: MESSAGES.errorMessage(error.message) }, { status: 400 });
    }
    throw error;
  }
}
