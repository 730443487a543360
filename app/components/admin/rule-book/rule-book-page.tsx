import { Fragment, type ReactNode } from "react";
import { FormMessage } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { BookRule } from "~/lib/rule-book/book";
import type { RuleBookReply } from "./rule-form";

/**
 * A rule-book's admin page (decision 0045): the title with the count, the intro, the example
 * notice when an example rule is listed, a refused Enable, then the list of cards beside the form
 * (one column on a phone). `before` goes above the list (compliance: the "test a sale" box).
 */
export function RuleBookPage<R extends BookRule>({
  id,
  title,
  intro,
  rules,
  exampleNotice,
  listLabel,
  empty,
  card,
  form,
  before,
}: {
  id: string;
  title: string;
  intro: string;
  rules: readonly R[];
  exampleNotice: string;
  listLabel: string;
  /** Said instead of the list when there is no rule (none: an empty list). */
  empty?: string;
  card: (rule: R) => ReactNode;
  form: ReactNode;
  before?: ReactNode;
}) {
  const reply = useSettledActionData<RuleBookReply<string>>();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title} <span className="text-base font-normal text-slate-600">({rules.length})</span>
      </h2>
      <p className="text-sm text-slate-600">{intro}</p>
      {rules.some((r) => r.example) ? <FormMessage tone="info">{exampleNotice}</FormMessage> : null}
      {reply?.data?.intent === "toggle" && !reply.ok && reply.message ? (
        <FormMessage tone="error">{reply.message}</FormMessage>
      ) : null}
      {before}
      <div className="grid gap-4 lg:grid-cols-2">
        {rules.length || !empty ? (
          <ul className="flex flex-col gap-3" aria-label={listLabel}>
            {rules.map((r) => (
              <Fragment key={r.id}>{card(r)}</Fragment>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{empty}</p>
        )}
        {form}
      </div>
    </section>
  );
}
