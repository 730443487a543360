import { data, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { canBuy } from "~/.server/accounts/viewer";
import { getDb } from "~/.server/db/instance";
import { deliveryProofFor } from "~/.server/delivery/proof";
import { checkCartLines } from "~/.server/flows/cart-check";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { findOrderForUser } from "~/.server/orders/queries";
import { findShipment } from "~/.server/orders/shipments";
import { formOf, signedInViewer } from "~/.server/request/context";
import { OrderDelivery } from "~/components/order-delivery";
import { OrderDetailPanel, type ReorderData } from "~/components/order-detail-panel";
import { OrderShipment } from "~/components/order-shipment";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/order-detail";
import type { loader as ordersLoader } from "./orders";

async function ownOrder(context: Route.LoaderArgs["context"], orderIdParam: string | undefined) {
  const viewer = signedInViewer(context);
  const id = idParam(orderIdParam);
  const order = id === null ? null : await findOrderForUser(getDb(), viewer.accountId, id);
  // Another customer's order looks exactly like one that does not exist.
  if (!order) throw data(MESSAGES.orderNotFound, { status: 404 });
  return { viewer, order };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer, order } = await ownOrder(context, params.orderId);
  return {
    order,
    shipment: await findShipment(getDb(), order.id),
    // Local delivery's proof (issue 40): the signature and photo for the business's owners and admins only.
    delivery: await deliveryProofFor(getDb(), viewer, order.id),
  };
}

/** Order again posts no fields: the order is the page's. */
const reorderSchema = z.object({});

/** Order again: today's price and stock of the order's products, for the cart. */
export async function action({ params, context }: Route.ActionArgs) {
  const { viewer, order } = await ownOrder(context, params.orderId);
  return formAction(formOf(context), reorderSchema, async () => {
    if (!canBuy(viewer)) return replyError({ message: ACCOUNT_MESSAGES.accountCannotOrderYet }, { status: 403 });
    const lines = order.items.flatMap((i) => (i.productId === null ? [] : [{ id: i.productId, quantity: i.quantity }]));
    return replyOk<ReorderData>(undefined, {
      lines: lines.length ? await checkCartLines(getDb(), lines, viewer.accountId) : [],
      skipped: order.items.length - lines.length,
    });
  });
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const lists = useRouteLoaderData<typeof ordersLoader>("routes/account/orders")?.lists;
  return (
    <>
      <OrderDetailPanel order={loaderData.order} lists={lists ?? []} />
      <OrderShipment shipment={loaderData.shipment} />
      <OrderDelivery proof={loaderData.delivery} />
    </>
  );
}
