import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { describeExciseScope, describeRate, owedByLabel, placeOf } from "~/lib/excise/describe";
import type { ExciseRule } from "~/lib/excise/engine";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";

function when(rule: ExciseRule): string {
  return rule.effectiveUntil ? `${rule.effectiveFrom} to ${rule.effectiveUntil}` : `From ${rule.effectiveFrom}`;
}

/** One tax rule of /admin/taxes: where, what, the rate, who owes it, the invoice's words; Edit and Enable or Disable. */
export function TaxRuleCard({ rule }: { rule: ExciseRule }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={rule.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{rule.name}</p>
        <div className="flex flex-wrap gap-1">
          {rule.example ? <Badge tone="info">Example</Badge> : null}
          {rule.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">Where</dt>
        <dd className="text-slate-900">{placeOf(rule)}</dd>
        <dt className="font-medium text-slate-600">Covers</dt>
        <dd className="text-slate-900">{describeExciseScope(rule.scope)}</dd>
        <dt className="font-medium text-slate-600">Rate</dt>
        <dd className="text-slate-900">{describeRate(rule.method, rule.rateMicros)}</dd>
        <dt className="font-medium text-slate-600">When</dt>
        <dd className="text-slate-900">{when(rule)}</dd>
        <dt className="font-medium text-slate-600">Owed by</dt>
        <dd className="text-slate-900">{owedByLabel(rule.owedBy)}</dd>
        <dt className="font-medium text-slate-600">Invoice reads</dt>
        <dd className="text-slate-900">{rule.wording}</dd>
        {rule.source ? (
          <>
            <dt className="font-medium text-slate-600">Source</dt>
            <dd className="break-words text-slate-900">
              {rule.source}
              {rule.sourceDate ? ` (${rule.sourceDate})` : ""}
            </dd>
          </>
        ) : null}
      </dl>
      {rule.example ? <p className="mt-2 text-xs text-slate-600">{EXCISE_MESSAGES.exampleNotTaxAdvice}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={`/admin/taxes?edit=${rule.id}#tax-rule-form`} variant="secondary" preventScrollReset>
          Edit<span className="sr-only"> {rule.name}</span>
        </ButtonLink>
        <Form method="post">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={rule.id} />
          <input type="hidden" name="enabled" value={rule.enabled ? "0" : "1"} />
          <Button type="submit" variant={rule.enabled ? "secondary" : "primary"}>
            {rule.enabled ? "Disable" : "Enable"}
            <span className="sr-only"> {rule.name}</span>
          </Button>
        </Form>
      </div>
    </li>
  );
}
