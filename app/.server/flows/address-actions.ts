import { stateName } from "~/lib/compliance/vocabulary";
import { intentOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { addressIdSchema, addressSaveSchema } from "~/lib/schemas/account";
import { ACCOUNT_TOAST_MS } from "~/lib/toast";
import { createAddress, listAddresses, setDefaultAddress } from "../accounts/addresses";
import type { Actor } from "../audit/log";
import type { License } from "../business/licenses";
import { getDb } from "../db/instance";
import { askFirst, isConfirmed } from "../http/confirmation";
import { formAction } from "../http/form-action";
import { replyError, replyOk } from "../http/forms";
import { toastCookieHeader } from "../http/toast";
import { deleteAddress, updateAddress } from "./address-book";

const named = (licenses: readonly License[]) => licenses.map((l) => `${l.typeLabel} ${l.number}`);

/**
 * The address book's form posts (save, delete, make default), shared by the Shipping Address
 * screen and checkout. Every change is scoped to `userId`; another customer's address id
 * changes nothing and answers 404. A delete happens only with the customer's yes (`confirmed`,
 * posted by the card's "Yes, remove"); without it the answer is the question (decision 0023).
 */
export async function handleAddressAction(userId: string, form: FormData, actor: Actor) {
  const db = getDb();
  const intent = intentOf(form);
  const notFound = () => replyError({ message: FORM_MESSAGES.errorMessage(MESSAGES.addressNotFound) }, { status: 404 });
  if (intent === "delete")
    return formAction(form, addressIdSchema, async ({ id }) => {
      if (!isConfirmed(form)) {
        const address = (await listAddresses(db, userId)).find((a) => a.id === id);
        if (!address) return notFound();
        return askFirst({
          question: ACCOUNT_MESSAGES.confirmRemoveAddress,
          detail: `${address.businessName}, ${address.street}, ${address.city}, ${address.state} ${address.zip}`,
          fields: { intent: "delete", id },
          danger: true,
        });
      }
      const removed = await deleteAddress(db, userId, id, actor);
      if (!removed) return notFound();
      if (removed.lapsedLicenses.length === 0) return replyOk(MESSAGES.addressRemoved);
      // The address's card goes with it: the customer reads what happened to its licenses in a toast.
      const message = ACCOUNT_MESSAGES.addressRemovedLicensesLapsed(named(removed.lapsedLicenses));
      return replyOk(message, undefined, {
        headers: await toastCookieHeader({ type: "info", message, duration: ACCOUNT_TOAST_MS }),
      });
    });
  if (intent === "default")
    return formAction(form, addressIdSchema, async ({ id }) => {
      if (!(await setDefaultAddress(db, userId, id))) return notFound();
      return replyOk(MESSAGES.defaultAddressUpdated);
    });
  return formAction(
    form,
    addressSaveSchema,
    async ({ id, ...address }) => {
      if (id) {
        const updated = await updateAddress(db, userId, id, address, actor);
        if (!updated) return notFound();
        const message = updated.licensesToReview.length
          ? ACCOUNT_MESSAGES.addressMovedLicensesToReview(
              stateName(updated.address.state),
              named(updated.licensesToReview),
            )
          : MESSAGES.addressSaved;
        return replyOk(message, { addressId: updated.address.id });
      }
      const created = await createAddress(db, userId, address);
      return replyOk(MESSAGES.addressSaved, { addressId: created.id });
    },
    { summary: FORM_MESSAGES.errorMessage },
  );
}
