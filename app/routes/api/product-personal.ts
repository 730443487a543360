import { data } from "react-router";
import { alertState } from "~/.server/catalog/stock-alerts";
import { getDb } from "~/.server/db/instance";
import { listsHoldingProduct } from "~/.server/lists/saved-lists";
import { signedInViewer } from "~/.server/request/context";
import * as MESSAGES from "~/lib/messages";
import type { ProductPersonalData } from "~/lib/saved-lists";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/product-personal";

/**
 * What a product page shows of one signed-in person (issue 28): the lists that hold the product
 * and their back-in-stock alert. The page itself is shared by everyone in their audience, so this
 * small answer is asked for after the page has loaded (components/saved-lists/use-product-personal.ts).
 * Signed-in only (the account group); always `private, no-store`.
 */
export async function loader({ params, context }: Route.LoaderArgs): Promise<ProductPersonalData> {
  const id = idParam(params.productId);
  if (id === null) throw data(MESSAGES.productNotFound, { status: 404 });
  const viewer = signedInViewer(context);
  const db = getDb();
  if (viewer.role !== "customer") return { productId: id, lists: [], alert: "none" };
  const [lists, alert] = await Promise.all([listsHoldingProduct(db, viewer.id, id), alertState(db, viewer.id, id)]);
  return { productId: id, lists, alert };
}
