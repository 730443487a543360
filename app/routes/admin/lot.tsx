import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import {
  closeRecall,
  countLot,
  findLot,
  lotRecipients,
  publishLot,
  recallLot,
  setLotHold,
} from "~/.server/inventory/lot-admin";
import { actorOf, formOf } from "~/.server/request/context";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import { fieldError, postedValue } from "~/lib/form-reply";
import { LOT_STATUS_LABELS, microgramsAsMg } from "~/lib/inventory";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { formatCents } from "~/lib/money";
import { LOT_COUNT_REASONS, lotCountFields, recallFields } from "~/lib/schemas/inventory";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/lot";

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Lot ${data.lot.code}` : "Lot" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.lotId);
  const db = getDb();
  const lot = id === null ? null : await findLot(db, id);
  if (!lot) throw data(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
  return { lot, recipients: await lotRecipients(db, lot.id) };
}

const lotPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("hold") }),
    z.object({ intent: z.literal("release") }),
    z.object({ intent: z.literal("publish") }),
    z.object({ intent: z.literal("unpublish") }),
    z.object({ intent: z.literal("count"), ...lotCountFields }),
    z.object({ intent: z.literal("recall"), ...recallFields }),
    z.object({ intent: z.literal("close-recall") }),
  ],
  { error: MESSAGES.chooseAction },
);

export async function action({ context, params }: Route.ActionArgs) {
  const id = idParam(params.lotId);
  if (id === null) throw data(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
  const db = getDb();
  const actor = actorOf(context);
  const form = formOf(context);
  const here = `/admin/lots/${id}`;
  const done = (message: string) => redirectWithToast(here, { type: "success", message });
  return formAction(
    form,
    lotPageSchema,
    async (input) => {
      switch (input.intent) {
        case "hold":
        case "release":
          return done(await setLotHold(db, id, input.intent === "hold", actor));
        case "publish":
        case "unpublish":
          return done(await publishLot(db, id, input.intent === "publish", actor));
        case "count":
          return done(await countLot(db, id, input, actor));
        case "recall": {
          if (!isConfirmed(form)) {
            const lot = await findLot(db, id);
            if (!lot) throw data(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
            const stores = new Set((await lotRecipients(db, id)).map((r) => r.businessId)).size;
            return askFirst({
              question: INVENTORY_MESSAGES.confirmRecall(lot.code, stores),
              fields: { intent: "recall", reason: input.reason, action: input.action },
              danger: true,
            });
          }
          const recalled = await recallLot(db, id, input, actor);
          return done(INVENTORY_MESSAGES.recallStarted(recalled.code, recalled.notices));
        }
        case "close-recall":
          return done(await closeRecall(db, id, actor));
      }
    },
    { fields: ["counted", "reason", "note", "action"] },
  );
}

const TONE = { available: "ok", quarantined: "warn", recalled: "danger", expired: "neutral" } as const;

export default function Lot({ loaderData }: Route.ComponentProps) {
  const { lot, recipients } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  const step = confirmStepOf(reply);
  const intent = postedValue(reply, "intent");
  const replyOf = (name: string) => (intent === name ? reply : undefined);
  const stores = new Set(recipients.map((r) => r.businessId)).size;
  const totalThc = lot.delta9Ug === null && lot.thcaUg === null ? null : (lot.delta9Ug ?? 0) + (lot.thcaUg ?? 0);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <Link to="/admin/lots" className="text-brand-700 underline underline-offset-2">
          All lots
        </Link>
      </p>
      {step ? (
        <ConfirmPanel step={step} />
      ) : reply?.message ? (
        <FormMessage tone="error">{reply.message}</FormMessage>
      ) : null}
      <section aria-labelledby="lot-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="lot-title" className="text-xl font-bold text-slate-900">
            Lot {lot.code}
          </h2>
          <Badge tone={TONE[lot.status]}>{LOT_STATUS_LABELS[lot.status]}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {lot.sku} · {lot.name}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {[
            ["On hand", String(lot.onHand)],
            ["Received", String(lot.received)],
            ["Unit cost", formatCents(lot.unitCostCents)],
            ["Value at cost", formatCents(lot.onHand * lot.unitCostCents)],
            ["Expires", lot.expiresOn ?? "Does not expire"],
            ["Batch date", lot.batchDate ?? "Not given"],
            ["Supplier", lot.supplier ?? "Not given"],
            ["Total THC per container", totalThc === null ? "Not given" : `${microgramsAsMg(totalThc)} mg`],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="tabular font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          {lot.purchaseOrder ? (
            <Link
              to={`/admin/purchase-orders/${lot.purchaseOrder.id}`}
              className="text-brand-700 underline underline-offset-2"
            >
              PO-{lot.purchaseOrder.number}
            </Link>
          ) : null}
          {lot.hasReport ? (
            <a href={`/admin/lots/${lot.id}/report`} className="text-brand-700 underline underline-offset-2">
              Lab report
            </a>
          ) : null}
          {lot.published ? (
            <>
              <a href={`/lots/${encodeURIComponent(lot.code)}`} className="text-brand-700 underline underline-offset-2">
                Public page
              </a>
              <a href={`/admin/lots/${lot.id}/labels.pdf`} className="text-brand-700 underline underline-offset-2">
                QR labels
              </a>
            </>
          ) : null}
        </p>
        <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
          {lot.status === "available" || lot.status === "quarantined" ? (
            <Form method="post">
              <input type="hidden" name="intent" value={lot.status === "available" ? "hold" : "release"} />
              <Button type="submit" variant="secondary" disabled={busy}>
                {lot.status === "available" ? "Quarantine" : "Release from quarantine"}
              </Button>
            </Form>
          ) : null}
          {lot.hasReport ? (
            <Form method="post">
              <input type="hidden" name="intent" value={lot.published ? "unpublish" : "publish"} />
              <Button type="submit" variant="secondary" disabled={busy}>
                {lot.published ? "Make the lab report private" : "Publish the lab report"}
              </Button>
            </Form>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="count-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="count-title" className="text-xl font-bold text-slate-900">
          Count
        </h2>
        <Form method="post" noValidate className="mt-3 grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="count" />
          <TextField
            label="Units counted"
            name="counted"
            inputMode="numeric"
            required
            defaultValue={postedValue(replyOf("count"), "counted", String(lot.onHand))}
            error={fieldError(replyOf("count"), "counted")}
          />
          <SelectField
            label="Reason"
            name="reason"
            required
            placeholder="Choose a reason"
            options={LOT_COUNT_REASONS.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }))}
            defaultValue={postedValue(replyOf("count"), "reason", "")}
            error={fieldError(replyOf("count"), "reason")}
          />
          <TextField
            label="Note"
            name="note"
            defaultValue={postedValue(replyOf("count"), "note", "")}
            error={fieldError(replyOf("count"), "note")}
          />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={busy}>
              Save count
            </Button>
          </div>
        </Form>
        {lot.adjustments.length > 0 ? (
          <ul className="mt-4 divide-y divide-slate-200 text-sm">
            {lot.adjustments.map((a) => (
              <li key={`${a.at}-${a.delta}`} className="py-2">
                {a.at.slice(0, 16).replace("T", " ")} · {a.reason} · {a.delta > 0 ? `+${a.delta}` : a.delta} →{" "}
                {a.counted} · {a.by}
                {a.note ? ` · ${a.note}` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="recipients-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="recipients-title" className="text-xl font-bold text-slate-900">
            Who received this lot
          </h2>
          <a href={`/admin/lots/${lot.id}/recall.csv`} className="text-sm font-semibold text-brand-700 underline">
            Download the list (CSV)
          </a>
        </div>
        <DataTable
          caption="Orders that received this lot"
          rows={recipients}
          rowKey={(r) => String(r.orderId)}
          rowHeader
          empty={INVENTORY_MESSAGES.noRecipients}
          className="mt-3"
          columns={[
            {
              key: "order",
              header: "Order",
              cell: (r) => (
                <Link to={`/admin/orders/${r.orderId}`} className="font-semibold text-brand-700 underline">
                  #{r.orderId}
                </Link>
              ),
            },
            { key: "business", header: "Business", cell: (r) => r.business },
            { key: "address", header: "Delivered to", cell: (r) => r.address },
            { key: "date", header: "Date", cell: (r) => r.orderedOn },
            { key: "qty", header: "Units", cell: (r) => r.quantity, numeric: true },
            { key: "status", header: "Order status", cell: (r) => r.status },
          ]}
        />
      </section>

      <section aria-labelledby="recall-title" className="rounded-lg border border-danger-600 bg-white p-5">
        <h2 id="recall-title" className="text-xl font-bold text-slate-900">
          Recall
        </h2>
        {lot.recall ? (
          <div className="mt-2 flex flex-col gap-2 text-sm">
            <p>
              <Badge tone={lot.recall.status === "open" ? "danger" : "neutral"}>
                {lot.recall.status === "open" ? "Recall open" : "Recall closed"}
              </Badge>{" "}
              {lot.recall.createdAt.slice(0, 10)} · {lot.recall.notices} notices sent
            </p>
            <p>{INVENTORY_MESSAGES.recallMailReason(lot.recall.reason)}</p>
            <p>{INVENTORY_MESSAGES.recallMailAction(lot.recall.action)}</p>
            {lot.recall.status === "open" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="close-recall" />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Close the recall
                </Button>
              </Form>
            ) : null}
          </div>
        ) : (
          <Form
            method="post"
            noValidate
            className="mt-3 flex flex-col gap-4"
            onSubmit={(e) =>
              askThenSubmit(e, INVENTORY_MESSAGES.confirmRecall(lot.code, stores), (form) =>
                submit(form, { method: "post" }),
              )
            }
          >
            <input type="hidden" name="intent" value="recall" />
            <TextAreaField
              label="Why the lot is recalled"
              name="reason"
              rows={2}
              required
              defaultValue={postedValue(replyOf("recall"), "reason", "")}
              error={fieldError(replyOf("recall"), "reason")}
            />
            <TextAreaField
              label="What the stores must do"
              name="action"
              rows={2}
              required
              placeholder={INVENTORY_MESSAGES.recallActionExample}
              defaultValue={postedValue(replyOf("recall"), "action", "")}
              error={fieldError(replyOf("recall"), "action")}
            />
            <div>
              <Button type="submit" className="bg-danger-700 hover:bg-danger-800" disabled={busy}>
                Recall lot {lot.code}
              </Button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
