import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import type { Rule } from "~/lib/compliance/engine";
import { describeEffect, describeScope } from "~/lib/compliance/rules";

function where(rule: Rule): string {
  if (rule.states.length === 0) return "All destinations";
  return `${rule.states.join(", ")}${rule.zips.length ? ` (ZIP ${rule.zips.join(", ")})` : ""}`;
}

function when(rule: Rule): string {
  return rule.effectiveUntil ? `${rule.effectiveFrom} to ${rule.effectiveUntil}` : `From ${rule.effectiveFrom}`;
}

/** One rule of the admin's list: what it covers, where, when, its effect and words; Edit and Enable or Disable. */
export function RuleCard({ rule }: { rule: Rule }) {
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
        <dt className="font-medium text-slate-600">Covers</dt>
        <dd className="text-slate-900">{describeScope(rule.scope)}</dd>
        <dt className="font-medium text-slate-600">Where</dt>
        <dd className="text-slate-900">{where(rule)}</dd>
        <dt className="font-medium text-slate-600">When</dt>
        <dd className="text-slate-900">{when(rule)}</dd>
        <dt className="font-medium text-slate-600">Effect</dt>
        <dd className="text-slate-900">{describeEffect(rule)}</dd>
        <dt className="font-medium text-slate-600">Buyer reads</dt>
        <dd className="text-slate-900">
          {rule.reason} <span className="text-slate-600">({rule.label})</span>
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={`/admin/compliance?edit=${rule.id}#rule-form`} variant="secondary" preventScrollReset>
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
