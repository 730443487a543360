import crypto from "node:crypto";
import { createCookie } from "react-router";
import { MAX_LINE_QUANTITY } from "~/lib/orders";
import type { PendingCartAdd } from "~/lib/root-data";
import { type Db, listProductsByIds } from "../catalog/products";
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

/** The most lines one remembered addition carries (a line's grid: its variants). */
const MAX_REMEMBERED_LINES = 200;

/** The Set-Cookie header that remembers "add these quantities of these products" for the next page. */
export async function rememberCartAdd(lines: readonly { id: number; quantity: number }[]): Promise<string> {
  const items = lines
    .slice(0, MAX_REMEMBERED_LINES)
    .map((l) => [l.id, Math.max(1, Math.min(Math.floor(l.quantity) || 1, MAX_LINE_QUANTITY))]);
  return cartAddCookie().serialize({ key: crypto.randomUUID(), items });
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
  const { key, items } = value as Record<string, unknown>;
  if (typeof key !== "string" || !Array.isArray(items) || items.length > MAX_REMEMBERED_LINES) {
    return { add: null, headers };
  }
  const wanted = items.flatMap((item: unknown) =>
    Array.isArray(item) && Number.isSafeInteger(item[0]) && Number.isSafeInteger(item[1])
      ? [{ id: item[0] as number, quantity: item[1] as number }]
      : [],
  );
  const found = await listProductsByIds(
    db,
    wanted.map((w) => w.id),
  );
  if (found.length === 0) return { add: null, headers };
  const priced = new Map((await withCustomerPrices(db, userId, found)).map((p) => [p.id, p]));
  return {
    add: {
      key,
      items: wanted.flatMap(({ id, quantity }) => {
        const product = priced.get(id);
        if (!product) return [];
        return [
          {
            quantity,
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
        ];
      }),
    },
    headers,
  };
}
