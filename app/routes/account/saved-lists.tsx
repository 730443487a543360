import { Form, Link, useNavigation } from "react-router";
import { findProduct } from "~/.server/catalog/products";
import { getDb } from "~/.server/db/instance";
import { handleListsAction } from "~/.server/flows/list-actions";
import { listSavedLists, listsHoldingProduct } from "~/.server/lists/saved-lists";
import { formOf, signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { AddToList } from "~/components/saved-lists/product-lists";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { formatOrderDate } from "~/lib/orders";
import { sellingUnitOf } from "~/lib/quantity";
import { LIST_NAME_MAX, MAX_LISTS } from "~/lib/saved-lists";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/saved-lists";

export function meta() {
  return [{ title: "Saved Lists" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = getDb();
  const userId = signedInViewer(context).id;
  // ?add=<product>: a product to put in a list, from a product page whose script had not run.
  const addId = idParam(url.searchParams.get("add") ?? undefined);
  const [lists, product] = await Promise.all([
    listSavedLists(db, userId),
    addId === null ? null : findProduct(db, addId),
  ]);
  const adding = product
    ? {
        id: product.id,
        name: product.name,
        unit: sellingUnitOf(product),
        lists: await listsHoldingProduct(db, userId, product.id),
      }
    : null;
  return { lists, adding };
}

/** New lists, and products from a product page, the cart or a past order (.server/flows/list-actions.ts). */
export async function action({ context }: Route.ActionArgs) {
  return handleListsAction(signedInViewer(context), formOf(context));
}

export default function SavedLists({ loaderData }: Route.ComponentProps) {
  const { lists, adding } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const full = lists.length >= MAX_LISTS;
  return (
    <AccountShell title="Saved Lists">
      <div className="flex flex-col gap-6">
        {/* What a save posted here before the page's JavaScript ran (cart, past order) answered. */}
        {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
        {adding ? (
          <section aria-labelledby="adding-title" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="adding-title" className="mb-3 text-lg font-bold text-slate-900">
              {ACCOUNT_MESSAGES.addingToList(adding.name)}
            </h2>
            <AddToList
              productId={adding.id}
              productName={adding.name}
              personal={{ lists: adding.lists, unit: adding.unit, alert: "none", orderable: true }}
              open
              back={`/account/lists`}
            />
          </section>
        ) : null}
        {lists.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            {ACCOUNT_MESSAGES.noListsYet}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your lists">
            {lists.map((l) => (
              <li key={l.id}>
                <Link
                  to={`/account/lists/${l.id}`}
                  className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-500 hover:shadow-sm"
                >
                  <span className="text-lg font-bold break-words text-brand-800">{l.name}</span>
                  <span className="text-sm text-slate-600">
                    {ACCOUNT_MESSAGES.listProductCount(l.lineCount)} · {formatOrderDate(l.updatedAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <section aria-labelledby="new-list-title" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="new-list-title" className="mb-3 text-lg font-bold text-slate-900">
            New list
          </h2>
          <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="create" />
            <TextField
              label={ACCOUNT_MESSAGES.listNameLabel}
              name="name"
              maxLength={LIST_NAME_MAX}
              autoComplete="off"
              placeholder="Weekly restock"
              defaultValue={postedValue(reply, "name", "")}
              error={fieldError(reply, "name")}
              className="sm:w-80"
            />
            <Button type="submit" disabled={busy || full} className="sm:mt-6">
              Create list
            </Button>
          </Form>
          {full ? <p className="mt-2 text-sm text-slate-600">{ACCOUNT_MESSAGES.tooManyLists(MAX_LISTS)}</p> : null}
        </section>
      </div>
    </AccountShell>
  );
}
