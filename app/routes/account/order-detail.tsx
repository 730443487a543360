import { useEffect } from "react";
import { data, useFetcher, useNavigate } from "react-router";
import { canBuy } from "~/.server/accounts/viewer";
import { checkCartLines } from "~/.server/catalog/cart-check";
import { getDb } from "~/.server/db/instance";
import { replyError, replyOk } from "~/.server/forms";
import { findOrderForUser } from "~/.server/orders/queries";
import { signedInViewer } from "~/.server/request-context";
import { useCart } from "~/components/cart/cart-store";
import { OrderView } from "~/components/order-view";
import { notify } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { addLine } from "~/lib/cart";
import type { CheckedLine } from "~/lib/cart-check";
import type { FormReply } from "~/lib/form-reply";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/order-detail";

async function ownOrder(context: Route.LoaderArgs["context"], orderIdParam: string | undefined) {
  const viewer = signedInViewer(context);
  const id = idParam(orderIdParam);
  const order = id === null ? null : await findOrderForUser(getDb(), viewer.id, id);
  // Another customer's order looks exactly like one that does not exist.
  if (!order) throw data("Order not found.", { status: 404 });
  return { viewer, order };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { order } = await ownOrder(context, params.orderId);
  return { order };
}

type ReorderData = { lines: CheckedLine[]; skipped: number };

/** Order again: today's price and stock of the order's products, for the cart. */
export async function action({ params, context }: Route.ActionArgs) {
  const { viewer, order } = await ownOrder(context, params.orderId);
  if (!canBuy(viewer)) return replyError({ message: "Your account cannot order yet." }, { status: 403 });
  const lines = order.items.flatMap((i) => (i.productId === null ? [] : [{ id: i.productId, quantity: i.quantity }]));
  return replyOk<ReorderData>(undefined, {
    lines: lines.length ? await checkCartLines(getDb(), lines) : [],
    skipped: order.items.length - lines.length,
  });
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
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
      <reorder.Form method="post" className="mt-5">
        <Button type="submit" disabled={reorder.state !== "idle"}>
          Order again
        </Button>
      </reorder.Form>
    </section>
  );
}
