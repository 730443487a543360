import { useEffect } from "react";
import { Form } from "react-router";
import { addNotice, addToCart, type CartProduct, MAX_LINE_QUANTITY } from "~/lib/cart";
import * as MESSAGES from "~/lib/messages";
import { hasPrice, type ProductDetail } from "~/lib/product-types";
import { notify } from "../toast";
import { Button } from "../ui/button";
import { readCart, writeCart } from "./cart-store";

/** Adds to the browser cart and says what happened (the full quantity, less, or nothing). */
export function addToBrowserCart(product: CartProduct, quantity: number): void {
  const outcome = addToCart(readCart(), product, quantity);
  if (outcome.added > 0) writeCart(outcome.lines);
  const notice = addNotice(outcome);
  notify(notice.type, notice.message);
}

const applied = new Set<string>();

/**
 * Puts an Add to Cart that the server answered (a tap before the page's JavaScript had run)
 * into the browser cart, once (root data `cartAdd`, app/.server/catalog/cart-add.ts).
 */
export function PendingCartAdd({ add }: { add: { key: string; product: CartProduct; quantity: number } | null }) {
  useEffect(() => {
    if (!add || applied.has(add.key)) return;
    applied.add(add.key);
    addToBrowserCart(add.product, add.quantity);
  }, [add]);
  return null;
}

/**
 * Quantity input clamped to 1..stock and the Add to Cart button of the detail page. It is a real
 * form: tapped before the page's JavaScript has run, the server answers it (product route action);
 * with JavaScript a buyer's tap adds to the browser cart here, and a visitor's goes to the action,
 * which sends them to log in.
 */
export function AddToCart({ product }: { product: ProductDetail }) {
  const buyer = hasPrice(product);
  const stock = buyer ? product.stock : 0;
  const limit = Math.max(1, Math.min(stock, MAX_LINE_QUANTITY));

  const clamp = (value: number) => Math.max(1, Math.min(Number.isFinite(value) ? Math.floor(value) : 1, limit));

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!buyer) return; // the action answers: log in first
    event.preventDefault();
    if (!product.inStock || product.stock <= 0) {
      notify("error", MESSAGES.outOfStock);
      return;
    }
    const input = event.currentTarget.elements.namedItem("quantity");
    const field = input instanceof HTMLInputElement ? input : null;
    const q = clamp(Number(field?.value ?? 1));
    if (field) field.value = String(q);
    addToBrowserCart(
      {
        id: product.id,
        name: product.name,
        priceCents: product.priceCents,
        stock: product.stock,
        image: product.image,
      },
      q,
    );
  }

  return (
    <Form method="post" onSubmit={onSubmit} className="flex flex-col gap-3">
      {buyer && product.inStock ? (
        <div className="flex items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="quantity" className="text-sm font-medium text-slate-800">
              Quantity
            </label>
            <input
              id="quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={stock}
              step={1}
              defaultValue="1"
              onBlur={(e) => {
                e.currentTarget.value = String(clamp(Number(e.currentTarget.value)));
              }}
              className="tabular min-h-11 w-24 rounded-md border border-slate-300 bg-white px-3 text-base"
            />
          </div>
          <p className="pb-3 text-sm text-slate-600">{stock} available</p>
        </div>
      ) : null}
      <Button type="submit" disabled={!product.inStock} className="w-full sm:w-auto sm:min-w-48">
        Add to Cart
      </Button>
      {!product.inStock ? (
        <p className="text-sm font-medium text-danger-700" role="status">
          {MESSAGES.outOfStock}
        </p>
      ) : null}
    </Form>
  );
}
