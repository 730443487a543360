import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  applyImport,
  type ImportPlan,
  MAX_IMPORT_BYTES,
  PRODUCT_COLUMNS,
  planImport,
  readProductsCsv,
} from "~/.server/catalog/csv";
import { trackImportProgress } from "~/.server/catalog/import-progress";
import { getDb } from "~/.server/db/instance";
import { replyError, replyOk } from "~/.server/forms";
import { intentOf } from "~/.server/http";
import { log } from "~/.server/log";
import { actorOf, formOf } from "~/.server/request-context";
import { notify } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import type { FormReply } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { MB, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/import";

/**
 * Catalog import (issue 17): a product CSV, keyed by SKU. The first post is a dry run (nothing is
 * written); Apply posts the same file again with the dry run's digest and writes it in one
 * transaction, unless the catalog moved since (then it answers with the new dry run).
 */
// Past the file limit so that an oversized file gets the import's own message, not a bare 413.
export const handle: RouteHandle = { bodyLimitBytes: 60 * MB, maxFields: 10 };

/** How many entries of each list the page shows (the counts are always whole). */
const SHOWN = 200;

export interface ImportView {
  fileName: string;
  digest: string;
  counts: { added: number; changed: number; deleted: number; unchanged: number; refused: number };
  added: ImportPlan["added"];
  changed: ImportPlan["changed"];
  deleted: ImportPlan["deleted"];
  refused: ImportPlan["refused"];
  applied: boolean;
}

function view(plan: ImportPlan, fileName: string, applied: boolean): ImportView {
  return {
    fileName,
    digest: plan.digest,
    counts: {
      added: plan.added.length,
      changed: plan.changed.length,
      deleted: plan.deleted.length,
      unchanged: plan.unchanged,
      refused: plan.refused.length,
    },
    added: plan.added.slice(0, SHOWN),
    changed: plan.changed.slice(0, SHOWN),
    deleted: plan.deleted.slice(0, SHOWN),
    refused: plan.refused.slice(0, SHOWN),
    applied,
  };
}

export function meta() {
  return [{ title: "Import products" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return { columns: PRODUCT_COLUMNS.map((c) => c.header), maxMegabytes: MAX_IMPORT_BYTES / MB };
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0)
    return replyError({ message: BACK_OFFICE_MESSAGES.importChooseFile });
  if (file.size > MAX_IMPORT_BYTES)
    return replyError({ message: MESSAGES.importTooLarge(MAX_IMPORT_BYTES / MB) }, { status: 413 });
  const read = readProductsCsv(new Uint8Array(await file.arrayBuffer()));
  if (!read.ok) return replyError({ message: read.error }, { status: 422 });
  const db = getDb();
  const fileName = file.name.slice(0, 200);
  if (intentOf(form) !== "apply")
    return replyOk<ImportView>(undefined, view(await planImport(db, read), fileName, false));
  const digest = form.get("digest");
  if (typeof digest !== "string" || !/^[a-f0-9]{64}$/.test(digest))
    return replyError({ message: BACK_OFFICE_MESSAGES.importChooseFile });
  try {
    const progressId = form.get("progress");
    const { plan, applied } = await trackImportProgress(
      typeof progressId === "string" ? progressId : null,
      (onProgress) => applyImport(db, read, digest, actorOf(context), { onProgress }),
    );
    if (!applied)
      return replyError<ImportView>(
        { message: MESSAGES.importCatalogChanged },
        { status: 409, data: view(plan, fileName, false) },
      );
    return replyOk<ImportView>(
      BACK_OFFICE_MESSAGES.importApplied({
        added: plan.added.length,
        changed: plan.changed.length,
        deleted: plan.deleted.length,
      }),
      view(plan, fileName, true),
    );
  } catch (error) {
    // Another write came between the dry run and Apply (a SKU added, a product edited): nothing was kept.
    log.warn({ err: error }, "catalog import failed; rolled back");
    const plan = await planImport(db, read);
    return replyError<ImportView>(
      { message: MESSAGES.importCatalogChanged },
      { status: 409, data: view(plan, fileName, false) },
    );
  }
}

/** How often the page asks how far an Apply has got. */
const POLL_MS = 500;

/** A name for one Apply, so that the page can ask the server how far it has got. */
function newProgressId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * While the Apply `id` runs, asks /admin/import/progress how many rows it has written; null until
 * the server says, and whenever it does not know the import (another app server answered).
 */
function useApplyProgress(id: string | null): { done: number; total: number } | null {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const response = await fetch(`/admin/import/progress?id=${encodeURIComponent(id)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        const body = response.ok ? ((await response.json()) as { progress?: unknown }) : null;
        const p = body?.progress as { done?: unknown; total?: unknown } | null | undefined;
        if (!stopped)
          setProgress(
            p && typeof p.done === "number" && typeof p.total === "number" ? { done: p.done, total: p.total } : null,
          );
      } catch {
        // A failed poll leaves the bar as it is; the apply's own answer still comes.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [id]);
  return progress;
}

function Count({ n, label, tone }: { n: number; label: string; tone: string }) {
  return (
    <div className={`rounded-lg border bg-white p-3 ${tone}`}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="tabular mt-1 text-xl font-bold text-slate-900">{n.toLocaleString("en-US")}</dd>
    </div>
  );
}

function More({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="mt-2 text-sm text-slate-600">
      Showing the first {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")}.
    </p>
  );
}

const th = "px-3 py-2 text-left font-semibold text-slate-700";
const td = "px-3 py-2 align-top";

function PlanTables({ plan }: { plan: ImportView }) {
  return (
    <div className="flex flex-col gap-6">
      {plan.refused.length ? (
        <PlanSection
          id="refused-title"
          title="Refused rows"
          danger
          headers={["Row", "SKU", "Reason"]}
          shown={plan.refused.length}
          total={plan.counts.refused}
        >
          {plan.refused.map((r) => (
            <tr key={r.row}>
              <td className={`${td} tabular`}>{r.row}</td>
              <td className={`${td} whitespace-nowrap`}>{r.sku || "—"}</td>
              <td className={td}>
                {r.reasons.map((reason) => (
                  <p key={reason}>{reason}</p>
                ))}
              </td>
            </tr>
          ))}
        </PlanSection>
      ) : null}
      {plan.changed.length ? (
        <PlanSection
          id="changed-title"
          title="Changed products"
          headers={["Row", "SKU", "Field", "Now", "After import"]}
          shown={plan.changed.length}
          total={plan.counts.changed}
        >
          {plan.changed.flatMap((c) =>
            c.changes.map((ch, i) => (
              <tr key={`${c.row}-${ch.field}`}>
                <td className={`${td} tabular`}>{i === 0 ? c.row : ""}</td>
                <td className={`${td} whitespace-nowrap`}>{i === 0 ? c.sku : ""}</td>
                <td className={td}>{ch.field}</td>
                <td className={`${td} max-w-64 break-words text-slate-600`}>{ch.before || "—"}</td>
                <td className={`${td} max-w-64 break-words font-semibold`}>{ch.after || "—"}</td>
              </tr>
            )),
          )}
        </PlanSection>
      ) : null}
      <RowsSection id="added-title" title="New products" rows={plan.added} total={plan.counts.added} />
      <RowsSection id="deleted-title" title="Deleted products" rows={plan.deleted} total={plan.counts.deleted} />
    </div>
  );
}

/** One table of the dry run: a heading, the column names, the rows given, and how many more there are. */
function PlanSection({
  id,
  title,
  danger = false,
  headers,
  shown,
  total,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  headers: string[];
  shown: number;
  total: number;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={`text-lg font-bold ${danger ? "text-danger-700" : "text-slate-900"}`}>
        {title}
      </h3>
      <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-50">
            <tr>
              {headers.map((h) => (
                <th key={h} className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
      <More shown={shown} total={total} />
    </section>
  );
}

/** Rows of the dry run that add or delete a product: row number, SKU and name. */
function RowsSection({
  id,
  title,
  rows,
  total,
}: {
  id: string;
  title: string;
  rows: { row: number; sku: string; name: string }[];
  total: number;
}) {
  if (rows.length === 0) return null;
  return (
    <PlanSection id={id} title={title} headers={["Row", "SKU", "Name"]} shown={rows.length} total={total}>
      {rows.map((r) => (
        <tr key={r.row}>
          <td className={`${td} tabular`}>{r.row}</td>
          <td className={`${td} whitespace-nowrap`}>{r.sku}</td>
          <td className={td}>{r.name}</td>
        </tr>
      ))}
    </PlanSection>
  );
}

export default function ImportProducts({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<FormReply<ImportView>>();
  const formRef = useRef<HTMLFormElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const reply = fetcher.data;
  const plan = reply?.data;
  const busy = fetcher.state !== "idle";
  const applying = busy && fetcher.formData?.get("intent") === "apply";
  const sentId = applying ? fetcher.formData?.get("progress") : null;
  const progress = useApplyProgress(typeof sentId === "string" ? sentId : null);
  const canApply = !!plan && !plan.applied && plan.counts.added + plan.counts.changed + plan.counts.deleted > 0;

  useEffect(() => {
    if (reply?.ok && reply.message) notify("success", reply.message);
  }, [reply]);

  return (
    <section aria-labelledby="import-title" className="flex flex-col gap-5">
      <div>
        <h2 id="import-title" className="text-xl font-bold text-slate-900">
          Import products
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Upload a CSV file with one product per row and these columns:{" "}
          <span className="font-mono">{loaderData.columns.join(", ")}</span>, and optionally{" "}
          <span className="font-mono">delete</span> ("yes" deletes the product). Rows are matched by SKU: new SKUs are
          added, known ones updated, and a file with only some columns changes only those. Nothing is written until you
          apply the dry run. At most {loaderData.maxMegabytes} MB.{" "}
          <a href="/admin/products/export.csv" className="font-semibold text-brand-700 underline">
            Download the current catalog
          </a>{" "}
          to start from.
        </p>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{BACK_OFFICE_MESSAGES.importTiersFormat}</p>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{BACK_OFFICE_MESSAGES.importImageUrlsReadOnly}</p>
      </div>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          const input = e.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const big = (input?.files?.[0]?.size ?? 0) > loaderData.maxMegabytes * MB;
          setTooLarge(big);
          if (big) e.preventDefault();
        }}
      >
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          Product CSV file
          <input
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            onChange={() => setTooLarge(false)}
            className="min-h-11 rounded-md border border-slate-300 bg-white p-2 text-sm"
          />
        </label>
        {plan ? <input type="hidden" name="digest" value={plan.digest} /> : null}
        <Button type="submit" name="intent" value="dry-run" variant="secondary" disabled={busy}>
          Dry run
        </Button>
      </fetcher.Form>
      {tooLarge ? <FormMessage tone="error">{MESSAGES.importTooLarge(loaderData.maxMegabytes)}</FormMessage> : null}
      {busy ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="import-progress" className="text-sm font-medium text-slate-700">
            {applying
              ? progress
                ? BACK_OFFICE_MESSAGES.importApplyingProgress(progress.done, progress.total)
                : BACK_OFFICE_MESSAGES.importApplying
              : BACK_OFFICE_MESSAGES.importReading}
          </label>
          {applying && progress && progress.total > 0 ? (
            <progress
              id="import-progress"
              className="h-2 w-full accent-brand-700"
              max={progress.total}
              value={progress.done}
            />
          ) : (
            <progress id="import-progress" className="h-2 w-full accent-brand-700" />
          )}
        </div>
      ) : null}
      {reply && !reply.ok && reply.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      {plan ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-lg font-bold text-slate-900">
              {plan.applied ? "Imported" : "Dry run"}: {plan.fileName}
            </h3>
            {canApply ? (
              <Button
                type="button"
                disabled={busy}
                onClick={() => {
                  const form = formRef.current;
                  if (!form) return;
                  const data = new FormData(form);
                  data.set("intent", "apply");
                  data.set("progress", newProgressId());
                  fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
                }}
              >
                Apply
              </Button>
            ) : null}
          </div>
          {plan.applied && reply?.message ? <FormMessage tone="success">{reply.message}</FormMessage> : null}
          {!plan.applied && !canApply ? (
            <FormMessage tone="info">{BACK_OFFICE_MESSAGES.importNothingToApply}</FormMessage>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="What the import does">
            <Count n={plan.counts.added} label="New" tone="border-slate-200" />
            <Count n={plan.counts.changed} label="Changed" tone="border-slate-200" />
            <Count n={plan.counts.deleted} label="Deleted" tone="border-slate-200" />
            <Count n={plan.counts.unchanged} label="Unchanged" tone="border-slate-200" />
            <Count
              n={plan.counts.refused}
              label="Refused"
              tone={plan.counts.refused ? "border-danger-600" : "border-slate-200"}
            />
          </dl>
          <PlanTables plan={plan} />
        </div>
      ) : null}
    </section>
  );
}
