import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { checkCart } from "~/.server/flows/cart-check";
import { replyError, replyOk } from "~/.server/http/forms";
import { formOf, signedInViewer } from "~/.server/request/context";
import type { CheckedLine } from "~/lib/cart-check";
import * as MESSAGES from "~/lib/messages";
import { cartLinesField } from "~/lib/schemas/checkout";
import type { Route } from "./+types/cart-check";

export type CartCheckReply = { lines: CheckedLine[] };

/** POST lines=[{id, quantity}] → the current price, stock and status of each line. Buyers only (group). */
export async function action({ context }: Route.ActionArgs) {
  const parsed = cartLinesField.safeParse(formOf(context).get("lines"));
  if (!parsed.success) {
    return replyError<CartCheckReply>(
      { message: parsed.error.issues[0]?.message ?? MESSAGES.cartUnreadable },
      { data: { lines: [] } },
    );
  }
  // The compliance rules for the chosen shipping address (the default one when none is named).
  const addressId = String(formOf(context).get("addressId") ?? "").slice(0, 64) || null;
  const lines = await checkCart(getDb(), { userId: signedInViewer(context).accountId, addressId, lines: parsed.data });
  return replyOk<CartCheckReply>(undefined, { lines });
}

export async function loader() {
  throw data("Page not found", { status: 404 });
}
