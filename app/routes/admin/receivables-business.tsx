import { data, Link, useFetcher } from "react-router";
import { getDb } from "~/.server/db/instance";
import { decideHold, heldOrders, recordPaymentAndRelease } from "~/.server/flows/order-life";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { creditPosition } from "~/.server/receivables/credit";
import { voidPayment } from "~/.server/receivables/payments";
import { businessCredit, setBusinessCredit, storeCreditSettings } from "~/.server/receivables/settings";
import { ledger, openInvoices } from "~/.server/receivables/statement";
import { actorOf, formOf } from "~/.server/request/context";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { SelectField, TextField } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useReplyToast } from "~/components/use-reply-toast";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import { type FormReply, fieldError, intentOf, type ReplyOf } from "~/lib/form-reply";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, TERMS, TERMS_LABELS } from "~/lib/receivables";
import { businessCreditSchema, heldOrderSchema, paymentSchema, voidPaymentSchema } from "~/lib/schemas/receivables";
import type { Route } from "./+types/receivables-business";

/**
 * One business's account with the store (issue 30): its terms and credit limit, what it owes,
 * its orders on hold, the payments form and its ledger with a running balance.
 */
export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Receivables: ${data.credit.name}` : "Receivables" }, { name: "robots", content: "noindex" }];
}

const BUSINESS_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const id = BUSINESS_ID.test(params.businessId) ? params.businessId : null;
  const credit = id ? await businessCredit(db, id) : null;
  if (!id || !credit) throw data(RECEIVABLES.businessNotFound, { status: 404 });
  const [position, held, open, entries, store] = await Promise.all([
    creditPosition(db, id),
    heldOrders(db, id),
    openInvoices(db, id),
    ledger(db, id),
    storeCreditSettings(db),
  ]);
  return {
    credit,
    position,
    held: held.map((o) => ({
      id: o.id,
      totalCents: o.money.totalCents,
      reason: o.holdReason ?? "",
      createdAt: o.createdAt,
    })),
    open,
    entries,
    store,
    today: storeToday(),
    idempotencyKey: globalThis.crypto.randomUUID(),
  };
}

type Intent = "credit" | "payment" | "void" | "release" | "cancel";

/**
 * The page's forms, each read with its schema (lib/schemas/receivables.ts): the business's terms
 * and credit limit, a payment, and the ledger's and holds' buttons.
 */
export async function action({ context, params }: Route.ActionArgs) {
  const form = formOf(context);
  const db = getDb();
  const actor = actorOf(context);
  const businessId = BUSINESS_ID.test(params.businessId) ? params.businessId : "";
  if (!businessId || !(await businessCredit(db, businessId)))
    return replyError({ message: RECEIVABLES.businessNotFound }, { status: 404 });
  const intent = intentOf(form) as Intent | "";
  if (intent === "credit")
    return formAction(form, businessCreditSchema, async ({ terms, creditLimit }) => {
      const saved = await setBusinessCredit(db, businessId, { terms, creditLimitCents: creditLimit }, actor);
      if (!saved) return replyError({ message: RECEIVABLES.businessNotFound }, { status: 404 });
      const credit = await businessCredit(db, businessId);
      return replyOk(RECEIVABLES.termsSaved(credit?.name ?? ""));
    });
  if (intent === "payment")
    return formAction(
      form,
      paymentSchema,
      async (payment) => {
        const result = await recordPaymentAndRelease(
          db,
          {
            businessId,
            amountCents: payment.amount,
            method: payment.method,
            reference: payment.reference,
            receivedOn: payment.receivedOn,
            invoiceId: payment.invoiceId,
            idempotencyKey: payment.idempotencyKey,
          },
          actor,
        );
        return replyOk(
          result.created
            ? RECEIVABLES.paymentRecorded(formatCents(payment.amount))
            : RECEIVABLES.paymentAlreadyRecorded,
        );
      },
      // A page's key that is not one is no field the admin can correct: said for the whole form.
      { fields: ["amount", "method", "reference", "receivedOn", "invoiceId"] },
    );
  if (intent === "void")
    return formAction(
      form,
      voidPaymentSchema,
      async ({ paymentId }) => {
        if (!isConfirmed(form))
          return askFirst({
            question: RECEIVABLES.confirmVoid,
            detail: `Payment ${paymentId}`,
            fields: { intent: "void", paymentId: String(paymentId) },
            danger: true,
          });
        await voidPayment(db, businessId, paymentId, actor);
        return replyOk(RECEIVABLES.paymentVoided);
      },
      { fields: [] },
    );
  if (intent === "release" || intent === "cancel")
    return formAction(
      form,
      heldOrderSchema,
      async ({ orderId }) => {
        if (intent === "cancel" && !isConfirmed(form))
          return askFirst({
            question: RECEIVABLES.confirmCancelHeld,
            detail: `Order #${orderId}`,
            fields: { intent: "cancel", orderId: String(orderId) },
            danger: true,
          });
        await decideHold(db, businessId, orderId, intent === "release", actor);
        return replyOk(intent === "release" ? RECEIVABLES.orderReleased(orderId) : RECEIVABLES.orderCancelled(orderId));
      },
      { fields: [] },
    );
  return replyError({ message: RECEIVABLES.businessNotFound });
}

function CreditForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const fetcher = useFetcher<ReplyOf<typeof businessCreditSchema>>();
  useReplyToast(fetcher.data, { state: fetcher.state });
  const { credit, store } = loaderData;
  return (
    <fetcher.Form method="post" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
      <SelectField
        label="Terms"
        name="terms"
        defaultValue={credit.ownTerms ?? ""}
        placeholder={`Store default (${TERMS_LABELS[store.defaultTerms]})`}
        options={TERMS.map((t) => ({ value: t, label: TERMS_LABELS[t] }))}
        error={fieldError(fetcher.data, "terms")}
      />
      <TextField
        label="Credit limit (dollars)"
        name="creditLimit"
        inputMode="decimal"
        defaultValue={credit.ownCreditLimitCents === null ? "" : (credit.ownCreditLimitCents / 100).toFixed(2)}
        placeholder={
          store.defaultCreditLimitCents === null
            ? "Store default: none"
            : `Store default: ${formatCents(store.defaultCreditLimitCents)}`
        }
        error={fieldError(fetcher.data, "creditLimit")}
      />
      <div className="flex items-end">
        <Button type="submit" name="intent" value="credit" disabled={fetcher.state !== "idle"}>
          Save terms
        </Button>
      </div>
    </fetcher.Form>
  );
}

function PaymentForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const fetcher = useFetcher<ReplyOf<typeof paymentSchema>>();
  useReplyToast(fetcher.data, { state: fetcher.state });
  const { open, today, idempotencyKey } = loaderData;
  return (
    <fetcher.Form
      method="post"
      aria-labelledby="payment-title"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      <h3 id="payment-title" className="font-semibold text-slate-900 sm:col-span-2">
        Record a payment
      </h3>
      {/* A new key with each loaded page: a double click or a repeated post records one payment. */}
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <TextField
        label="Amount (dollars)"
        name="amount"
        inputMode="decimal"
        required
        error={fieldError(fetcher.data, "amount")}
      />
      <SelectField
        label="Method"
        name="method"
        required
        placeholder="Choose"
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        error={fieldError(fetcher.data, "method")}
      />
      <TextField
        label="Reference (check number)"
        name="reference"
        maxLength={60}
        error={fieldError(fetcher.data, "reference")}
      />
      <TextField
        label="Received on"
        name="receivedOn"
        type="date"
        required
        defaultValue={today}
        max={today}
        error={fieldError(fetcher.data, "receivedOn")}
      />
      <SelectField
        label="Apply to"
        name="invoiceId"
        className="sm:col-span-2"
        placeholder="Open invoices, oldest due first"
        options={open.map((i) => ({
          value: String(i.id),
          label: `Invoice ${i.number}: ${formatCents(i.balanceCents)} open, due ${i.dueOn}`,
        }))}
        error={fieldError(fetcher.data, "invoiceId")}
      />
      <div>
        <Button type="submit" name="intent" value="payment" disabled={fetcher.state !== "idle"}>
          Record payment
        </Button>
      </div>
    </fetcher.Form>
  );
}

function HoldActions({ orderId }: { orderId: number }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  return (
    <div className="flex flex-wrap gap-2">
      <fetcher.Form method="post">
        <input type="hidden" name="orderId" value={orderId} />
        <Button type="submit" name="intent" value="release" disabled={fetcher.state !== "idle"}>
          Release<span className="sr-only"> order #{orderId}</span>
        </Button>
      </fetcher.Form>
      <fetcher.Form
        method="post"
        onSubmit={(e) =>
          askThenSubmit(e, RECEIVABLES.confirmCancelHeld, (form) => void fetcher.submit(form, { method: "post" }))
        }
      >
        <input type="hidden" name="orderId" value={orderId} />
        <Button type="submit" name="intent" value="cancel" variant="danger" disabled={fetcher.state !== "idle"}>
          Cancel<span className="sr-only"> order #{orderId}</span>
        </Button>
      </fetcher.Form>
    </div>
  );
}

function VoidPayment({ paymentId }: { paymentId: number }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) =>
        askThenSubmit(e, RECEIVABLES.confirmVoid, (form) => void fetcher.submit(form, { method: "post" }))
      }
    >
      <input type="hidden" name="paymentId" value={paymentId} />
      <Button type="submit" name="intent" value="void" variant="secondary" disabled={fetcher.state !== "idle"}>
        Void<span className="sr-only"> payment {paymentId}</span>
      </Button>
    </fetcher.Form>
  );
}

export default function ReceivablesBusiness({ loaderData }: Route.ComponentProps) {
  const actionData = useSettledActionData<typeof action>();
  const step = confirmStepOf(actionData);
  const { credit, position, held, entries } = loaderData;
  return (
    <section aria-labelledby="business-title" className="flex flex-col gap-5">
      <p>
        <Link to="/admin/receivables" className="text-sm font-semibold text-brand-700 underline">
          All receivables
        </Link>
      </p>
      <h2 id="business-title" className="text-xl font-bold text-slate-900">
        {credit.name}
      </h2>
      {step ? (
        <ConfirmPanel step={step} />
      ) : actionData?.message ? (
        <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage>
      ) : null}
      {position ? (
        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">Terms</dt>
            <dd className="font-semibold">{TERMS_LABELS[position.terms]}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Balance</dt>
            <dd className="tabular font-semibold">{formatCents(position.balanceCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Credit limit</dt>
            <dd className="tabular font-semibold">
              {position.creditLimitCents === null ? "None" : formatCents(position.creditLimitCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Available credit</dt>
            <dd className="tabular font-semibold">
              {position.availableCents === null ? "No limit" : formatCents(position.availableCents)}
            </dd>
          </div>
          {position.pastDue ? (
            <p className="col-span-2 font-semibold text-danger-700 sm:col-span-4">
              {RECEIVABLES.invoicePastDue(position.pastDue.number, position.pastDue.daysLate)}
            </p>
          ) : null}
        </dl>
      ) : null}
      <CreditForm loaderData={loaderData} />
      <section aria-labelledby="held-title" className="flex flex-col gap-2">
        <h3 id="held-title" className="font-semibold text-slate-900">
          Orders on hold
        </h3>
        {held.length === 0 ? (
          <p className="text-sm text-slate-700">{RECEIVABLES.noHeldOrders}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {held.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
              >
                <div>
                  <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 underline">
                    Order #{o.id}
                  </Link>{" "}
                  <span className="tabular">{formatCents(o.totalCents)}</span>
                  <p className="text-slate-600">{formatOrderDate(o.createdAt)}</p>
                  <p className="font-semibold">{RECEIVABLES.holdReasonText(o.reason)}</p>
                </div>
                <HoldActions orderId={o.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <PaymentForm loaderData={loaderData} />
      <section aria-labelledby="ledger-title" className="flex flex-col gap-2">
        <h3 id="ledger-title" className="font-semibold text-slate-900">
          Ledger
        </h3>
        <div className="rounded-lg border border-slate-200 bg-white">
          <DataTable
            caption="The business's ledger: invoices, credit notes and payments with a running balance"
            rows={entries}
            rowKey={(e) => `${e.kind}-${e.number}`}
            empty={RECEIVABLES.noInvoices}
            columns={[
              { key: "date", header: "Date", cell: (e) => e.date, className: "whitespace-nowrap" },
              {
                key: "entry",
                header: "Entry",
                cell: (e) => (
                  <>
                    {e.description}
                    {e.orderId ? (
                      <>
                        {" · "}
                        <Link to={`/admin/orders/${e.orderId}`} className="text-brand-700 underline">
                          order #{e.orderId}
                        </Link>
                      </>
                    ) : null}
                    {e.void ? <span className="font-semibold text-danger-700"> (void)</span> : null}
                    {e.balanceCents ? (
                      <span className="text-slate-600">
                        {" "}
                        · {formatCents(e.balanceCents)} open, due {e.dueOn}
                      </span>
                    ) : null}
                  </>
                ),
              },
              { key: "amount", header: "Amount", numeric: true, cell: (e) => formatCents(e.amountCents) },
              { key: "balance", header: "Balance", numeric: true, cell: (e) => formatCents(e.runningCents) },
              {
                key: "actions",
                header: <span className="sr-only">Actions</span>,
                cell: (e) => (e.kind === "payment" && !e.void ? <VoidPayment paymentId={e.number} /> : null),
              },
            ]}
          />
        </div>
      </section>
    </section>
  );
}
