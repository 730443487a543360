import type { Kysely, Transaction } from "kysely";
import type { CheckedLine } from "~/lib/cart-check";
import type { ProductImage } from "~/lib/images";
import { type SellingUnit, sellingUnitOf } from "~/lib/quantity";
import { listProductsByIds } from "../catalog/products";
import type { DB } from "../db/schema";
import { listItems, ownList } from "../lists/saved-lists";
import { checkCartLines } from "./cart-check";

/**
 * A saved list as the cart sees it (issue 16): each line checked as the cart checks it, for the
 * list's page and for "Add all to cart". It composes the lists with the cart check (pricing,
 * compliance, stock), so it sits in the flows layer (decision 0031).
 */
type Db = Kysely<DB> | Transaction<DB>;

/** One line of a list as its page shows it. Price and stock count only for those who may see prices. */
export interface ListLineView {
  productId: number;
  name: string;
  image: ProductImage | null;
  /** The quantity kept in the list. */
  quantity: number;
  unit: SellingUnit;
  inStock: boolean;
  /** For buyers: today's price, stock and what would go to the cart now (the cart check). */
  check?: CheckedLine;
}

export interface ListView {
  id: number;
  name: string;
  updatedAt: string;
  lines: ListLineView[];
}

/**
 * Whose list: a list is a person's own (id); its prices are their business's (accountId,
 * decision 0032).
 */
export interface ListHolder {
  id: string;
  accountId: string;
}

/**
 * The customer's list with each line's product, and for a buyer each line checked as the cart
 * checks it: the customer's own price (group and breaks) at that quantity, the stock, and the
 * quantity that can go to the cart now. Null when the customer has no such list.
 */
export async function findListView(
  db: Db,
  who: ListHolder,
  listId: number,
  withPrices: boolean,
): Promise<ListView | null> {
  const list = await db
    .selectFrom("saved_lists")
    .select(["id", "name", "updated_at"])
    .where("id", "=", listId)
    .where("user_id", "=", who.id)
    .executeTakeFirst();
  if (!list) return null;
  const items = await listItems(db, listId);
  const products = new Map(
    (
      await listProductsByIds(
        db,
        items.map((i) => i.product_id),
      )
    ).map((p) => [p.id, p]),
  );
  const checks = withPrices
    ? new Map(
        (
          await checkCartLines(
            db as Kysely<DB>,
            items.map((i) => ({ id: i.product_id, quantity: i.quantity })),
            who.accountId,
          )
        ).map((c) => [c.id, c]),
      )
    : null;
  const lines = items.flatMap((i): ListLineView[] => {
    const p = products.get(i.product_id);
    if (!p) return [];
    const check = checks?.get(i.product_id);
    return [
      {
        productId: p.id,
        name: p.name,
        image: p.images[0] ?? null,
        quantity: i.quantity,
        unit: sellingUnitOf(p),
        inStock: p.stock > 0,
        ...(check ? { check } : {}),
      },
    ];
  });
  lines.sort((a, b) => a.name.localeCompare(b.name, "en-US") || a.productId - b.productId);
  return { id: list.id, name: list.name, updatedAt: list.updated_at, lines };
}

/**
 * "Add all to cart": every line of the customer's list checked as the cart checks it (current
 * price, stock, the quantity that can be added now), for the browser to put in its cart
 * (decision 0004). Null when the customer has no such list.
 */
export async function checkListForCart(db: Kysely<DB>, who: ListHolder, listId: number): Promise<CheckedLine[] | null> {
  if (!(await ownList(db, who.id, listId))) return null;
  const items = await listItems(db, listId);
  if (items.length === 0) return [];
  return checkCartLines(
    db,
    items.map((i) => ({ id: i.product_id, quantity: i.quantity })),
    who.accountId,
  );
}
