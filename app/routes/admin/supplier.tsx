import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { createPurchaseOrder, listPurchaseOrders, suggestPurchase } from "~/.server/inventory/purchase-orders";
import {
  addContact,
  findSupplier,
  removeContact,
  removeSupplierItem,
  saveSupplierItem,
  updateSupplier,
} from "~/.server/inventory/suppliers";
import { actorOf, formOf } from "~/.server/request/context";
import { SupplierFields } from "~/components/admin/supplier-fields";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError, postedValue } from "~/lib/form-reply";
import { PO_STATUS_LABELS } from "~/lib/inventory";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { centsToDecimalString, formatCents } from "~/lib/money";
import { idField } from "~/lib/schemas/back-office";
import { contactFields, supplierFields, supplierItemFields } from "~/lib/schemas/inventory";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/supplier";

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `${data.supplier.name} · Suppliers` : "Supplier" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.supplierId);
  const db = getDb();
  const supplier = id === null ? null : await findSupplier(db, id);
  if (!supplier) throw data(INVENTORY_MESSAGES.supplierNotFound, { status: 404 });
  return {
    supplier,
    suggestions: await suggestPurchase(db, supplier.id),
    orders: await listPurchaseOrders(db, supplier.id),
  };
}

const entryId = idField(MESSAGES.chooseAction);

const supplierPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("update"), ...supplierFields }),
    z.object({ intent: z.literal("contact"), ...contactFields }),
    z.object({ intent: z.literal("remove-contact"), contactId: entryId }),
    z.object({ intent: z.literal("item"), ...supplierItemFields }),
    z.object({ intent: z.literal("remove-item"), productId: entryId }),
    z.object({
      intent: z.literal("order"),
      suggested: z
        .string()
        .optional()
        .transform((v) => v === "yes"),
    }),
  ],
  { error: MESSAGES.chooseAction },
);

export async function action({ context, params }: Route.ActionArgs) {
  const id = idParam(params.supplierId);
  if (id === null) throw data(INVENTORY_MESSAGES.supplierNotFound, { status: 404 });
  const db = getDb();
  const actor = actorOf(context);
  const here = `/admin/suppliers/${id}`;
  return formAction(formOf(context), supplierPageSchema, async (input) => {
    switch (input.intent) {
      case "update": {
        const { intent: _i, ...fields } = input;
        await updateSupplier(db, id, fields, actor);
        return redirectWithToast(here, { type: "success", message: INVENTORY_MESSAGES.supplierSaved(fields.name) });
      }
      case "contact": {
        await addContact(
          db,
          id,
          { name: input.contactName, role: input.role, email: input.contactEmail, phone: input.contactPhone },
          actor,
        );
        return redirectWithToast(here, {
          type: "success",
          message: INVENTORY_MESSAGES.contactAdded(input.contactName),
        });
      }
      case "remove-contact": {
        await removeContact(db, id, input.contactId, actor);
        return redirectWithToast(here, { type: "success", message: INVENTORY_MESSAGES.contactRemoved });
      }
      case "item": {
        const sku = await saveSupplierItem(
          db,
          id,
          {
            sku: input.sku,
            supplierSku: input.supplierSku,
            unitCostCents: input.unitCost,
            packSize: input.packSize,
            preferred: input.preferred,
            reorderPoint: input.reorderPoint,
          },
          actor,
        );
        return redirectWithToast(here, { type: "success", message: INVENTORY_MESSAGES.itemSaved(sku) });
      }
      case "remove-item": {
        const sku = await removeSupplierItem(db, id, input.productId, actor);
        return redirectWithToast(here, { type: "success", message: INVENTORY_MESSAGES.itemRemoved(sku ?? "") });
      }
      case "order": {
        const lines = input.suggested
          ? (await suggestPurchase(db, id)).map((s) => ({ sku: s.sku, quantity: s.quantity }))
          : [];
        const po = await createPurchaseOrder(db, id, lines, actor);
        return redirectWithToast(`/admin/purchase-orders/${po.id}`, {
          type: "success",
          message: INVENTORY_MESSAGES.purchaseOrderCreated(po.number),
        });
      }
    }
  });
}

export default function Supplier({ loaderData }: Route.ComponentProps) {
  const { supplier, suggestions, orders } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const intent = postedValue(reply, "intent");
  const replyOf = (name: string) => (intent === name ? reply : undefined);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <Link to="/admin/suppliers" className="text-brand-700 underline underline-offset-2">
          All suppliers
        </Link>
      </p>
      {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      <section aria-labelledby="supplier-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="supplier-title" className="text-xl font-bold text-slate-900">
          {supplier.name}
        </h2>
        <Form method="post" noValidate className="mt-3 flex flex-col gap-4">
          <input type="hidden" name="intent" value="update" />
          <SupplierFields key={supplier.name} reply={replyOf("update")} saved={supplier} />
          <div>
            <Button type="submit" disabled={busy}>
              Save supplier
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="reorder-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="reorder-title" className="text-xl font-bold text-slate-900">
          What to order now
        </h2>
        <DataTable
          caption="Suggested purchase"
          rows={suggestions}
          rowKey={(s) => s.sku}
          rowHeader
          empty={INVENTORY_MESSAGES.noSuggestions}
          className="mt-3"
          columns={[
            { key: "sku", header: "SKU", cell: (s) => s.sku },
            { key: "name", header: "Product", cell: (s) => s.name },
            { key: "stock", header: "In stock", cell: (s) => s.stock, numeric: true },
            { key: "reorder", header: "Reorder point", cell: (s) => s.reorderPoint, numeric: true },
            { key: "rate", header: "Sold a day", cell: (s) => s.dailyRate.toFixed(1), numeric: true },
            { key: "onorder", header: "On order", cell: (s) => s.onOrder, numeric: true },
            { key: "qty", header: "Suggested", cell: (s) => s.quantity, numeric: true },
          ]}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          {suggestions.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="order" />
              <input type="hidden" name="suggested" value="yes" />
              <Button type="submit" disabled={busy}>
                Draft a purchase order of these
              </Button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="order" />
            <Button type="submit" variant="secondary" disabled={busy}>
              New empty purchase order
            </Button>
          </Form>
        </div>
      </section>

      <section aria-labelledby="items-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="items-title" className="text-xl font-bold text-slate-900">
          Products and costs
        </h2>
        <DataTable
          caption="Products this supplier sells"
          rows={supplier.items}
          rowKey={(i) => String(i.productId)}
          rowHeader
          empty={INVENTORY_MESSAGES.noSupplierItems}
          // Its Remove buttons name their SKU in visually hidden text: placed inside the table's box.
          className="relative mt-3"
          columns={[
            { key: "sku", header: "SKU", cell: (i) => i.sku },
            { key: "name", header: "Product", cell: (i) => i.name },
            { key: "their", header: "Their SKU", cell: (i) => i.supplierSku },
            { key: "cost", header: "Unit cost", cell: (i) => formatCents(i.unitCostCents), numeric: true },
            { key: "pack", header: "Pack", cell: (i) => i.packSize, numeric: true },
            { key: "stock", header: "In stock", cell: (i) => i.stock, numeric: true },
            { key: "reorder", header: "Reorder point", cell: (i) => i.reorderPoint ?? "", numeric: true },
            { key: "pref", header: "Preferred", cell: (i) => (i.preferred ? "Yes" : "") },
            {
              key: "remove",
              header: <span className="sr-only">Remove</span>,
              cell: (i) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-item" />
                  <input type="hidden" name="productId" value={i.productId} />
                  <Button type="submit" variant="ghost" disabled={busy}>
                    Remove<span className="sr-only"> {i.sku}</span>
                  </Button>
                </Form>
              ),
            },
          ]}
        />
        <Form method="post" noValidate className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3">
          <h3 className="font-semibold text-slate-900 sm:col-span-3">Add or change a product</h3>
          <input type="hidden" name="intent" value="item" />
          <TextField
            label="Our SKU"
            name="sku"
            required
            defaultValue={postedValue(replyOf("item"), "sku", "")}
            error={fieldError(replyOf("item"), "sku")}
          />
          <TextField
            label="Their SKU"
            name="supplierSku"
            defaultValue={postedValue(replyOf("item"), "supplierSku", "")}
            error={fieldError(replyOf("item"), "supplierSku")}
          />
          <TextField
            label="Unit cost"
            name="unitCost"
            inputMode="decimal"
            required
            placeholder={centsToDecimalString(450)}
            defaultValue={postedValue(replyOf("item"), "unitCost", "")}
            error={fieldError(replyOf("item"), "unitCost")}
          />
          <TextField
            label="Pack size"
            name="packSize"
            inputMode="numeric"
            required
            defaultValue={postedValue(replyOf("item"), "packSize", "1")}
            error={fieldError(replyOf("item"), "packSize")}
          />
          <TextField
            label="Reorder point (units)"
            name="reorderPoint"
            inputMode="numeric"
            defaultValue={postedValue(replyOf("item"), "reorderPoint", "")}
            error={fieldError(replyOf("item"), "reorderPoint")}
          />
          <div className="flex items-center gap-2 self-end pb-2">
            <input id="item-preferred" type="checkbox" name="preferred" className="size-5" defaultChecked />
            <label htmlFor="item-preferred" className="text-sm font-medium text-slate-800">
              Preferred supplier of this product
            </label>
          </div>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={busy}>
              Save product
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="contacts-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="contacts-title" className="text-xl font-bold text-slate-900">
          Contacts
        </h2>
        <ul className="mt-2 divide-y divide-slate-200">
          {supplier.contacts.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-semibold">{c.name}</span>
                {c.role ? ` · ${c.role}` : ""} {c.email ? ` · ${c.email}` : ""} {c.phone ? ` · ${c.phone}` : ""}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-contact" />
                <input type="hidden" name="contactId" value={c.id} />
                <Button type="submit" variant="ghost" disabled={busy}>
                  Remove<span className="sr-only"> {c.name}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" noValidate className="mt-3 grid gap-4 sm:grid-cols-4">
          <input type="hidden" name="intent" value="contact" />
          <TextField
            label="Contact name"
            name="contactName"
            required
            defaultValue={postedValue(replyOf("contact"), "contactName", "")}
            error={fieldError(replyOf("contact"), "contactName")}
          />
          <TextField
            label="Role"
            name="role"
            defaultValue={postedValue(replyOf("contact"), "role", "")}
            error={fieldError(replyOf("contact"), "role")}
          />
          <TextField
            label="Contact email"
            name="contactEmail"
            type="email"
            defaultValue={postedValue(replyOf("contact"), "contactEmail", "")}
            error={fieldError(replyOf("contact"), "contactEmail")}
          />
          <TextField
            label="Contact phone"
            name="contactPhone"
            type="tel"
            defaultValue={postedValue(replyOf("contact"), "contactPhone", "")}
            error={fieldError(replyOf("contact"), "contactPhone")}
          />
          <div className="sm:col-span-4">
            <Button type="submit" variant="secondary" disabled={busy}>
              Add contact
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="orders-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="orders-title" className="text-xl font-bold text-slate-900">
          Purchase orders
        </h2>
        <DataTable
          caption="Purchase orders to this supplier"
          rows={orders}
          rowKey={(o) => String(o.id)}
          rowHeader
          empty={INVENTORY_MESSAGES.noPurchaseOrders}
          className="mt-3"
          columns={[
            {
              key: "number",
              header: "Order",
              cell: (o) => (
                <Link to={`/admin/purchase-orders/${o.id}`} className="font-semibold text-brand-700 underline">
                  PO-{o.number}
                </Link>
              ),
            },
            { key: "status", header: "Status", cell: (o) => PO_STATUS_LABELS[o.status] },
            { key: "lines", header: "Products", cell: (o) => o.lines, numeric: true },
            { key: "cost", header: "Cost", cell: (o) => formatCents(o.costCents), numeric: true },
            { key: "date", header: "Created", cell: (o) => o.createdAt.slice(0, 10) },
          ]}
        />
      </section>
    </div>
  );
}
