import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";
import { LINE_COLUMNS, PRODUCT_COLUMNS } from "~/.server/catalog/csv/columns";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/.server/catalog/csv/read";
import { getDb } from "~/.server/db/instance";
import { applyRowLimit } from "~/.server/flows/catalog-import/apply";
import {
  applyStaged,
  dryRunImport,
  type ImportApplyLine,
  type ImportView,
} from "~/.server/flows/catalog-import/import-form";
import { formAction } from "~/.server/http/form-action";
import { actorOf, formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { type Column, DataTable } from "~/components/ui/data-table";
import { FormMessage } from "~/components/ui/form-message";
import { useReplyToast } from "~/components/use-reply-toast";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { FLAVOR_CLASS_VALUES, PRODUCT_CLASS_VALUES } from "~/lib/compliance/vocabulary";
import type { FormReply } from "~/lib/form-reply";
import { intentOf } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import * as LINE_IMPORT_MESSAGES from "~/lib/messages/line-import";
import { MB, type RouteHandle } from "~/lib/route-policy";
import { importApplySchema, importDryRunSchema } from "~/lib/schemas/catalog-import";
import type { Route } from "./+types/import";

/**
 * Catalog import (issue 17): a product CSV, keyed by SKU. The file is posted once, for its dry run
 * (nothing is written to the catalog; the file is staged for its Apply). Apply posts the staged
 * id with the dry run's digest and writes the file in one transaction, unless the catalog moved
 * since (then it answers with the new dry run). With JavaScript, Apply goes to /admin/import/apply,
 * which streams how many rows are written.
 */
// Past the file limit so that an oversized file gets the import's own message, not a bare 413.
export const handle: RouteHandle = { bodyLimitBytes: 60 * MB, maxFields: 10 };

export function meta() {
  return [{ title: "Import products" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return {
    columns: [...LINE_COLUMNS, ...PRODUCT_COLUMNS.map((c) => c.header)],
    choices: BACK_OFFICE_MESSAGES.importChoices(CATEGORY_SLUGS, PRODUCT_CLASS_VALUES, FLAVOR_CLASS_VALUES),
    maxMegabytes: MAX_IMPORT_BYTES / MB,
    writeLimit: applyRowLimit(getDb()),
    maxRows: MAX_IMPORT_ROWS,
  };
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const actor = actorOf(context);
  // The one form contract (issue 37): each post read with its schema; the file is read apart (not a form value).
  return intentOf(form) === "apply"
    ? formAction(form, importApplySchema, (input) => applyStaged(input, actor), { fields: [] })
    : formAction(form, importDryRunSchema, () => dryRunImport(form, actor), { fields: [] });
}

type Progress = { done: number; total: number };

/**
 * Apply with its progress: posts the form to /admin/import/apply and reads the lines it streams.
 * `reply` is the apply's answer once it has come, until `reset` (a new dry run) clears it.
 */
function useStreamedApply() {
  const [applying, setApplying] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [reply, setReply] = useState<FormReply<ImportView> | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const revalidator = useRevalidator();
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (form: FormData) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setApplying(true);
      setProgress(null);
      setReply(null);
      let answer: FormReply<ImportView> | null = null;
      try {
        const response = await fetch("/admin/import/apply", {
          method: "POST",
          body: form,
          signal: controller.signal,
          headers: { Accept: "application/x-ndjson" },
        });
        if (!response.ok || !response.body) {
          // Refused before the apply began (no file, not a CSV, signed out): the store's own words.
          const body = (await response.json().catch(() => null)) as FormReply<ImportView> | null;
          // Without the store's own answer (a proxy's error page), whether it applied is not known.
          answer =
            body?.ok === false && body.message
              ? body
              : { ok: false, message: BACK_OFFICE_MESSAGES.importConnectionLost };
        } else {
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffered = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (value) buffered += value;
            let newline = buffered.indexOf("\n");
            while (newline !== -1) {
              const line = JSON.parse(buffered.slice(0, newline)) as ImportApplyLine;
              buffered = buffered.slice(newline + 1);
              if ("progress" in line) setProgress(line.progress);
              else answer = line.reply;
              newline = buffered.indexOf("\n");
            }
            if (done) break;
          }
          if (!answer) answer = { ok: false, message: BACK_OFFICE_MESSAGES.importConnectionLost };
        }
      } catch {
        if (controller.signal.aborted) return;
        answer = { ok: false, message: BACK_OFFICE_MESSAGES.importConnectionLost };
      }
      if (controller.signal.aborted) return;
      setReply(answer);
      setApplying(false);
      setProgress(null);
      if (answer.ok) revalidator.revalidate();
    },
    [revalidator],
  );

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    setApplying(false);
    setProgress(null);
    setReply(null);
  }, []);

  return { applying, progress, reply, start, reset };
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

/** One change of a field, as a row of the changed products' table (the row and SKU on its first). */
interface ChangeRow {
  key: string;
  row: number | null;
  sku: string;
  field: string;
  before: string;
  after: string;
}

const rowColumn = <R extends { row: number | null }>(): Column<R> => ({
  key: "row",
  header: "Row",
  numeric: true,
  cell: (r) => r.row ?? "",
});
const skuColumn = <R extends { sku: string }>(): Column<R> => ({
  key: "sku",
  header: "SKU",
  cell: (r) => r.sku || "—",
  className: "whitespace-nowrap",
});
const changeColumns: Column<ChangeRow>[] = [
  rowColumn(),
  skuColumn(),
  { key: "field", header: "Field", cell: (c) => c.field },
  { key: "before", header: "Now", cell: (c) => c.before || "—", className: "max-w-64 break-words text-slate-600" },
  {
    key: "after",
    header: "After import",
    cell: (c) => c.after || "—",
    className: "max-w-64 break-words font-semibold",
  },
];

/** The dry run's tables, each on the back office's one table (DataTable): refused rows with their reasons first. */
function PlanTables({ plan }: { plan: ImportView }) {
  const changes: ChangeRow[] = plan.changed.flatMap((c) =>
    c.changes.map((ch, i) => ({
      key: `${c.row}-${ch.field}`,
      row: i === 0 ? c.row : null,
      sku: i === 0 ? c.sku : "",
      field: ch.field,
      before: ch.before,
      after: ch.after,
    })),
  );
  const lineChanges = plan.lines.flatMap((l) =>
    l.isNew
      ? [{ key: l.handle, handle: l.handle, name: l.name, what: "New line", before: "", after: "" }]
      : l.changes.map((ch) => ({
          key: `${l.handle}-${ch.field}`,
          handle: l.handle,
          name: l.name,
          what: ch.field,
          before: ch.before,
          after: ch.after,
        })),
  );
  return (
    <div className="flex flex-col gap-6">
      <PlanSection
        id="refused-title"
        title="Refused rows"
        danger
        shown={plan.refused.length}
        total={plan.counts.refused}
      >
        <DataTable
          caption="Refused rows, with why"
          rows={plan.refused}
          rowKey={(r) => String(r.row)}
          empty={null}
          columns={[
            rowColumn(),
            skuColumn(),
            {
              key: "reasons",
              header: "Reason",
              cell: (r) => r.reasons.map((reason) => <p key={reason}>{reason}</p>),
            },
          ]}
        />
      </PlanSection>
      <PlanSection id="lines-title" title="Lines" shown={plan.lines.length} total={plan.counts.lines}>
        <DataTable
          caption="Lines the import makes or changes"
          rows={lineChanges}
          rowKey={(l) => l.key}
          empty={null}
          columns={[
            { key: "handle", header: "Line", cell: (l) => l.handle, className: "whitespace-nowrap" },
            { key: "name", header: "Name", cell: (l) => l.name },
            { key: "what", header: "Field", cell: (l) => l.what },
            { key: "before", header: "Now", cell: (l) => l.before || "—", className: "text-slate-600" },
            { key: "after", header: "After import", cell: (l) => l.after || "—", className: "font-semibold" },
          ]}
        />
      </PlanSection>
      <PlanSection id="changed-title" title="Changed products" shown={plan.changed.length} total={plan.counts.changed}>
        <DataTable
          caption="Changed products, field by field"
          rows={changes}
          rowKey={(c) => c.key}
          empty={null}
          columns={changeColumns}
        />
      </PlanSection>
      <RowsSection id="added-title" title="New products" rows={plan.added} total={plan.counts.added} />
      <RowsSection id="deleted-title" title="Deleted products" rows={plan.deleted} total={plan.counts.deleted} />
    </div>
  );
}

/** One table of the dry run, when it has rows: a heading, the table, and how many more there are. */
function PlanSection({
  id,
  title,
  danger = false,
  shown,
  total,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  shown: number;
  total: number;
  children: React.ReactNode;
}) {
  if (shown === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={`text-lg font-bold ${danger ? "text-danger-700" : "text-slate-900"}`}>
        {title}
      </h3>
      <div className="mt-2 rounded-lg border border-slate-200 bg-white">{children}</div>
      <More shown={shown} total={total} />
    </section>
  );
}

/** Rows of the dry run that add or delete a product: row number, SKU and name (and a new variant's line). */
function RowsSection({
  id,
  title,
  rows,
  total,
}: {
  id: string;
  title: string;
  rows: { row: number; sku: string; name: string; line?: string }[];
  total: number;
}) {
  return (
    <PlanSection id={id} title={title} shown={rows.length} total={total}>
      <DataTable
        caption={title}
        rows={rows}
        rowKey={(r) => String(r.row)}
        empty={null}
        columns={[
          rowColumn(),
          skuColumn(),
          { key: "name", header: "Name", cell: (r) => r.name },
          { key: "line", header: "Line", cell: (r) => r.line ?? "—", className: "whitespace-nowrap" },
        ]}
      />
    </PlanSection>
  );
}

export default function ImportProducts({ loaderData }: Route.ComponentProps) {
  const actionData = useSettledActionData<typeof action>() as FormReply<ImportView> | undefined;
  const fetcher = useFetcher<FormReply<ImportView>>();
  const streamed = useStreamedApply();
  const [tooLarge, setTooLarge] = useState(false);
  // The latest answer: a streamed Apply's, else the dry run's, else a post made before JavaScript ran.
  const reply: FormReply<ImportView> | undefined = streamed.reply ?? fetcher.data ?? actionData;
  // An Apply that failed without a new dry run (the connection dropped) leaves the one it applied.
  const plan = reply?.data ?? (streamed.reply ? (fetcher.data ?? actionData)?.data : undefined);
  const applying = streamed.applying;
  const busy = fetcher.state !== "idle" || streamed.applying;
  const progress = streamed.progress;
  const writes = plan ? plan.counts.added + plan.counts.changed + plan.counts.deleted + plan.counts.lines : 0;
  // More than the built-in database writes in one Apply: the dry run says so, and offers no Apply.
  const overLimit = !!plan && !plan.applied && plan.writeLimit !== null && writes > plan.writeLimit;
  const canApply = !!plan && !plan.applied && writes > 0 && !overLimit && plan.stagedId !== null;

  // A refused file or Apply is said on the page, beside the plan.
  useReplyToast(reply, { error: false });

  return (
    <section aria-labelledby="import-title" className="flex flex-col gap-5">
      <div>
        <h2 id="import-title" className="text-xl font-bold text-slate-900">
          Import products
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Upload a CSV file with one variant per row and these columns:{" "}
          <span className="font-mono">{loaderData.columns.join(", ")}</span>, and optionally{" "}
          <span className="font-mono">delete</span> ("yes" deletes the product). Rows are matched by SKU: new SKUs are
          added, known ones updated, and a file with only some columns changes only those. Nothing is written until you
          apply the dry run. At most {loaderData.maxMegabytes} MB.{" "}
          <a href="/admin/products/export.csv" className="font-semibold text-brand-700 underline">
            Download the current catalog
          </a>{" "}
          to start from.
        </p>
        {loaderData.writeLimit !== null ? (
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            {BACK_OFFICE_MESSAGES.importEmbeddedDatabaseLimit(loaderData.writeLimit, loaderData.maxRows)}
          </p>
        ) : null}
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{LINE_IMPORT_MESSAGES.importLinesHelp}</p>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{loaderData.choices}</p>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{BACK_OFFICE_MESSAGES.importTiersFormat}</p>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{BACK_OFFICE_MESSAGES.importImageUrlsReadOnly}</p>
      </div>
      <fetcher.Form
        id="import-form"
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          const input = e.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const big = (input?.files?.[0]?.size ?? 0) > loaderData.maxMegabytes * MB;
          setTooLarge(big);
          if (big) e.preventDefault();
          else streamed.reset();
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
        <Button type="submit" name="intent" value="dry-run" variant="secondary" disabled={busy}>
          Dry run
        </Button>
      </fetcher.Form>
      {tooLarge ? (
        <FormMessage tone="error">{IMPORT_MESSAGES.importTooLarge(loaderData.maxMegabytes)}</FormMessage>
      ) : null}
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
              // The file is not posted again: its dry run staged it. With JavaScript, Apply streams
              // its progress from its own request; without, the page's action applies it.
              <Form
                method="post"
                onSubmit={(e) => {
                  e.preventDefault();
                  void streamed.start(new FormData(e.currentTarget));
                }}
              >
                <input type="hidden" name="intent" value="apply" />
                <input type="hidden" name="staged" value={plan.stagedId ?? ""} />
                <input type="hidden" name="digest" value={plan.digest} />
                <Button type="submit" disabled={busy}>
                  Apply
                </Button>
              </Form>
            ) : null}
          </div>
          {plan.applied && reply?.message ? <FormMessage tone="success">{reply.message}</FormMessage> : null}
          {overLimit && plan.writeLimit !== null && !(reply && !reply.ok && reply.message) ? (
            <FormMessage tone="error">{IMPORT_MESSAGES.importTooManyWrites(writes, plan.writeLimit)}</FormMessage>
          ) : null}
          {!plan.applied && !canApply && !overLimit ? (
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
