import crypto from "node:crypto";
import { data, redirect } from "react-router";
import type { CheckedLine } from "~/lib/cart-check";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { listActionSchema, listsActionSchema } from "~/lib/schemas/saved-lists";
import { canBuy, safeRedirectPath, type Viewer } from "../accounts/viewer";
import { findProduct } from "../catalog/products";
import { getDb } from "../db/instance";
import { formAction } from "../http/form-action";
import { replyError, replyOk } from "../http/forms";
import { redirectWithToast } from "../http/toast";
import {
  createList,
  deleteList,
  hasList,
  type ListLineInput,
  removeFromList,
  renameList,
  type SaveOutcome,
  saveToList,
  setListQuantity,
} from "../lists/saved-lists";
import { findOrderForUser } from "../orders/queries";
import { readQuantity } from "../wholesale/selling-units";
import { checkListForCart } from "./saved-list-check";

/**
 * The form posts of saved lists, in the one form contract. `/account/lists` takes new lists and
 * products from elsewhere (a product page, the cart, a past order); `/account/lists/:id` changes
 * one list. Every write names the signed-in customer, so another customer's list or order is
 * answered like a missing one (404).
 */

/** What a save from the cart or a past order hands the page: the list it went to. */
export type SavedToListData = { listId: number; listName: string };

/** What "Add all to cart" hands the browser (decision 0004: the browser writes its cart). */
export type ListToCartData = { key: string; lines: CheckedLine[] };

function notFound(message: string): never {
  throw data(message, { status: 404 });
}

function savedMessage(outcome: SaveOutcome): string {
  return ACCOUNT_MESSAGES.savedToList(outcome.list.name, outcome.added, outcome.updated, outcome.gone);
}

/** Posts to /account/lists: create a list, or put products in one (product page, cart, past order). */
export async function handleListsAction(viewer: Viewer, form: FormData) {
  const db = getDb();
  // A form posted before the page's JavaScript ran comes back to its page with a toast.
  const redirectTo = form.get("redirectTo");
  const back = typeof redirectTo === "string" && redirectTo !== "" ? safeRedirectPath(redirectTo) : null;
  return formAction(
    form,
    listsActionSchema,
    async (input) => {
      if (input.intent === "create") {
        const list = await createList(db, viewer.id, input.name);
        return redirectWithToast(`/account/lists/${list.id}`, {
          type: "success",
          message: ACCOUNT_MESSAGES.listCreated(list.name),
        });
      }
      let lines: ListLineInput[];
      if (input.intent === "add-product") {
        const product = input.productId === null ? null : await findProduct(db, input.productId);
        if (!product) notFound(MESSAGES.productNotFound);
        lines = [{ productId: product.id, quantity: readQuantity(input.quantity ?? null, product) }];
      } else if (input.intent === "save-cart") {
        lines = input.lines.map((l) => ({ productId: l.id, quantity: l.quantity }));
      } else {
        const order = input.orderId === null ? null : await findOrderForUser(db, viewer.accountId, input.orderId);
        // Another customer's order looks exactly like one that does not exist.
        if (!order) notFound(MESSAGES.orderNotFound);
        lines = order.items.flatMap((i) =>
          i.productId === null ? [] : [{ productId: i.productId, quantity: i.quantity }],
        );
        if (lines.length === 0) return replyError({ message: ACCOUNT_MESSAGES.nothingToSave }, { form });
      }
      const exact = input.intent === "add-product";
      const outcome = await saveToList(db, viewer.id, input.target, lines, exact ? "exact" : "fit");
      if (!outcome) notFound(ACCOUNT_MESSAGES.listNotFound);
      const saved = { listId: outcome.list.id, listName: outcome.list.name };
      if (!exact) return replyOk<SavedToListData>(savedMessage(outcome), saved);
      const [line] = lines;
      const quantity = line ? (outcome.quantities.get(line.productId) ?? line.quantity) : 0;
      const product = line ? await findProduct(db, line.productId) : null;
      const name = product?.name ?? "";
      const message =
        outcome.updated > 0
          ? ACCOUNT_MESSAGES.listQuantityChanged(outcome.list.name, quantity, name)
          : ACCOUNT_MESSAGES.addedToList(quantity, name, outcome.list.name);
      if (back) return redirectWithToast(back, { type: "success", message });
      return replyOk<SavedToListData>(message, saved);
    },
    // A name's problem is said beside the name, the list picker's beside it; anything else above the form.
    { fields: ["name", "newName", "listId"], back },
  );
}

/** Posts to /account/lists/:id: steppers, remove, rename, delete, and Add all to cart. */
export async function handleListAction(viewer: Viewer, listId: number | null, form: FormData) {
  const db = getDb();
  if (listId === null) notFound(ACCOUNT_MESSAGES.listNotFound);
  // Someone else's list answers like a missing one, whatever was posted.
  await ownListOr404(viewer, listId);
  return formAction(
    form,
    listActionSchema,
    async (input) => {
      switch (input.intent) {
        case "quantity": {
          const { productId, quantity } = input;
          const name = productId === null ? null : await setListQuantity(db, viewer.id, listId, productId, quantity);
          if (name === null) return missingLineOrList(viewer, listId);
          return replyOk();
        }
        case "remove": {
          const name = input.productId === null ? null : await removeFromList(db, viewer.id, listId, input.productId);
          if (name === null) return missingLineOrList(viewer, listId);
          return replyOk(ACCOUNT_MESSAGES.removedFromList(name));
        }
        case "rename": {
          const list = await renameList(db, viewer.id, listId, input.name);
          if (!list) notFound(ACCOUNT_MESSAGES.listNotFound);
          return replyOk(ACCOUNT_MESSAGES.listRenamed(list.name));
        }
        case "delete": {
          const name = await deleteList(db, viewer.id, listId);
          if (name === null) notFound(ACCOUNT_MESSAGES.listNotFound);
          return redirectWithToast("/account/lists", {
            type: "success",
            message: ACCOUNT_MESSAGES.listDeleted(name),
          });
        }
        case "add-to-cart": {
          const lines = await checkListForCart(db, viewer, listId);
          if (lines === null) notFound(ACCOUNT_MESSAGES.listNotFound);
          if (!canBuy(viewer)) return replyError({ message: ACCOUNT_MESSAGES.accountCannotOrderYet }, { status: 403 });
          return replyOk<ListToCartData>(undefined, { key: crypto.randomUUID(), lines });
        }
      }
    },
    // A name's problem is said beside the name; a quantity's (the list's stepper) above the list.
    { fields: ["name"] },
  );
}

async function ownListOr404(viewer: Viewer, listId: number): Promise<void> {
  if (!(await hasList(getDb(), viewer.id, listId))) notFound(ACCOUNT_MESSAGES.listNotFound);
}

/** A line that is not in the list: 404 for someone else's list, else the list's page again (gone meanwhile). */
async function missingLineOrList(viewer: Viewer, listId: number) {
  await ownListOr404(viewer, listId);
  return redirect(`/account/lists/${listId}`);
}
