import { useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { parseForm } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  findPurchaseOrder,
  keepLabReports,
  PurchaseOrderError,
  receivePurchaseOrder,
  saveDraft,
  sendPurchaseOrder,
} from "~/.server/inventory/purchase-orders";
import { actorOf, formOf } from "~/.server/request/context";
import { BarcodeScanner } from "~/components/quick-order/barcode-scanner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, TextAreaField, TextField } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { fieldError, postedValue } from "~/lib/form-reply";
import { PO_STATUS_LABELS } from "~/lib/inventory";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { formatCents } from "~/lib/money";
import { optionalDayField } from "~/lib/schemas/day";
import { parsePurchaseLines, receiveSchema } from "~/lib/schemas/inventory";
import { idParam } from "~/lib/schemas/params";
import { optionalText } from "~/lib/schemas/text";
import type { Route } from "./+types/purchase-order";

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `PO-${data.order.number}` : "Purchase order" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.poId);
  const order = id === null ? null : await findPurchaseOrder(getDb(), id);
  if (!order) throw data(INVENTORY_MESSAGES.purchaseOrderNotFound, { status: 404 });
  return { order, today: storeToday() };
}

const poPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("save"),
      lines: z
        .string()
        .max(100_000, INVENTORY_MESSAGES.tooManyPurchaseLines(500))
        .optional()
        .transform((text, ctx) => {
          const parsed = parsePurchaseLines(text ?? "");
          if (parsed.ok) return parsed.lines;
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }),
      notes: optionalText("Notes", 2000).transform((v) => v ?? ""),
      expectedOn: optionalDayField("Expected by"),
    }),
    z.object({ intent: z.literal("send") }),
    z.object({ intent: z.literal("close") }),
    z.object({ intent: z.literal("cancel") }),
    // The receiving form is read by its own schema (it needs the order's lines).
    z.object({ intent: z.literal("receive") }),
  ],
  { error: MESSAGES.chooseAction },
);

export async function action({ context, params }: Route.ActionArgs) {
  const id = idParam(params.poId);
  if (id === null) throw data(INVENTORY_MESSAGES.purchaseOrderNotFound, { status: 404 });
  const db = getDb();
  const actor = actorOf(context);
  const form = formOf(context);
  const here = `/admin/purchase-orders/${id}`;
  return formAction(
    form,
    poPageSchema,
    async (input) => {
      switch (input.intent) {
        case "save": {
          const number = await saveDraft(db, id, input, actor);
          return redirectWithToast(here, { type: "success", message: INVENTORY_MESSAGES.purchaseOrderSaved(number) });
        }
        case "send": {
          const sent = await sendPurchaseOrder(db, id, actor);
          return redirectWithToast(here, {
            type: "success",
            message: INVENTORY_MESSAGES.purchaseOrderSent(sent.number, sent.email),
          });
        }
        case "close": {
          const number = await closePurchaseOrder(db, id, actor);
          return redirectWithToast(here, { type: "success", message: INVENTORY_MESSAGES.purchaseOrderClosed(number) });
        }
        case "cancel": {
          const number = await cancelPurchaseOrder(db, id, actor);
          return redirectWithToast(here, {
            type: "success",
            message: INVENTORY_MESSAGES.purchaseOrderCancelled(number),
          });
        }
        case "receive": {
          const order = await findPurchaseOrder(db, id);
          if (!order) throw new PurchaseOrderError(INVENTORY_MESSAGES.purchaseOrderNotFound, { status: 404 });
          const skus = new Map(order.lines.map((l) => [l.id, l.sku]));
          const parsed = parseForm(
            form,
            receiveSchema(storeToday(), (lineId) => skus.get(lineId) ?? null),
          );
          if (!parsed.ok) throw new PurchaseOrderError(Object.values(parsed.errors)[0] ?? MESSAGES.checkTheFields);
          const files = new Map<number, File>();
          for (const line of parsed.data) {
            const file = form.get(`labReport-${line.index}`);
            if (file instanceof File && file.size > 0) files.set(line.index, file);
          }
          const reports = await keepLabReports(files);
          const done = await receivePurchaseOrder(db, id, parsed.data, reports, actor);
          return redirectWithToast(here, {
            type: "success",
            message: INVENTORY_MESSAGES.receivedLines(done.units, done.lots),
          });
        }
      }
    },
    { fields: ["lines", "notes", "expectedOn"] },
  );
}

function Difference({ ordered, received }: { ordered: number; received: number }) {
  if (received > ordered) return <Badge tone="warn">{INVENTORY_MESSAGES.overReceived(received - ordered)}</Badge>;
  if (received < ordered && received > 0)
    return <Badge tone="info">{INVENTORY_MESSAGES.underReceived(ordered - received)}</Badge>;
  if (received === ordered) return <Badge tone="ok">Complete</Badge>;
  return null;
}

export default function PurchaseOrder({ loaderData }: Route.ComponentProps) {
  const { order, today } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const intent = postedValue(reply, "intent");
  const draft = order.status === "draft";
  const receivable = order.status === "sent" || order.status === "partly_received";
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <Link to="/admin/purchase-orders" className="text-brand-700 underline underline-offset-2">
          All purchase orders
        </Link>{" "}
        ·{" "}
        <Link to={`/admin/suppliers/${order.supplier.id}`} className="text-brand-700 underline underline-offset-2">
          {order.supplier.name}
        </Link>
      </p>
      {reply?.message && intent !== "receive" ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      <section aria-labelledby="po-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="po-title" className="text-xl font-bold text-slate-900">
            PO-{order.number} · {order.supplier.name}
          </h2>
          <Badge tone={draft ? "neutral" : receivable ? "info" : "ok"}>{PO_STATUS_LABELS[order.status]}</Badge>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">Cost</dt>
            <dd className="tabular font-semibold">{formatCents(order.costCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Sent</dt>
            <dd>{order.sentAt ? order.sentAt.slice(0, 10) : "Not yet"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Expected by</dt>
            <dd>{order.expectedOn ?? "Not set"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Terms</dt>
            <dd>{order.supplier.terms || "Not set"}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          <a
            href={`/admin/purchase-orders/${order.id}/pdf`}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Purchase order PDF
          </a>
        </p>
        <DataTable
          caption="Lines of the purchase order"
          rows={order.lines}
          rowKey={(l) => String(l.id)}
          rowHeader
          empty={INVENTORY_MESSAGES.purchaseOrderEmpty}
          className="mt-3"
          columns={[
            { key: "sku", header: "SKU", cell: (l) => l.sku },
            { key: "name", header: "Product", cell: (l) => l.name },
            { key: "cost", header: "Unit cost", cell: (l) => formatCents(l.unitCostCents), numeric: true },
            { key: "ordered", header: "Ordered", cell: (l) => l.ordered, numeric: true },
            { key: "received", header: "Received", cell: (l) => l.received, numeric: true },
            {
              key: "diff",
              header: "Difference",
              cell: (l) => <Difference ordered={l.ordered} received={l.received} />,
            },
            {
              key: "lots",
              header: "Lots",
              cell: (l) => l.lots.map((x) => `${x.code} × ${x.quantity}`).join(", "),
            },
          ]}
        />
      </section>

      {draft ? (
        <section aria-labelledby="draft-title" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="draft-title" className="text-xl font-bold text-slate-900">
            Edit the draft
          </h2>
          <Form method="post" noValidate className="mt-3 flex flex-col gap-4">
            <input type="hidden" name="intent" value="save" />
            <TextAreaField
              label="Products (SKU, quantity)"
              name="lines"
              rows={8}
              hint="One product a line: VL-MANGO-5, 120"
              defaultValue={postedValue(
                intent === "save" ? reply : undefined,
                "lines",
                order.lines.map((l) => `${l.sku}, ${l.ordered}`).join("\n"),
              )}
              error={fieldError(intent === "save" ? reply : undefined, "lines")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Expected by"
                name="expectedOn"
                type="date"
                defaultValue={postedValue(intent === "save" ? reply : undefined, "expectedOn", order.expectedOn ?? "")}
                error={fieldError(intent === "save" ? reply : undefined, "expectedOn")}
              />
              <TextAreaField
                label="Notes to the supplier"
                name="notes"
                rows={2}
                defaultValue={postedValue(intent === "save" ? reply : undefined, "notes", order.notes)}
                error={fieldError(intent === "save" ? reply : undefined, "notes")}
              />
            </div>
            <div>
              <Button type="submit" disabled={busy}>
                Save draft
              </Button>
            </div>
          </Form>
          <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
            <Form method="post">
              <input type="hidden" name="intent" value="send" />
              <Button type="submit" disabled={busy || order.lines.length === 0}>
                Send to {order.supplier.email}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="ghost" className="text-danger-700" disabled={busy}>
                Cancel purchase order
              </Button>
            </Form>
          </div>
        </section>
      ) : null}

      {receivable ? (
        <ReceiveForm
          // A receiving that went through starts a clean form (its counts and lots are on the order now).
          key={order.lines.map((l) => l.received).join("-")}
          order={order}
          today={today}
          busy={busy}
          problem={intent === "receive" ? reply?.message : undefined}
        />
      ) : null}

      {!draft && order.status !== "closed" && order.status !== "cancelled" ? (
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="close" />
            <Button type="submit" variant="secondary" disabled={busy}>
              Close purchase order
            </Button>
          </Form>
          {order.status === "sent" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="ghost" className="text-danger-700" disabled={busy}>
                Cancel purchase order
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type Order = Route.ComponentProps["loaderData"]["order"];

/**
 * Receiving (issue 39): one block per line (a card on a phone), each with the count, the lot code,
 * the expiry and the lab report. A scanned or typed UPC, SKU or supplier SKU jumps to its line.
 * Without the page's script every block is there and one button receives them all.
 */
function ReceiveForm({
  order,
  today,
  busy,
  problem,
}: {
  order: Order;
  today: string;
  busy: boolean;
  problem: string | undefined;
}) {
  const hydrated = useHydrated();
  const [scan, setScan] = useState("");
  const [scanProblem, setScanProblem] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  /** The line a typed or scanned code names (its SKU, UPC or the supplier's SKU), or -1. */
  const lineOf = (typed: string): number => {
    const code = typed.trim().toLowerCase();
    return code
      ? order.lines.findIndex(
          (l) => l.sku.toLowerCase() === code || l.upc === code || l.supplierSku.toLowerCase() === code,
        )
      : -1;
  };
  /** The line's count box takes the focus, ready to be typed over. */
  const focusLine = (index: number) => {
    const box = formRef.current?.querySelector<HTMLInputElement>(`#receive-qty-${index}`);
    box?.focus();
    box?.select();
  };
  /** A code the camera read: what happened, read out by the scanner. */
  const onScanned = (code: string): string => {
    const index = lineOf(code);
    if (index < 0) return INVENTORY_MESSAGES.scanNotFound(code);
    focusLine(index);
    return INVENTORY_MESSAGES.scanFound(order.lines[index]?.sku ?? code);
  };
  const jump = () => {
    if (!scan.trim()) return;
    const index = lineOf(scan);
    if (index < 0) {
      setScanProblem(INVENTORY_MESSAGES.scanNotFound(scan.trim()));
      return;
    }
    setScanProblem("");
    focusLine(index);
    setScan("");
  };
  return (
    <section aria-labelledby="receive-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="receive-title" className="text-xl font-bold text-slate-900">
        Receive
      </h2>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      {hydrated ? (
        <div className="mt-3">
          <BarcodeScanner onCode={onScanned} hint={INVENTORY_MESSAGES.receiveScanHint} />
        </div>
      ) : null}
      {hydrated ? (
        <div className="mt-3 flex max-w-md flex-col gap-1">
          <TextField
            label="Scan or type a code"
            name="scan"
            value={scan}
            autoComplete="off"
            inputMode="search"
            hint={INVENTORY_MESSAGES.receiveHint}
            error={scanProblem || undefined}
            onChange={(e) => setScan(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                jump();
              }
            }}
          />
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" noValidate ref={formRef} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="receive" />
        {order.lines.map((l, i) => (
          <fieldset key={l.id} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {l.sku} · {l.name}{" "}
              <span className="font-normal text-slate-700">
                (ordered {l.ordered}, received {l.received})
              </span>
            </legend>
            <input type="hidden" name="lineId" value={l.id} />
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-7">
              <TextField
                id={`receive-qty-${i}`}
                label="Count"
                name="quantity"
                inputMode="numeric"
                autoComplete="off"
                defaultValue=""
              />
              <TextField label="Lot code" name="lotCode" autoComplete="off" autoCapitalize="characters" />
              <TextField label="Expiry" name="expiresOn" type="date" min={today} />
              <TextField label="Batch date" name="batchDate" type="date" max={today} />
              <TextField label="Delta-9 THC (mg)" name="delta9" inputMode="decimal" autoComplete="off" />
              <TextField label="THCA (mg)" name="thca" inputMode="decimal" autoComplete="off" />
              <div className="col-span-2 flex flex-col gap-1 lg:col-span-1">
                <label htmlFor={`receive-report-${i}`} className="text-sm font-medium text-slate-800">
                  Lab report (PDF)
                </label>
                <input
                  id={`receive-report-${i}`}
                  type="file"
                  name={`labReport-${i}`}
                  accept="application/pdf"
                  className="text-sm"
                />
              </div>
            </div>
          </fieldset>
        ))}
        <div className="sticky bottom-0 bg-white py-2">
          <Button type="submit" disabled={busy}>
            Receive
          </Button>
        </div>
      </Form>
    </section>
  );
}
