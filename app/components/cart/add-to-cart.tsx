import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { addLine } from "~/lib/cart";
import * as MESSAGES from "~/lib/messages";
import { hasPrice, type ProductDetail } from "~/lib/product-types";
import { notify } from "../toast";
import { Button } from "../ui/button";
import { useCart } from "./cart-store";

/** Quantity input clamped to 1..stock and the Add to Cart button of the detail page. */
export function AddToCart({ product }: { product: ProductDetail }) {
  const [, updateCart] = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const buyer = hasPrice(product);
  const stock = buyer ? product.stock : 0;
  const [quantity, setQuantity] = useState("1");

  const clamp = (value: number) =>
    Math.max(1, Math.min(Number.isFinite(value) ? Math.floor(value) : 1, Math.max(stock, 1)));

  function add() {
    if (!buyer) {
      notify("info", MESSAGES.loginToAdd);
      navigate(`/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`);
      return;
    }
    if (!product.inStock || product.stock <= 0) {
      notify("error", MESSAGES.outOfStock);
      return;
    }
    const q = clamp(Number(quantity));
    setQuantity(String(q));
    updateCart((lines) =>
      addLine(
        lines,
        {
          id: product.id,
          name: product.name,
          priceCents: product.priceCents,
          stock: product.stock,
          image: product.image,
        },
        q,
      ),
    );
    notify("success", MESSAGES.addedToCart(product.name));
  }

  return (
    <div className="flex flex-col gap-3">
      {buyer && product.inStock ? (
        <div className="flex items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="quantity" className="text-sm font-medium text-slate-800">
              Quantity
            </label>
            <input
              id="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={stock}
              step={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              onBlur={() => setQuantity(String(clamp(Number(quantity))))}
              className="tabular min-h-11 w-24 rounded-md border border-slate-300 bg-white px-3 text-base"
            />
          </div>
          <p className="pb-3 text-sm text-slate-600">{stock} available</p>
        </div>
      ) : null}
      <Button onClick={add} disabled={!product.inStock} className="w-full sm:w-auto sm:min-w-48">
        Add to Cart
      </Button>
      {!product.inStock ? (
        <p className="text-sm font-medium text-danger-700" role="status">
          {MESSAGES.outOfStock}
        </p>
      ) : null}
    </div>
  );
}
