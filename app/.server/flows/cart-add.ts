import crypto from "node:crypto";
import { createCookie } from "react-router";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import type { PendingCartAdd } from "~/lib/root-data";
import { type Db, findProduct } from "../catalog/products";
import { withCustomerPrices } from "../pricing/prices";
import { env } from "../runtime/env";
import { sessionSecret } from "../security/secret";

/**
 * Add to Cart without JavaScript (a tap before the page's script has run, issue 12 point 2).
 * The cart lives in the browser (decision 0004), so the server cannot write it: the product
 * page's action remembers the addition in a short-lived signed cookie and redirects; the next
 * page hands it to the browser (root loader), which puts it in the cart with the same rules and
 * messages as a tap with JavaScript.
 */

let cookie: ReturnType<typeof createCookie> | undefined;

function cartAddCookie() {
  cookie ??= createCookie("store.cart-add", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().isProduction,
    secrets: [sessionSecret()],
    maxAge: 120,
  });
  return cookie;
}

/** The Set-Cookie header that remembers "add `quantity` of product `id`" for the next page. */
export async function rememberCartAdd(id: number, quantity: number): Promise<string> {
  const q = Math.max(1, Math.min(Math.floor(quantity) || 1, MAX_LINE_QUANTITY));
  return cartAddCookie().serialize({ key: crypto.randomUUID(), id, quantity: q });
}

/**
 * The pending addition of this request (for a buyer only, priced from the database now) and the
 * header that clears it.
 */
/** Whether the request carries an addition to hand to the browser cart (cheap: no parsing). */
export function hasCartAdd(request: Request): boolean {
  return !!request.headers.get("cookie")?.includes("store.cart-add=");
}

export async function takeCartAdd(
  db: Db,
  request: Request,
  isBuyer: boolean,
  userId: string | null = null,
): Promise<{ add: PendingCartAdd | null; headers: Headers }> {
  const headers = new Headers();
  const raw = request.headers.get("cookie");
  if (!raw?.includes("store.cart-add=")) return { add: null, headers };
  headers.append("Set-Cookie", await cartAddCookie().serialize("", { maxAge: 0 }));
  const value: unknown = await cartAddCookie().parse(raw);
  if (!isBuyer || !value || typeof value !== "object") return { add: null, headers };
  const { key, id, quantity } = value as Record<string, unknown>;
  if (typeof key !== "string" || !Number.isSafeInteger(id) || !Number.isSafeInteger(quantity)) {
    return { add: null, headers };
  }
  const found = await findProduct(db, id as number);
  if (!found) return { add: null, headers };
  const [product = found] = await withCustomerPrices(db, userId, [found]);
  return {
    add: {
      key,
      quantity: quantity as number,
      product: {
        id: product.id,
        name: product.name,
        priceCents: product.priceCents,
        stock: product.stock,
        image: product.images[0] ?? null,
        casePack: product.casePack,
        minQuantity: product.minQuantity,
        maxQuantity: product.maxQuantity,
      },
    },
    headers,
  };
}
