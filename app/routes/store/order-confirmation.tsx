import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findOrderForUser } from "~/.server/orders/queries";
import { signedInViewer } from "~/.server/request/context";
import { OrderView } from "~/components/order-view";
import { ButtonLink } from "~/components/ui/button";
import * as MESSAGES from "~/lib/messages";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/order-confirmation";

export function meta() {
  return [{ title: "Order confirmed" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const id = idParam(url.searchParams.get("order"));
  const order = id === null ? null : await findOrderForUser(getDb(), viewer.accountId, id);
  if (!order) throw data(MESSAGES.orderNotFound, { status: 404 });
  return { order };
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{MESSAGES.thankYouForOrder}</h1>
      <p className="mt-2 text-lg text-slate-700">
        Your order number is <strong>#{order.id}</strong>. A confirmation email is on its way.
      </p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
        <OrderView order={order} />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/orders">View My Orders</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Continue shopping
        </ButtonLink>
      </div>
    </div>
  );
}
