import { useCallback, useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import { listAdminProducts, type ProductSort, type StockFilter } from "~/.server/admin/products";
import { findProduct } from "~/.server/catalog/products";
import { bulkSetCompliance } from "~/.server/compliance/product-form";
import { getDb } from "~/.server/db/instance";
import { bulkUpdateProducts, deleteProduct } from "~/.server/flows/product-admin";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { BulkDialog, UnchangedSelect } from "~/components/admin/bulk-dialog";
import { BulkComplianceDialog } from "~/components/admin/compliance-form";
import { Pagination } from "~/components/admin/pagination";
import { ConfirmPanel } from "~/components/confirm-panel";
import { ProductImage } from "~/components/product-image";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { SelectField, TextField } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useReplyToast } from "~/components/use-reply-toast";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { CATEGORIES, categoryLabel, isCategorySlug } from "~/lib/categories";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import type { FormReply } from "~/lib/form-reply";
import { intentOf } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import { formatCents } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-policy";
import { idField } from "~/lib/schemas/back-office";
import { bulkComplianceSchema } from "~/lib/schemas/compliance";
import { pageParam } from "~/lib/schemas/params";
import { bulkUpdateSchema } from "~/lib/schemas/product";
import type { Route } from "./+types/products";

const SORTS: { value: ProductSort; label: string }[] = [
  { value: "name", label: "Name" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "newest", label: "Newest" },
];

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Bulk Update posts one field per selected product (at most 500). */
export const handle: RouteHandle = { maxFields: 520 };

export async function loader({ url }: Route.LoaderArgs) {
  const page = pageParam(url.searchParams.get("page"));
  const filters = {
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    category: (url.searchParams.get("category") ?? "").slice(0, 50),
    stock: pick<StockFilter>(url.searchParams.get("stock"), ["all", "in", "out"], "all"),
    sort: pick<ProductSort>(url.searchParams.get("sort"), ["name", "price-asc", "price-desc", "newest"], "name"),
  };
  const result = await listAdminProducts(getDb(), { ...filters, page });
  return { ...result, filters };
}

/** A product row's delete: the product the row showed. */
const deleteProductSchema = z.object({ id: idField(BACK_OFFICE_MESSAGES.unknownProduct) });

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const db = getDb();
  const intent = intentOf(form);
  // The bulk bars say a problem above the table, and beside its field.
  const bulk = { summary: (message: string) => message };
  if (intent === "delete")
    return formAction(
      form,
      deleteProductSchema,
      async ({ id }) => {
        if (!isConfirmed(form)) {
          const product = await findProduct(db, id);
          if (!product) return replyError({ message: BACK_OFFICE_MESSAGES.productNoLongerExists }, { status: 404 });
          return askFirst({
            question: BACK_OFFICE_MESSAGES.confirmDeleteProduct,
            detail: `${product.name} (${product.sku})`,
            fields: { intent: "delete", id: String(id) },
            danger: true,
          });
        }
        const deleted = await deleteProduct(db, id, actorOf(context));
        if (!deleted) return replyError({ message: BACK_OFFICE_MESSAGES.productNoLongerExists }, { status: 404 });
        return replyOk(BACK_OFFICE_MESSAGES.productDeleted);
      },
      { fields: [] },
    );
  if (intent === "bulk")
    return formAction(
      form,
      bulkUpdateSchema,
      async ({ ids, price, quantity, category }) => {
        const changes = { priceCents: price, stock: quantity, category };
        return replyOk(
          BACK_OFFICE_MESSAGES.productsUpdated(await bulkUpdateProducts(db, ids, changes, actorOf(context))),
        );
      },
      bulk,
    );
  if (intent === "bulk-compliance")
    return formAction(
      form,
      bulkComplianceSchema,
      async ({ ids, ...changes }) =>
        replyOk(BACK_OFFICE_MESSAGES.productsUpdated(await bulkSetCompliance(db, ids, changes, actorOf(context)))),
      bulk,
    );
  return replyError({ message: BACK_OFFICE_MESSAGES.unknownAction });
}

function DeleteButton({ id, name }: { id: number; name: string }) {
  const fetcher = useFetcher<FormReply>();
  // Told as soon as the answer arrives: once the list reloads, this row (and its effect) is gone.
  useReplyToast(fetcher.data, { success: "Done.", error: BACK_OFFICE_MESSAGES.thatDidNotWork });
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) =>
        askThenSubmit(
          e,
          BACK_OFFICE_MESSAGES.confirmDeleteProduct,
          (form) => void fetcher.submit(form, { method: "post" }),
        )
      }
    >
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value="delete"
        variant="ghost"
        className="text-danger-700"
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>
    </fetcher.Form>
  );
}

function BulkUpdateDialog({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  return (
    <BulkDialog
      ids={ids}
      onDone={onDone}
      opener="Bulk Update"
      title={`Update ${ids.length} selected product${ids.length === 1 ? "" : "s"}`}
      intent="bulk"
    >
      <TextField label="Price (USD)" name="price" inputMode="decimal" placeholder="unchanged" />
      <TextField label="Quantity in stock" name="quantity" inputMode="numeric" placeholder="unchanged" />
      <UnchangedSelect
        label="Category"
        name="category"
        options={CATEGORIES.map((c) => ({ value: c.slug, label: c.navLabel }))}
      />
    </BulkDialog>
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const actionData = useSettledActionData<typeof action>();
  const { items, total, page, pageSize, filters } = loaderData;
  // The answer of a post made before the page's JavaScript ran: the question, or what was done.
  const step = confirmStepOf(actionData);
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const pageIds = items.map((p) => p.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // The Name and Price headers sort too (Price again: the other way), keeping the filters.
  const sortedColumn = filters.sort.startsWith("price") ? "price" : filters.sort;
  const sortHref = (column: string) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    next.set("sort", column === "price" ? (filters.sort === "price-asc" ? "price-desc" : "price-asc") : column);
    return `?${next}`;
  };

  const categoryChoice = filters.category.trim().toLowerCase();
  const unknownCategory = categoryChoice !== "" && !isCategorySlug(categoryChoice);

  return (
    <section aria-labelledby="products-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-title" className="text-xl font-bold text-slate-900">
          Products <span className="text-base font-normal text-slate-600">({total.toLocaleString("en-US")})</span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <BulkUpdateDialog ids={[...selected]} onDone={clearSelection} />
          <BulkComplianceDialog ids={[...selected]} onDone={clearSelection} />
          <ButtonLink to="/admin/import" variant="secondary">
            Import CSV
          </ButtonLink>
          <ButtonLink to="/admin/images" variant="secondary">
            Images in bulk
          </ButtonLink>
          <ButtonLink to="/admin/products/export.csv" reloadDocument variant="secondary">
            Export CSV
          </ButtonLink>
          <ButtonLink to="/admin/lines/new" variant="secondary">
            {LINE_EDITOR_MESSAGES.newLineTitle}
          </ButtonLink>
          <ButtonLink to="/admin/products/new">Add product</ButtonLink>
        </div>
      </div>
      {step ? (
        <ConfirmPanel step={step} />
      ) : actionData?.message ? (
        <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage>
      ) : null}
      {/* Keyed by the sort: after a header's sort the form shows it (its fields keep what they were first given). */}
      <Form
        key={filters.sort}
        method="get"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <TextField label="Search name" name="q" type="search" defaultValue={filters.q} className="lg:col-span-2" />
        {/* The categories by name (the filter matches the slug exactly, ignoring case). */}
        <SelectField
          label="Category"
          name="category"
          defaultValue={categoryChoice}
          placeholder="All categories"
          options={[
            ...CATEGORIES.map((c) => ({ value: c.slug, label: c.navLabel })),
            ...(unknownCategory ? [{ value: categoryChoice, label: `${filters.category} (no such category)` }] : []),
          ]}
        />
        <SelectField
          label="Stock"
          name="stock"
          defaultValue={filters.stock}
          options={[
            { value: "all", label: "All" },
            { value: "in", label: "In stock" },
            { value: "out", label: "Out of stock" },
          ]}
        />
        <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={SORTS} />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>
      <DataTable
        caption="Products"
        rows={items}
        rowKey={(p) => String(p.id)}
        rowClassName={(p) => (selected.has(p.id) ? "bg-brand-50" : "")}
        sort={{
          key: sortedColumn,
          href: sortHref,
          direction: filters.sort === "price-desc" ? "descending" : "ascending",
        }}
        // relative: the table's visually hidden labels are placed in this scroll box, not past the page's edge.
        className="relative rounded-lg border border-slate-200 bg-white"
        tableClassName="min-w-[760px]"
        empty={
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {BACK_OFFICE_MESSAGES.noProductsAvailable}
          </p>
        }
        columns={[
          {
            key: "select",
            header: (
              <input
                type="checkbox"
                aria-label="Select all products on this page"
                className="size-5 accent-brand-700"
                checked={allOnPage}
                onChange={() =>
                  setSelected((s) => {
                    const next = new Set(s);
                    for (const id of pageIds) {
                      if (allOnPage) next.delete(id);
                      else next.add(id);
                    }
                    return next;
                  })
                }
              />
            ),
            cell: (p) => (
              <input
                type="checkbox"
                aria-label={`Select ${p.name}`}
                className="size-5 accent-brand-700"
                checked={selected.has(p.id)}
                onChange={() => toggle(p.id)}
              />
            ),
            className: "w-10",
          },
          {
            key: "image",
            header: <span className="sr-only">Image</span>,
            cell: (p) => (
              <div className="w-12">
                <ProductImage image={p.image} alt="" sizes="48px" />
              </div>
            ),
            className: "w-16",
          },
          {
            key: "name",
            header: "Name",
            sortKey: "name",
            cell: (p) => (
              <>
                <Link to={`/admin/products/${p.id}`} className="text-brand-800 hover:underline">
                  {p.name}
                </Link>
                {p.line ? (
                  <Link
                    to={`/admin/lines/${p.line.id}`}
                    className="mt-1 block text-xs font-normal text-slate-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {LINE_EDITOR_MESSAGES.lineOfProduct(p.line.name, p.line.variants)}
                  </Link>
                ) : null}
              </>
            ),
            className: "font-medium",
          },
          { key: "sku", header: "SKU", cell: (p) => p.sku, className: "font-mono text-xs" },
          { key: "category", header: "Category", cell: (p) => categoryLabel(p.category) },
          { key: "price", header: "Price", sortKey: "price", numeric: true, cell: (p) => formatCents(p.priceCents) },
          {
            key: "stock",
            header: "Stock",
            numeric: true,
            cell: (p) => (
              <span
                className={p.stock <= 0 ? "font-bold text-danger-700" : p.stock <= 5 ? "font-bold text-warn-800" : ""}
              >
                {p.stock}
              </span>
            ),
          },
          {
            key: "actions",
            header: <span className="sr-only">Actions</span>,
            cell: (p) => (
              <div className="flex justify-end gap-1">
                <ButtonLink to={`/admin/products/${p.id}`} variant="ghost" aria-label={`Edit ${p.name}`}>
                  Edit
                </ButtonLink>
                <DeleteButton id={p.id} name={p.name} />
              </div>
            ),
          },
        ]}
      />
      <Pagination page={page} pageSize={pageSize} total={total} params={params} label="Product pages" />
    </section>
  );
}
