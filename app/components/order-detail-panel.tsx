import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import type { CheckedLine } from "~/lib/cart-check";
import { addCheckedLines } from "~/lib/cart-checked";
import type { FormWideReply } from "~/lib/form-reply";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import type { OrderDetail } from "~/lib/orders";
import type { ListChoice } from "~/lib/saved-lists";
import { useCart } from "./cart/cart-store";
import { OrderView } from "./order-view";
import { SaveToList } from "./saved-lists/list-picker";
import { notify } from "./toast";
import { Button, ButtonLink } from "./ui/button";

export type ReorderData = { lines: CheckedLine[]; skipped: number };

/**
 * One order of My Orders: its lines, total and address, Order again (posted to the order's own
 * route, /orders/{id}, whose action prices the lines for the cart) and Save as list (posted to
 * /account/lists with the order's id; `lists` are the customer's lists to pick from).
 */
export function OrderDetailPanel({ order, lists = [] }: { order: OrderDetail; lists?: ListChoice[] }) {
  const reorder = useFetcher<FormWideReply<ReorderData>>();
  const [, updateCart] = useCart();
  const navigate = useNavigate();

  useEffect(() => {
    const result = reorder.data?.data;
    if (!result || reorder.state !== "idle") return;
    const available = result.lines.filter((l) => l.product && l.quantity > 0);
    updateCart((current) => addCheckedLines(current, result.lines));
    const left = result.lines.length - available.length + result.skipped;
    if (available.length > 0) {
      notify("success", ACCOUNT_MESSAGES.itemsReordered(available.length));
    }
    if (left > 0) notify("error", ACCOUNT_MESSAGES.itemsNoLongerAvailable(left));
    navigate("/cart");
  }, [reorder.data, reorder.state, updateCart, navigate]);

  return (
    <section aria-labelledby="order-detail-title">
      <h2 id="order-detail-title" className="mb-4 text-xl font-bold text-slate-900">
        Order #{order.id}
      </h2>
      <OrderView order={order} />
      <div className="mt-5 flex flex-wrap gap-3">
        <reorder.Form method="post" action={`/orders/${order.id}`}>
          <Button type="submit" disabled={reorder.state !== "idle"}>
            Order again
          </Button>
        </reorder.Form>
        <ButtonLink to={`/orders/${order.id}/invoice.pdf`} reloadDocument variant="secondary">
          Invoice (PDF)
        </ButtonLink>
      </div>
      <div className="mt-3 max-w-md">
        <SaveToList title="Save as list" lists={lists} hidden={{ intent: "save-order", orderId: String(order.id) }} />
      </div>
    </section>
  );
}
