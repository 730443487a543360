import { useEffect, useRef } from "react";
import { data, Link, useFetcher } from "react-router";
import { getDb } from "~/.server/db/instance";
import { deliveryProofFor } from "~/.server/delivery/proof";
import { findOrderDocument } from "~/.server/flows/order-documents";
import { EDITABLE_STATUSES, editableLines, editOrder, orderHistory, orderLineName } from "~/.server/flows/order-edit";
import { changeOrderStatus } from "~/.server/flows/order-life";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { findShipment, recordShipment } from "~/.server/orders/shipments";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { ShipmentForm } from "~/components/admin/excise/shipment-form";
import { ConfirmPanel } from "~/components/confirm-panel";
import { OrderDelivery } from "~/components/order-delivery";
import { OrderMoneySummary, OrderReference, OrderStatusBadge } from "~/components/order-view";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useReplyToast } from "~/components/use-reply-toast";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { businessDisplayName } from "~/lib/business";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import { type FormReply, intentOf, revalidateAfterConflict } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { formatCents } from "~/lib/money";
import { formatOrderDate, MAX_LINE_QUANTITY, seenLinesOf } from "~/lib/orders";
import { orderAddSchema, orderCancelSchema, orderLineSchema } from "~/lib/schemas/back-office";
import { shipmentSchema } from "~/lib/schemas/excise";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/order-edit";

/** A change refused because the page was out of date reloads the page's data (issue 26). */
export const shouldRevalidate = revalidateAfterConflict;

/** One order in the back office: its lines to change, its documents, cancelling, and its history. */
export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Order #${data.order.id}` : "Order" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.orderId);
  const db = getDb();
  const doc = id === null ? null : await findOrderDocument(db, id, signedInViewer(context));
  if (!doc || id === null) throw data(MESSAGES.orderNotFound, { status: 404 });
  const [lines, history] = await Promise.all([editableLines(db, id), orderHistory(db, id)]);
  return {
    order: doc.order,
    customer: doc.customer,
    business: doc.business,
    lines,
    history,
    editable: EDITABLE_STATUSES.includes(doc.order.status),
    shipment: await findShipment(db, id),
    // Local delivery's proof (issue 40): who received it, when, the signature and the photo.
    delivery: await deliveryProofFor(db, signedInViewer(context), id),
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const id = idParam(params.orderId);
  if (id === null) return replyError({ message: MESSAGES.orderNotFound }, { status: 404 });
  const form = formOf(context);
  const intent = intentOf(form);
  const db = getDb();
  const actor = actorOf(context);
  // What the admin reads after an edit: the change, and the order's new total (excise included).
  const edited = (done: { summary: string; totalCents: number }) =>
    replyOk(
      done.summary === MESSAGES.orderEditNothing
        ? done.summary
        : BACK_OFFICE_MESSAGES.orderEdited(done.summary.replace(`Order #${id}: `, ""), formatCents(done.totalCents)),
    );
  // A completed order's carrier and tracking number (issue 31).
  if (intent === "shipment")
    return formAction(
      form,
      shipmentSchema,
      async (shipment) => {
        await recordShipment(db, id, shipment, actor);
        return replyOk(EXCISE_MESSAGES.shipmentSaved, { intent: "shipment" });
      },
      { data: { intent: "shipment" } },
    );
  if (intent === "cancel")
    return formAction(
      form,
      orderCancelSchema,
      async ({ seen }) => {
        // The status the page showed: cancelling from a page that is out of date is refused.
        if (!isConfirmed(form))
          return askFirst({
            question: BACK_OFFICE_MESSAGES.confirmCancelOrder,
            detail: `Order #${id}`,
            fields: { intent: "cancel", seen },
            danger: true,
          });
        await changeOrderStatus(db, id, { seen, next: "Cancelled" }, actor);
        return replyOk(BACK_OFFICE_MESSAGES.orderStatusChanged(id, "Cancelled"));
      },
      { fields: [] },
    );
  if (intent === "add")
    // The lines as the page showed them: adding to a product someone else added meanwhile is refused.
    return formAction(
      form,
      orderAddSchema,
      async ({ sku, quantity, seenLines }) =>
        edited(await editOrder(db, id, { kind: "add", sku, quantity, seen: seenLines }, actor)),
      { fields: ["sku", "quantity"] },
    );
  if (intent === "quantity" || intent === "remove")
    return formAction(
      form,
      orderLineSchema,
      async ({ lineId, seen, quantity }) => {
        if (intent === "quantity" && quantity === null) return replyError({ message: MESSAGES.orderEditQuantity });
        if (intent === "remove" && !isConfirmed(form)) {
          const name = await orderLineName(db, id, lineId);
          if (name === null) return replyError({ message: MESSAGES.orderEditChanged }, { status: 409 });
          return askFirst({
            question: BACK_OFFICE_MESSAGES.confirmRemoveLine(name),
            fields: { intent: "remove", lineId: String(lineId), seen: String(seen) },
            danger: true,
          });
        }
        return edited(
          await editOrder(
            db,
            id,
            intent === "remove"
              ? { kind: "remove", lineId, seen }
              : { kind: "quantity", lineId, seen, quantity: quantity ?? 0 },
            actor,
          ),
        );
      },
      { fields: [] },
    );
  return replyError({ message: MESSAGES.orderEditNothing });
}

function useToast(fetcher: { data?: FormReply | undefined; state: string }) {
  useReplyToast(fetcher.data, { success: MESSAGES.orderEditNothing, state: fetcher.state });
}

type Line = Route.ComponentProps["loaderData"]["lines"][number];

function LineRow({ line, editable }: { line: Line; editable: boolean }) {
  const fetcher = useFetcher<FormReply>();
  const formRef = useRef<HTMLFormElement>(null);
  useToast(fetcher);
  // A refused change: the field goes back to the quantity the order has.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) formRef.current?.reset();
  }, [fetcher.data, fetcher.state]);
  const busy = fetcher.state !== "idle";
  return (
    <li className="grid gap-3 py-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="text-sm">
        <p className="font-semibold text-slate-900">{line.name}</p>
        <p className="text-slate-600">
          {line.sku} · <span className="tabular">{formatCents(line.unitPriceCents)}</span> each
          {line.stock !== null ? ` · ${line.stock} in stock` : " · no longer in the catalog"}
        </p>
        <p className="tabular font-semibold">{formatCents(line.unitPriceCents * line.quantity)}</p>
      </div>
      {editable ? (
        <fetcher.Form
          ref={formRef}
          method="post"
          className="flex flex-wrap items-end gap-2"
          key={line.quantity}
          onSubmit={(e) => {
            // Remove is asked first; a quantity is saved as it is.
            if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") !== "remove") return;
            askThenSubmit(e, BACK_OFFICE_MESSAGES.confirmRemoveLine(line.name), (form) => {
              form.delete("quantity");
              void fetcher.submit(form, { method: "post" });
            });
          }}
        >
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="seen" value={line.quantity} />
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
            Quantity
            <input
              type="number"
              name="quantity"
              min={1}
              max={MAX_LINE_QUANTITY}
              required
              defaultValue={line.quantity}
              aria-label={`Quantity of ${line.name}`}
              className="min-h-11 w-24 rounded-md border border-slate-300 px-2 text-sm"
            />
          </label>
          <Button type="submit" name="intent" value="quantity" variant="secondary" disabled={busy}>
            Save<span className="sr-only"> quantity of {line.name}</span>
          </Button>
          <Button type="submit" name="intent" value="remove" variant="ghost" disabled={busy} formNoValidate>
            Remove<span className="sr-only"> {line.name}</span>
          </Button>
        </fetcher.Form>
      ) : (
        <p className="tabular text-sm">Quantity {line.quantity}</p>
      )}
    </li>
  );
}

function AddProduct({ lines }: { lines: readonly Line[] }) {
  const fetcher = useFetcher<FormReply>();
  const formRef = useRef<HTMLFormElement>(null);
  useToast(fetcher);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data, fetcher.state]);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <input type="hidden" name="seenLines" value={seenLinesOf(lines)} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Product SKU
        <input
          name="sku"
          required
          maxLength={64}
          autoComplete="off"
          className="min-h-11 w-48 rounded-md border border-slate-300 px-2"
        />
        {errors?.sku ? <span className="text-danger-600">{errors.sku}</span> : null}
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Quantity to add
        <input
          type="number"
          name="quantity"
          min={1}
          max={MAX_LINE_QUANTITY}
          defaultValue={1}
          required
          className="min-h-11 w-24 rounded-md border border-slate-300 px-2"
        />
        {errors?.quantity ? <span className="text-danger-600">{errors.quantity}</span> : null}
      </label>
      <Button type="submit" name="intent" value="add" disabled={fetcher.state !== "idle"}>
        Add to order
      </Button>
    </fetcher.Form>
  );
}

function CancelOrder({ id, status }: { id: number; status: string }) {
  const fetcher = useFetcher<FormReply>();
  useToast(fetcher);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) =>
        askThenSubmit(
          e,
          BACK_OFFICE_MESSAGES.confirmCancelOrder,
          (form) => void fetcher.submit(form, { method: "post" }),
        )
      }
    >
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="seen" value={status} />
      <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
        Cancel order #{id}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const actionData = useSettledActionData<typeof action>();
  const { order, customer, business, lines, history, editable, shipment, delivery } = loaderData;
  // The answer of a post made before the page's JavaScript ran: the question, or what was done.
  const step = confirmStepOf(actionData);
  const s = order.shipping;
  return (
    <section aria-labelledby="order-title" className="flex flex-col gap-5">
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 underline">
          All orders
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          Order #{order.id} <OrderStatusBadge status={order.status} />
        </h2>
        <div className="flex flex-wrap gap-x-4 text-sm">
          <a
            href={`/orders/${order.id}/invoice.pdf`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Invoice
          </a>
          <a
            href={`/admin/orders/${order.id}/packing-slip.pdf`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Packing slip
          </a>
        </div>
      </div>
      {step ? (
        <ConfirmPanel step={step} />
      ) : actionData?.message ? (
        <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage>
      ) : null}
      <div className="grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <p className="text-slate-600">Placed</p>
          <p className="font-semibold">{formatOrderDate(order.createdAt)}</p>
        </div>
        <div>
          <p className="text-slate-600">Customer</p>
          <p className="font-semibold">{customer ? customer.name : MESSAGES.unknownUser}</p>
          {customer ? <p>{customer.email}</p> : null}
          {business ? <p>{businessDisplayName(business)}</p> : null}
        </div>
        <address className="not-italic">
          <span className="block text-slate-600">Ship to</span>
          {s.businessName}, {s.street}, {s.city}, {s.state} {s.zip}
        </address>
      </div>
      <OrderReference order={order} />
      {!editable ? <FormMessage tone="info">{BACK_OFFICE_MESSAGES.orderNotEditable(order.status)}</FormMessage> : null}
      <section aria-labelledby="lines-title" className="rounded-lg border border-slate-200 bg-white px-4">
        <h3 id="lines-title" className="pt-4 text-lg font-bold text-slate-900">
          Lines
        </h3>
        <ul className="divide-y divide-slate-100">
          {lines.map((l) => (
            <LineRow key={l.id} line={l} editable={editable} />
          ))}
        </ul>
        <OrderMoneySummary money={order.money} excise={order.excise} />
      </section>
      <OrderDelivery proof={delivery} />
      {order.status === "Completed" ? <ShipmentForm shipment={shipment} /> : null}
      {editable ? (
        <>
          <AddProduct lines={lines} />
          <div>
            <CancelOrder id={order.id} status={order.status} />
          </div>
        </>
      ) : null}
      <section aria-labelledby="history-title">
        <h3 id="history-title" className="text-lg font-bold text-slate-900">
          History
        </h3>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{BACK_OFFICE_MESSAGES.orderNoHistory}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2 text-sm">
            {history.map((h) => (
              <li key={h.id} className="rounded-md border border-slate-200 bg-white p-3">
                <p className="text-slate-600">
                  {formatOrderDate(h.at)} · {h.actor}
                </p>
                <p>{h.summary}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
