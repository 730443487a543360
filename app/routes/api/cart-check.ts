import { data } from "react-router";
import { checkCartLines } from "~/.server/catalog/cart-check";
import { getDb } from "~/.server/db/instance";
import { replyError, replyOk } from "~/.server/forms";
import { formOf } from "~/.server/request-context";
import type { CheckedLine } from "~/lib/cart-check";
import { cartLinesField } from "~/lib/schemas/checkout";
import type { Route } from "./+types/cart-check";

export type CartCheckReply = { lines: CheckedLine[] };

/** POST lines=[{id, quantity}] → the current price, stock and status of each line. Buyers only (group). */
export async function action({ context }: Route.ActionArgs) {
  const parsed = cartLinesField.safeParse(formOf(context).get("lines"));
  if (!parsed.success) {
    return replyError<CartCheckReply>(
      { message: parsed.error.issues[0]?.message ?? "The cart could not be read." },
      { data: { lines: [] } },
    );
  }
  return replyOk<CartCheckReply>(undefined, { lines: await checkCartLines(getDb(), parsed.data) });
}

export async function loader() {
  throw data("Page not found", { status: 404 });
}
