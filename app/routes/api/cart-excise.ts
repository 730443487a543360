import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { cartExcise } from "~/.server/flows/cart-excise";
import { replyError, replyOk } from "~/.server/http/forms";
import { formOf, signedInViewer } from "~/.server/request/context";
import type { CartExcise } from "~/lib/excise/engine";
import * as MESSAGES from "~/lib/messages";
import { cartLinesField } from "~/lib/schemas/checkout";
import type { Route } from "./+types/cart-excise";

export type CartExciseReply = CartExcise;

/** POST lines=[{id, quantity}] (and addressId) → the cart's excise per tax rule. Buyers only (group). */
export async function action({ context }: Route.ActionArgs) {
  const parsed = cartLinesField.safeParse(formOf(context).get("lines"));
  if (!parsed.success) {
    return replyError<CartExciseReply>(
      { message: parsed.error.issues[0]?.message ?? MESSAGES.cartUnreadable },
      { data: { lines: [], collectedCents: 0, state: null } },
    );
  }
  const addressId = String(formOf(context).get("addressId") ?? "").slice(0, 64) || null;
  const excise = await cartExcise(getDb(), {
    userId: signedInViewer(context).accountId,
    addressId,
    lines: parsed.data,
  });
  return replyOk<CartExciseReply>(undefined, excise);
}

export async function loader() {
  throw data("Page not found", { status: 404 });
}
