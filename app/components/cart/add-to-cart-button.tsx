import * as MESSAGES from "~/lib/messages";
import { Button } from "../ui/button";

/**
 * The Add to Cart button of the product page, and the note under it when the product is out of
 * stock. A visitor's page has only this (in a form the product route answers: log in first); a
 * customer's has it inside AddToCart, with the quantity.
 */
export function AddToCartButton({ inStock, disabled = false }: { inStock: boolean; disabled?: boolean }) {
  return (
    <>
      <Button type="submit" disabled={disabled || !inStock} className="w-full sm:w-auto sm:min-w-48">
        Add to Cart
      </Button>
      {!inStock ? (
        <p className="text-sm font-medium text-danger-700" role="status">
          {MESSAGES.outOfStock}
        </p>
      ) : null}
    </>
  );
}
