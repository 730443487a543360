import { Form } from "react-router";
import * as MESSAGES from "~/lib/messages";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { hasPrice, type ProductDetail } from "~/lib/product-types";
import { largestQuantity, quantityProblem, SINGLE_UNITS, sellingUnitOf, smallestQuantity } from "~/lib/quantity";
import { notify } from "../toast";
import { addToBrowserCart } from "./add-to-browser-cart";
import { AddToCartButton } from "./add-to-cart-button";

/**
 * Quantity input in whole cases (step = case pack, from the minimum to the most that can be
 * ordered) and the Add to Cart button of the detail page. A quantity the selling unit refuses is
 * not added: the message says why (lib/quantity.ts, the rule the server applies too). It is a real
 * form: tapped before the page's JavaScript has run, the server answers it (product route action);
 * with JavaScript a buyer's tap adds to the browser cart here, and a visitor's goes to the action,
 * which sends them to log in.
 */
export function AddToCart({ product }: { product: ProductDetail }) {
  const buyer = hasPrice(product);
  const stock = buyer ? product.stock : 0;
  const unit = buyer ? sellingUnitOf(product) : SINGLE_UNITS;
  const first = smallestQuantity(unit);
  const limit = largestQuantity(unit, stock);
  const orderable = product.inStock && limit > 0;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!buyer) return; // the action answers: log in first
    event.preventDefault();
    if (!orderable) {
      notify("error", MESSAGES.outOfStock);
      return;
    }
    const input = event.currentTarget.elements.namedItem("quantity");
    const field = input instanceof HTMLInputElement ? input : null;
    const typed = field?.value.trim() ?? "";
    const q = typed === "" ? first : Number(typed);
    const problem = quantityProblem(product.name, q, unit, product.stock);
    if (problem) {
      notify("error", problem);
      return;
    }
    addToBrowserCart(
      {
        id: product.id,
        name: product.name,
        priceCents: product.priceCents,
        stock: product.stock,
        image: product.image,
        ...unit,
      },
      q,
    );
  }

  return (
    <Form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      {buyer && orderable ? (
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
              min={first}
              max={limit}
              step={unit.casePack}
              defaultValue={String(first)}
              aria-describedby="quantity-unit"
              className="tabular min-h-11 w-24 rounded-md border border-slate-300 bg-white px-3 text-base"
            />
          </div>
          <p id="quantity-unit" className="pb-3 text-sm text-slate-600">
            {stock} available
            {unit.casePack > 1 ? ` · ${SELLING_MESSAGES.inCasesOf(unit.casePack)}` : ""}
            {unit.minQuantity > 1 ? ` · ${SELLING_MESSAGES.minimumOf(first)}` : ""}
            {unit.maxQuantity !== null ? ` · ${SELLING_MESSAGES.maximumOf(unit.maxQuantity)}` : ""}
          </p>
        </div>
      ) : null}
      <AddToCartButton inStock={product.inStock} />
    </Form>
  );
}
