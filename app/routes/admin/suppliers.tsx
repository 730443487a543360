import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { createSupplier, listSuppliers } from "~/.server/inventory/suppliers";
import { actorOf, formOf } from "~/.server/request/context";
import { SupplierFields } from "~/components/admin/supplier-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { supplierFields } from "~/lib/schemas/inventory";
import type { Route } from "./+types/suppliers";

export function meta() {
  return [{ title: "Suppliers" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { suppliers: await listSuppliers(getDb()) };
}

const newSupplierSchema = z.object({ intent: z.literal("create"), ...supplierFields });

export async function action({ context }: Route.ActionArgs) {
  return formAction(formOf(context), newSupplierSchema, async ({ intent: _intent, ...input }) => {
    const id = await createSupplier(getDb(), input, actorOf(context));
    return redirectWithToast(`/admin/suppliers/${id}`, {
      type: "success",
      message: INVENTORY_MESSAGES.supplierCreated(input.name),
    });
  });
}

/** The suppliers the store buys from (issue 39), and a form to add one. */
export default function Suppliers({ loaderData }: Route.ComponentProps) {
  const { suppliers } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Stock coming in" className="flex flex-wrap gap-3 text-sm font-semibold">
        <Link to="/admin/purchase-orders" className="text-brand-700 underline underline-offset-2">
          Purchase orders
        </Link>
        <Link to="/admin/lots" className="text-brand-700 underline underline-offset-2">
          Lots and recalls
        </Link>
      </nav>
      <section aria-labelledby="suppliers-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="suppliers-title" className="text-xl font-bold text-slate-900">
          Suppliers
        </h2>
        <DataTable
          caption="Suppliers"
          rows={suppliers}
          rowKey={(s) => String(s.id)}
          rowHeader
          empty={INVENTORY_MESSAGES.noSuppliers}
          className="mt-3"
          columns={[
            {
              key: "name",
              header: "Supplier",
              cell: (s) => (
                <Link to={`/admin/suppliers/${s.id}`} className="font-semibold text-brand-700 underline">
                  {s.name}
                </Link>
              ),
            },
            { key: "email", header: "Email", cell: (s) => s.email },
            { key: "lead", header: "Lead time", cell: (s) => `${s.leadTimeDays} days`, numeric: true },
            { key: "items", header: "Products", cell: (s) => s.items, numeric: true },
            { key: "open", header: "Open orders", cell: (s) => s.openOrders, numeric: true },
            {
              key: "active",
              header: "Status",
              cell: (s) => (s.active ? <Badge tone="ok">Active</Badge> : <Badge tone="neutral">Inactive</Badge>),
            },
          ]}
        />
      </section>
      <section aria-labelledby="new-supplier-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="new-supplier-title" className="text-xl font-bold text-slate-900">
          New supplier
        </h2>
        {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
        <Form method="post" noValidate className="mt-3 flex flex-col gap-4">
          <input type="hidden" name="intent" value="create" />
          <SupplierFields reply={reply} />
          <div>
            <Button type="submit" disabled={busy}>
              Add supplier
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
