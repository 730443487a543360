import { Fragment, type ReactNode } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import type { BookRule } from "~/lib/rule-book/book";
import { describeDates } from "~/lib/rule-book/dates";

/** A line of a rule's card: a term and what the rule says of it. */
export interface CardLine {
  term: string;
  detail: ReactNode;
}

/**
 * One rule of a rule-book's list (decision 0045): its name and badges (example, enabled), where it
 * reaches, what it covers, when it is in force, then the kind's own lines; Edit (the form at
 * `formId`) and Enable or Disable.
 */
export function RuleBookCard({
  rule,
  where,
  covers,
  lines,
  note,
  editTo,
}: {
  rule: BookRule;
  where: string;
  covers: string;
  lines: readonly CardLine[];
  /** A line under the details (an example's notice). */
  note?: string | undefined;
  /** The page and its form, where Edit leads (`?edit=<id>` is added). */
  editTo: { path: string; formId: string };
}) {
  const all: CardLine[] = [
    { term: "Where", detail: where },
    { term: "Covers", detail: covers },
    { term: "When", detail: describeDates(rule) },
    ...lines,
  ];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={rule.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{rule.name}</p>
        <div className="flex flex-wrap gap-1">
          {rule.example ? <Badge tone="info">Example</Badge> : null}
          {rule.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {all.map((line) => (
          <Fragment key={line.term}>
            <dt className="font-medium text-slate-600">{line.term}</dt>
            <dd className="wrap-anywhere text-slate-900">{line.detail}</dd>
          </Fragment>
        ))}
      </dl>
      {note ? <p className="mt-2 text-xs text-slate-600">{note}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={`${editTo.path}?edit=${rule.id}#${editTo.formId}`} variant="secondary" preventScrollReset>
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
