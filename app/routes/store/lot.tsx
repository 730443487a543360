import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findPublishedLot } from "~/.server/inventory/lot-admin";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/lot";

/**
 * A lot's public page (issue 39), where its labels' QR codes lead: the product, the batch, the
 * expiry, the THC per container and the lab report, for a published lot only. An unknown code and
 * an unpublished lot get the same 404, so codes cannot be probed. No price, no cost, no supplier.
 * Not kept in the visitor cache: a recall must show at once, and a lot changes no catalog version.
 */
export function meta({ loaderData: lot, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!lot) return [{ title: INVENTORY_MESSAGES.lotPageNotFound }, { name: "robots", content: "noindex" }];
  return seo({
    title: INVENTORY_MESSAGES.lotPageTitle(lot.code, lot.name),
    description: INVENTORY_MESSAGES.lotPageDescription(lot.code, lot.name, lot.sku),
    path: `/lots/${encodeURIComponent(lot.code)}`,
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

/** A lot code as the back office takes them: 1 to 40 characters (lib/schemas/inventory.ts). */
const MAX_CODE_LENGTH = 40;

export async function loader({ params }: Route.LoaderArgs) {
  const code = params.code ?? "";
  const lot = code.length === 0 || code.length > MAX_CODE_LENGTH ? null : await findPublishedLot(getDb(), code);
  if (!lot) throw data(INVENTORY_MESSAGES.lotPageNotFound, { status: 404 });
  // Field by field: the report's storage key and type stay on the server.
  return {
    code: lot.code,
    name: lot.name,
    sku: lot.sku,
    batchDate: lot.batchDate,
    expiresOn: lot.expiresOn,
    receivedOn: lot.receivedOn,
    recalled: lot.status === "recalled",
    totalThcUg: lot.totalThcUg,
  };
}

/** Micrograms as milligrams, as the labels print them: "0.25". */
function milligrams(ug: number): string {
  return (ug / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });
}

export default function LotPage({ loaderData: lot }: Route.ComponentProps) {
  const facts: [string, string][] = [
    ["SKU", lot.sku],
    ["Lot code", lot.code],
    ["Batch date", lot.batchDate ?? INVENTORY_MESSAGES.lotNotStated],
    ["Expires", lot.expiresOn ?? INVENTORY_MESSAGES.lotNotStated],
    ["Received", lot.receivedOn],
    [
      "Total THC (delta-9 + THCA)",
      lot.totalThcUg === null
        ? INVENTORY_MESSAGES.lotNotStated
        : INVENTORY_MESSAGES.lotThcMg(milligrams(lot.totalThcUg)),
    ],
  ];
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {INVENTORY_MESSAGES.labelLot(lot.code)}
      </p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">{lot.name}</h1>
      <p className="mt-2 text-slate-700">{INVENTORY_MESSAGES.lotPageIntro}</p>
      {lot.recalled ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-danger-600 bg-danger-50 px-3 py-2 font-semibold text-danger-700"
        >
          {INVENTORY_MESSAGES.lotRecalledNotice(lot.code)}
        </p>
      ) : null}
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd className="tabular text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6">
          <a
            href={`/lots/${encodeURIComponent(lot.code)}/report`}
            target="_blank"
            rel="noopener"
            className="font-semibold text-brand-700 underline"
          >
            {INVENTORY_MESSAGES.lotReportLink(lot.code)}
          </a>
        </p>
      </section>
    </article>
  );
}
