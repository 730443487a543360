import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { canBuy } from "~/.server/accounts/viewer";
import { getDb } from "~/.server/db/instance";
import { handleListAction, type ListToCartData } from "~/.server/flows/list-actions";
import { findListView, type ListLineView } from "~/.server/flows/saved-list-check";
import { formOf, signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { useCart } from "~/components/cart/cart-store";
import { ProductImage } from "~/components/product-image";
import { notify } from "~/components/toast";
import { Badge, StockBadge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { addCheckedLines } from "~/lib/cart-checked";
import { type FormReply, fieldError, intentOf } from "~/lib/form-reply";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { formatCents } from "~/lib/money";
import { casePackLabel } from "~/lib/quantity";
import { LIST_NAME_MAX, listStepDown, listStepUp } from "~/lib/saved-lists";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/saved-list";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: loaded?.list.name ?? ACCOUNT_MESSAGES.listNotFound }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const id = idParam(params.listId);
  const buyer = canBuy(viewer);
  const list = id === null ? null : await findListView(getDb(), viewer, id, buyer);
  // Another customer's list looks exactly like one that does not exist.
  if (!list) throw data(ACCOUNT_MESSAGES.listNotFound, { status: 404 });
  return { list, buyer };
}

export async function action({ params, context }: Route.ActionArgs) {
  return handleListAction(signedInViewer(context), idParam(params.listId), formOf(context));
}

/** "Add all to cart" answers applied to the browser cart already (each answer once). */
const applied = new Set<string>();

/**
 * One line's − / + steppers. Taps are never raced against each other: one change is in flight at a
 * time, and a tap made meanwhile waits and goes when it lands (the last tap wins). Two requests in
 * flight at once could land in the other order and keep the older quantity (seen in CI: + then −
 * quickly left the list at the higher number). Without JavaScript each button posts the form.
 */
function LineStepper({ line }: { line: ListLineView }) {
  const fetcher = useFetcher<FormReply>();
  const [wanted, setWanted] = useState<number | null>(null);
  const lastSent = useRef<number | null>(null);
  const pending = fetcher.formData?.get("quantity");
  const quantity = wanted ?? (typeof pending === "string" ? Number(pending) : line.quantity);
  const down = listStepDown(quantity, line.unit);
  const up = listStepUp(quantity, line.unit);
  const { submit, state } = fetcher;
  const send = useCallback(
    (next: number) => {
      lastSent.current = next;
      submit({ intent: "quantity", productId: String(line.productId), quantity: String(next) }, { method: "post" });
    },
    [submit, line.productId],
  );
  useEffect(() => {
    if (state !== "idle" || wanted === null) return;
    if (wanted !== lastSent.current) send(wanted);
    else setWanted(null);
  }, [state, wanted, send]);
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const next = submitter instanceof HTMLButtonElement ? Number(submitter.value) : Number.NaN;
    if (!Number.isInteger(next)) return;
    setWanted(next);
    if (state === "idle") send(next);
  }
  const button =
    "flex size-11 items-center justify-center text-lg font-bold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="flex flex-col gap-1">
      <fetcher.Form
        method="post"
        onSubmit={onSubmit}
        className="inline-flex w-fit items-center rounded-md border border-slate-300 bg-white"
      >
        <input type="hidden" name="intent" value="quantity" />
        <input type="hidden" name="productId" value={line.productId} />
        <button
          type="submit"
          name="quantity"
          value={down}
          className={button}
          disabled={down === quantity}
          aria-label={`Decrease quantity of ${line.name}`}
        >
          −
        </button>
        <output
          className="tabular min-w-12 text-center text-base font-semibold"
          aria-label={`Quantity of ${line.name}`}
        >
          {quantity}
        </output>
        <button
          type="submit"
          name="quantity"
          value={up}
          className={button}
          disabled={up === quantity}
          aria-label={`Increase quantity of ${line.name}`}
        >
          +
        </button>
      </fetcher.Form>
      <p className="min-h-5 text-xs text-slate-500" role="status">
        {wanted !== null || state !== "idle" ? ACCOUNT_MESSAGES.listQuantitySaving : null}
      </p>
      {fetcher.data && !fetcher.data.ok && fetcher.data.message ? (
        <p className="text-sm text-danger-700" role="alert">
          {fetcher.data.message}
        </p>
      ) : null}
    </div>
  );
}

function StockLine({ line }: { line: ListLineView }) {
  const check = line.check;
  if (!check) return <StockBadge inStock={line.inStock} />;
  if (check.status === "out-of-stock" || check.status === "gone") return <Badge tone="danger">Out of Stock</Badge>;
  const stock = check.product?.stock ?? 0;
  if (check.status === "capped") return <Badge tone="warn">{ACCOUNT_MESSAGES.listOnlyInStock(check.quantity)}</Badge>;
  return <Badge tone="ok">{ACCOUNT_MESSAGES.inStockCount(stock)}</Badge>;
}

function ListLine({ line }: { line: ListLineView }) {
  const remove = useFetcher<FormReply>();
  const check = line.check;
  const unitLabel = casePackLabel(line.unit);
  const orderable = check?.product && check.quantity > 0 ? check : null;
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="w-16 shrink-0 sm:w-20">
        <ProductImage image={line.image} alt={line.name} sizes="80px" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 className="min-w-0 font-semibold break-words text-slate-900">
            <Link to={`/products/details/${line.productId}`} className="hover:underline">
              {line.name}
            </Link>
          </h3>
          {orderable?.product ? (
            <output className="tabular font-bold text-slate-900" aria-label={`Line price of ${line.name}`}>
              {formatCents(orderable.product.priceCents * orderable.quantity)}
            </output>
          ) : null}
        </div>
        <p className="tabular flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          {check?.product ? <span>{SELLING_MESSAGES.eachPrice(formatCents(check.product.priceCents))}</span> : null}
          {unitLabel ? <span>{unitLabel}</span> : null}
          <StockLine line={line} />
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <LineStepper line={line} />
          <remove.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={line.productId} />
            <Button type="submit" variant="ghost" disabled={remove.state !== "idle"}>
              Remove<span className="sr-only"> {line.name}</span>
            </Button>
          </remove.Form>
        </div>
      </div>
    </li>
  );
}

function RenameList({ name }: { name: string }) {
  const fetcher = useFetcher<FormReply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <details className="rounded-lg border border-slate-200 bg-white">
      <summary className={buttonClass("ghost", "w-full cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        Rename list
      </summary>
      <fetcher.Form method="post" noValidate className="flex flex-col gap-3 p-3">
        <input type="hidden" name="intent" value="rename" />
        <TextField
          label={ACCOUNT_MESSAGES.listNameLabel}
          name="name"
          maxLength={LIST_NAME_MAX}
          autoComplete="off"
          defaultValue={name}
          error={fieldError(reply, "name")}
        />
        <Button type="submit" disabled={fetcher.state !== "idle"} className="w-fit">
          Save name
        </Button>
        {reply?.ok && reply.message ? <FormMessage tone="success">{reply.message}</FormMessage> : null}
      </fetcher.Form>
    </details>
  );
}

function DeleteList({ name }: { name: string }) {
  return (
    // The question is native (a details element), so a tap on Delete asks first even before the
    // page's scripts have loaded; only "Yes, delete" posts.
    <details className="rounded-lg border border-slate-200 bg-white">
      <summary className={buttonClass("ghost", "w-full cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        Delete list
      </summary>
      <div className="flex flex-col gap-3 p-3">
        <p className="text-sm text-slate-800">{ACCOUNT_MESSAGES.confirmDeleteList(name)}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" variant="danger">
            Yes, delete
          </Button>
        </Form>
      </div>
    </details>
  );
}

export default function SavedList({ loaderData }: Route.ComponentProps) {
  const { list, buyer } = loaderData;
  const reply = useSettledActionData() as FormReply<ListToCartData> | undefined;
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && intentOf(navigation.formData) === "add-to-cart";
  const [, updateCart] = useCart();
  const navigate = useNavigate();

  // Add all to cart: the server checked every line (today's price and stock); the browser adds
  // what can be ordered to its cart, once per answer, and shows the cart.
  useEffect(() => {
    const result = reply?.ok ? reply.data : undefined;
    if (!result?.key || applied.has(result.key)) return;
    applied.add(result.key);
    const available = result.lines.filter((l) => l.product && l.quantity > 0);
    const left = result.lines.length - available.length;
    if (available.length > 0) {
      updateCart((current) => addCheckedLines(current, result.lines));
      notify("success", ACCOUNT_MESSAGES.itemsReordered(available.length));
    }
    if (left > 0) notify("error", ACCOUNT_MESSAGES.itemsNotAddedOutOfStock(left));
    if (available.length > 0) navigate("/cart");
  }, [reply, updateCart, navigate]);

  const total = list.lines.reduce(
    (sum, l) => sum + (l.check?.product && l.check.quantity > 0 ? l.check.product.priceCents * l.check.quantity : 0),
    0,
  );

  return (
    <AccountShell title="Saved Lists">
      <div className="flex flex-col gap-4">
        <Link to="/account/lists" className="w-fit text-sm font-semibold text-brand-700 hover:underline">
          ← All lists
        </Link>
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-2xl font-bold break-words text-slate-900">{list.name}</h2>
            <p className="tabular text-sm text-slate-600">
              {ACCOUNT_MESSAGES.listProductCount(list.lines.length)}
              {buyer && list.lines.length > 0 ? ` · ${formatCents(total)}` : ""}
            </p>
          </div>
          {buyer ? (
            <Form method="post" className="sm:shrink-0">
              <input type="hidden" name="intent" value="add-to-cart" />
              <Button type="submit" disabled={list.lines.length === 0 || adding} className="w-full sm:w-auto">
                Add all to cart
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">{ACCOUNT_MESSAGES.listsPricesWhenApproved}</p>
          )}
        </div>
        {reply && !reply.ok && reply.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
        {list.lines.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            {ACCOUNT_MESSAGES.listIsEmpty}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={`Products in ${list.name}`}>
            {list.lines.map((line) => (
              <ListLine key={line.productId} line={line} />
            ))}
          </ul>
        )}
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <RenameList name={list.name} />
          <DeleteList name={list.name} />
        </div>
      </div>
    </AccountShell>
  );
}
