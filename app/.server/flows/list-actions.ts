import crypto from "node:crypto";
import { data, redirect } from "react-router";
import type { CheckedLine } from "~/lib/cart-check";
import { intentOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { cartLinesField } from "~/lib/schemas/checkout";
import { idParam } from "~/lib/schemas/params";
import { listNameSchema, listTargetSchema } from "~/lib/schemas/saved-lists";
import { canBuy, safeRedirectPath, type Viewer } from "../accounts/viewer";
import { findProduct } from "../catalog/products";
import { getDb } from "../db/instance";
import { firstError, parseForm, replyError, replyOk } from "../http/forms";
import { domainErrorReply } from "../http/http";
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
import { DomainError } from "../runtime/domain-error";
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

function refused(error: unknown, form: FormData, back: string | null) {
  if (back && error instanceof DomainError) return redirectWithToast(back, { type: "error", message: error.message });
  // A name problem is said next to the name field; anything else above the form.
  return domainErrorReply(error, { form, fields: ["newName", "name"] });
}

function savedMessage(outcome: SaveOutcome): string {
  return ACCOUNT_MESSAGES.savedToList(outcome.list.name, outcome.added, outcome.updated, outcome.gone);
}

/** Posts to /account/lists: create a list, or put products in one (product page, cart, past order). */
export async function handleListsAction(viewer: Viewer, form: FormData) {
  const db = getDb();
  const intent = intentOf(form);
  // A form posted before the page's JavaScript ran comes back to its page with a toast.
  const redirectTo = form.get("redirectTo");
  const back = typeof redirectTo === "string" && redirectTo !== "" ? safeRedirectPath(redirectTo) : null;

  if (intent === "create") {
    const parsed = parseForm(form, listNameSchema);
    if (!parsed.ok) return replyError({ fieldErrors: parsed.errors }, { form });
    try {
      const list = await createList(db, viewer.id, parsed.data.name);
      return redirectWithToast(`/account/lists/${list.id}`, {
        type: "success",
        message: ACCOUNT_MESSAGES.listCreated(list.name),
      });
    } catch (error) {
      return refused(error, form, null);
    }
  }

  if (intent !== "add-product" && intent !== "save-cart" && intent !== "save-order") {
    return replyError({ message: MESSAGES.chooseAction });
  }

  const target = parseForm(form, listTargetSchema);
  if (!target.ok) {
    if (back) return redirectWithToast(back, { type: "error", message: firstError(target.errors) });
    return replyError({ fieldErrors: target.errors }, { form });
  }

  let lines: ListLineInput[];
  if (intent === "add-product") {
    const id = idParam(form.get("productId"));
    const product = id === null ? null : await findProduct(db, id);
    if (!product) notFound(MESSAGES.productNotFound);
    lines = [{ productId: product.id, quantity: readQuantity(form.get("quantity"), product) }];
  } else if (intent === "save-cart") {
    const parsed = cartLinesField.safeParse(form.get("lines"));
    if (!parsed.success)
      return replyError({ message: parsed.error.issues[0]?.message ?? MESSAGES.cartUnreadable }, { form });
    lines = parsed.data.map((l) => ({ productId: l.id, quantity: l.quantity }));
  } else {
    const id = idParam(form.get("orderId"));
    const order = id === null ? null : await findOrderForUser(db, viewer.accountId, id);
    // Another customer's order looks exactly like one that does not exist.
    if (!order) notFound(MESSAGES.orderNotFound);
    lines = order.items.flatMap((i) =>
      i.productId === null ? [] : [{ productId: i.productId, quantity: i.quantity }],
    );
    if (lines.length === 0) return replyError({ message: ACCOUNT_MESSAGES.nothingToSave }, { form });
  }

  try {
    const outcome = await saveToList(db, viewer.id, target.data, lines, intent === "add-product" ? "exact" : "fit");
    if (!outcome) notFound(ACCOUNT_MESSAGES.listNotFound);
    if (intent === "add-product") {
      const [line] = lines;
      const quantity = line ? (outcome.quantities.get(line.productId) ?? line.quantity) : 0;
      const product = line ? await findProduct(db, line.productId) : null;
      const name = product?.name ?? "";
      const message =
        outcome.updated > 0
          ? ACCOUNT_MESSAGES.listQuantityChanged(outcome.list.name, quantity, name)
          : ACCOUNT_MESSAGES.addedToList(quantity, name, outcome.list.name);
      if (back) return redirectWithToast(back, { type: "success", message });
      return replyOk<SavedToListData>(message, { listId: outcome.list.id, listName: outcome.list.name });
    }
    return replyOk<SavedToListData>(savedMessage(outcome), { listId: outcome.list.id, listName: outcome.list.name });
  } catch (error) {
    return refused(error, form, back);
  }
}

/** Posts to /account/lists/:id: steppers, remove, rename, delete, and Add all to cart. */
export async function handleListAction(viewer: Viewer, listId: number | null, form: FormData) {
  const db = getDb();
  if (listId === null) notFound(ACCOUNT_MESSAGES.listNotFound);
  const intent = intentOf(form);
  const productId = idParam(form.get("productId"));
  try {
    switch (intent) {
      case "quantity": {
        const quantityText = form.get("quantity");
        const quantity =
          typeof quantityText === "string" && /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
        const name = productId === null ? null : await setListQuantity(db, viewer.id, listId, productId, quantity);
        if (name === null) return missingLineOrList(viewer, listId);
        return replyOk();
      }
      case "remove": {
        const name = productId === null ? null : await removeFromList(db, viewer.id, listId, productId);
        if (name === null) return missingLineOrList(viewer, listId);
        return replyOk(ACCOUNT_MESSAGES.removedFromList(name));
      }
      case "rename": {
        const parsed = parseForm(form, listNameSchema);
        if (!parsed.ok) {
          await ownListOr404(viewer, listId);
          return replyError({ fieldErrors: parsed.errors }, { form });
        }
        const list = await renameList(db, viewer.id, listId, parsed.data.name);
        if (!list) notFound(ACCOUNT_MESSAGES.listNotFound);
        return replyOk(ACCOUNT_MESSAGES.listRenamed(list.name));
      }
      case "delete": {
        const name = await deleteList(db, viewer.id, listId);
        if (name === null) notFound(ACCOUNT_MESSAGES.listNotFound);
        return redirectWithToast("/account/lists", { type: "success", message: ACCOUNT_MESSAGES.listDeleted(name) });
      }
      case "add-to-cart": {
        const lines = await checkListForCart(db, viewer, listId);
        if (lines === null) notFound(ACCOUNT_MESSAGES.listNotFound);
        if (!canBuy(viewer)) return replyError({ message: ACCOUNT_MESSAGES.accountCannotOrderYet }, { status: 403 });
        return replyOk<ListToCartData>(undefined, { key: crypto.randomUUID(), lines });
      }
      default:
        await ownListOr404(viewer, listId);
        return replyError({ message: MESSAGES.chooseAction });
    }
  } catch (error) {
    return refused(error, form, null);
  }
}

async function ownListOr404(viewer: Viewer, listId: number): Promise<void> {
  if (!(await hasList(getDb(), viewer.id, listId))) notFound(ACCOUNT_MESSAGES.listNotFound);
}

/** A line that is not in the list: 404 for someone else's list, else the list's page again (gone meanwhile). */
async function missingLineOrList(viewer: Viewer, listId: number) {
  await ownListOr404(viewer, listId);
  return redirect(`/account/lists/${listId}`);
}
