import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { addLine } from "~/lib/cart";
import type { CheckedLine } from "~/lib/cart-check";
import type { FormReply } from "~/lib/form-reply";
import type { OrderDetail } from "~/lib/orders";
import { useCart } from "./cart/cart-store";
import { OrderView } from "./order-view";
import { notify } from "./toast";
import { Button } from "./ui/button";

export type ReorderData = { lines: CheckedLine[]; skipped: number };

/**
 * One order of My Orders: its lines, total and address, and Order again (posted to the order's
 * own route, /orders/{id}, whose action prices the lines for the cart).
 */
export function OrderDetailPanel({ order }: { order: OrderDetail }) {
  const reorder = useFetcher<FormReply<ReorderData>>();
  const [, updateCart] = useCart();
  const navigate = useNavigate();

  useEffect(() => {
    const result = reorder.data?.data;
    if (!result || reorder.state !== "idle") return;
    const available = result.lines.filter((l) => l.product && l.quantity > 0);
    updateCart((current) =>
      available.reduce(
        (lines, l) =>
          l.product
            ? addLine(
                lines,
                {
                  id: l.id,
                  name: l.product.name,
                  priceCents: l.product.priceCents,
                  stock: l.product.stock,
                  image: l.product.image,
                },
                l.quantity,
              )
            : lines,
        current,
      ),
    );
    const left = result.lines.length - available.length + result.skipped;
    if (available.length > 0) {
      notify(
        "success",
        `${available.length} item${available.length === 1 ? "" : "s"} added to your cart at today's prices.`,
      );
    }
    if (left > 0) notify("error", `${left} item${left === 1 ? " is" : "s are"} no longer available.`);
    navigate("/cart");
  }, [reorder.data, reorder.state, updateCart, navigate]);

  return (
    <section aria-labelledby="order-detail-title">
      <h2 id="order-detail-title" className="mb-4 text-xl font-bold text-slate-900">
        Order #{order.id}
      </h2>
      <OrderView order={order} />
      <reorder.Form method="post" action={`/orders/${order.id}`} className="mt-5">
        <Button type="submit" disabled={reorder.state !== "idle"}>
          Order again
        </Button>
      </reorder.Form>
    </section>
  );
}
