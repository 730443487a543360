import { data } from "react-router";
import { canSeePrices, requireViewer } from "~/.server/accounts/viewer";
import { checkCartLines } from "~/.server/catalog/cart-check";
import { getDb } from "~/.server/db/instance";
import { cartLinesField } from "~/lib/schemas/checkout";
import type { Route } from "./+types/cart-check";

/** POST lines=[{id, quantity}] → the current price, stock and status of each line. Buyers only. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  if (!canSeePrices(viewer)) throw data({ error: "Forbidden" }, { status: 403 });
  const form = await request.formData();
  const parsed = cartLinesField.safeParse(form.get("lines"));
  if (!parsed.success) {
    return data(
      { lines: [], error: parsed.error.issues[0]?.message ?? "The cart could not be read." },
      { status: 400 },
    );
  }
  return { lines: await checkCartLines(getDb(), parsed.data), error: null };
}

export async function loader() {
  throw data("Page not found", { status: 404 });
}
