import { Form, useSearchParams } from "react-router";
import { listAudit } from "~/.server/audit/log";
import { getDb } from "~/.server/db/instance";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { auditFieldLabel, auditValue } from "~/lib/audit";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { formatOrderDate } from "~/lib/orders";
import { pageParam } from "~/lib/schemas/params";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log" }, { name: "robots", content: "noindex" }];
}

const SUBJECTS = [
  { value: "", label: "Everything" },
  { value: "product", label: "Products" },
  { value: "product-line", label: "Product lines" },
  { value: "order", label: "Orders" },
  { value: "user", label: "Users" },
  { value: "business", label: "Businesses" },
  { value: "license", label: "Licenses" },
  { value: "compliance-rule", label: "Compliance rules" },
  { value: "price-group", label: "Price groups" },
  { value: "store", label: "Store settings" },
] as const;

export async function loader({ url }: Route.LoaderArgs) {
  const asked = url.searchParams.get("subject") ?? "";
  const subject = SUBJECTS.some((s) => s.value === asked) ? asked : "";
  const id = (url.searchParams.get("id") ?? "").trim().slice(0, 64);
  const page = pageParam(url.searchParams.get("page"));
  const result = await listAudit(getDb(), { subjectType: subject || null, subjectId: id || null, page });
  return { ...result, subject, id };
}

function Values({ values }: { values: Record<string, unknown> | null }) {
  if (!values || Object.keys(values).length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs">
      {Object.entries(values).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold text-slate-700">{auditFieldLabel(k)}</dt>
          <dd className="wrap-anywhere text-slate-900">{auditValue(k, v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, subject, id } = loaderData;
  const [params] = useSearchParams();
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <h2 id="audit-title" className="text-xl font-bold text-slate-900">
        Audit log <span className="text-base font-normal text-slate-600">({total.toLocaleString("en-US")})</span>
      </h2>
      <p className="text-sm text-slate-600">{BACK_OFFICE_MESSAGES.auditIntro}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <SelectField label="Record type" name="subject" defaultValue={subject} options={SUBJECTS} />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Record number
          <input
            name="id"
            defaultValue={id}
            inputMode="text"
            className="min-h-11 w-40 rounded-md border border-slate-300 bg-white px-3 text-base"
          />
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {BACK_OFFICE_MESSAGES.noEntriesFound}
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {items.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">{e.summary}</p>
                <p className="text-xs text-slate-600">
                  <time dateTime={e.at}>{formatOrderDate(e.at)}</time> · {e.actorName}
                </p>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {e.action} · {e.subjectType} {e.subjectId}
              </p>
              {e.before || e.after ? (
                <div className="mt-3 grid gap-3 sm:grid-cols-2">
                  <div>
                    <p className="mb-1 text-xs font-bold uppercase text-slate-600">Before</p>
                    <Values values={e.before} />
                  </div>
                  <div>
                    <p className="mb-1 text-xs font-bold uppercase text-slate-600">After</p>
                    <Values values={e.after} />
                  </div>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} params={params} label="Audit log pages" />
    </section>
  );
}
