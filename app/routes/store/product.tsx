import { data, redirect } from "react-router";
import { productPath } from "~/.server/catalog/lines";
import { getDb } from "~/.server/db/instance";
import * as MESSAGES from "~/lib/messages";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/product";

/**
 * A product's address before product lines (issue 38): every link, bookmark, mail and search
 * engine's copy keeps working, sent on for good to the product's line with it chosen. A form
 * posted to it (a page opened before the upgrade) goes on too, as a post (308).
 */
async function lineOf(productId: string | undefined, status: 301 | 308) {
  const id = idParam(productId);
  const path = id === null ? null : await productPath(getDb(), id);
  if (!path) throw data(MESSAGES.productNotFound, { status: 404 });
  return redirect(path, status);
}

export function loader({ params }: Route.LoaderArgs) {
  return lineOf(params.productId, 301);
}

export function action({ params }: Route.ActionArgs) {
  return lineOf(params.productId, 308);
}

/** Never shown: the loader sends every request on, or answers "Product not found." (the error page). */
export default function ProductAddress() {
  return null;
}
