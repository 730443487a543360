import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { listLowStock, MAX_THRESHOLD, setProductThreshold, setStoreThreshold } from "~/.server/catalog/low-stock";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { useReplyToast } from "~/components/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { intentOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { hiddenText, idOrNull, idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/stock";

/** The low-stock report: products at or under their threshold, and the thresholds themselves. */
export function meta() {
  return [{ title: "Low stock" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { ...(await listLowStock(getDb())), maxThreshold: MAX_THRESHOLD };
}

/** A threshold as typed: a whole number up to the most there is, or blank (none: the store's applies). */
const thresholdText = z
  .string({ error: MESSAGES.thresholdFormat })
  .trim()
  .refine((v) => v === "" || (/^\d{1,7}$/.test(v) && Number(v) <= MAX_THRESHOLD), MESSAGES.thresholdFormat);

/** The store-wide threshold (a number), or one product's (a number, or blank for the store's). */
const thresholdSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("store"),
      threshold: thresholdText.refine((v) => v !== "", MESSAGES.thresholdFormat).transform(Number),
    }),
    z.object({
      intent: z.literal("product"),
      productId: idOrNull,
      threshold: thresholdText.transform((v) => (v === "" ? null : Number(v))),
      sku: hiddenText(64),
    }),
  ],
  { error: MESSAGES.thresholdFormat },
);

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  return formAction(
    form,
    thresholdSchema,
    async (input) => {
      if (input.intent === "store") {
        await setStoreThreshold(getDb(), input.threshold, actorOf(context));
        return replyOk(BACK_OFFICE_MESSAGES.storeThresholdSet(input.threshold));
      }
      if (input.productId === null) return replyError({ message: MESSAGES.productNotFound }, { status: 404 });
      if (!(await setProductThreshold(getDb(), input.productId, input.threshold, actorOf(context))))
        return replyError({ message: MESSAGES.productNotFound }, { status: 404 });
      return replyOk(BACK_OFFICE_MESSAGES.productThresholdSet(input.sku, input.threshold));
    },
    // The store-wide field says its problem beside it; a product's row, in a toast.
    { fields: intentOf(form) === "store" ? ["threshold"] : [] },
  );
}

function useToast(fetcher: { data?: FormReply | undefined; state: string }) {
  // Told as soon as the answer arrives: a product no longer low leaves the list (and this form) on reload.
  useReplyToast(fetcher.data, { field: "threshold" });
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

function ProductThreshold({ item, max }: { item: Item; max: number }) {
  const fetcher = useFetcher<FormReply>();
  useToast(fetcher);
  return (
    <fetcher.Form method="post" className="flex items-end gap-2">
      <input type="hidden" name="productId" value={item.id} />
      <input type="hidden" name="sku" value={item.sku} />
      <input
        type="number"
        name="threshold"
        min={0}
        max={max}
        defaultValue={item.ownThreshold ?? ""}
        placeholder="Store-wide"
        aria-label={`Low-stock threshold of ${item.name}`}
        className="min-h-11 w-28 rounded-md border border-slate-300 px-2 text-sm"
      />
      <Button type="submit" name="intent" value="product" variant="secondary" disabled={fetcher.state !== "idle"}>
        Save<span className="sr-only"> threshold of {item.name}</span>
      </Button>
    </fetcher.Form>
  );
}

export default function LowStock({ loaderData }: Route.ComponentProps) {
  const { items, total, threshold: storeWide, maxThreshold } = loaderData;
  const store = useFetcher<FormReply>();
  useToast(store);
  return (
    <section aria-labelledby="stock-title" className="flex flex-col gap-4">
      <h2 id="stock-title" className="text-xl font-bold text-slate-900">
        Low stock <span className="text-base font-normal text-slate-600">({total.toLocaleString("en-US")})</span>
      </h2>
      <store.Form
        method="post"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Store-wide threshold (units)
          <input
            type="number"
            name="threshold"
            min={0}
            max={maxThreshold}
            required
            defaultValue={storeWide}
            key={storeWide}
            className="min-h-11 w-32 rounded-md border border-slate-300 px-2"
          />
        </label>
        <Button type="submit" name="intent" value="store" disabled={store.state !== "idle"}>
          Save threshold
        </Button>
        <p className="text-sm text-slate-600">
          A product with its own threshold uses that one. The store inbox gets a digest every day when anything is low
          or out.
        </p>
      </store.Form>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {BACK_OFFICE_MESSAGES.noLowStock}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Products low on stock">
          {items.map((i) => (
            <li
              key={i.id}
              className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto_auto] sm:items-center"
            >
              <div className="text-sm">
                <Link to={`/admin/products/${i.id}`} className="font-semibold text-brand-700 underline">
                  {i.name}
                </Link>
                <p className="text-slate-600">{i.sku}</p>
              </div>
              <p className={`tabular text-sm font-bold ${i.stock <= 0 ? "text-danger-700" : "text-slate-900"}`}>
                {i.stock <= 0 ? "Out of stock" : `${i.stock} left`}{" "}
                <span className="font-normal text-slate-600">(threshold {i.threshold})</span>
              </p>
              <ProductThreshold item={i} max={maxThreshold} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
