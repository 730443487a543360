import { RuleBookCard } from "~/components/admin/rule-book/rule-card";
import { describeExciseScope, describeRate, owedByLabel } from "~/lib/excise/describe";
import { type ExciseRule, excisePlace } from "~/lib/excise/engine";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { describePlace } from "~/lib/rule-book/place";

/** One tax rule of /admin/taxes: the kit's card, with the rate, who owes it, the invoice's words and the source. */
export function TaxRuleCard({ rule }: { rule: ExciseRule }) {
  return (
    <RuleBookCard
      rule={rule}
      where={describePlace(excisePlace(rule), { names: true })}
      covers={describeExciseScope(rule.scope)}
      lines={[
        { term: "Rate", detail: describeRate(rule.method, rule.rateMicros) },
        { term: "Owed by", detail: owedByLabel(rule.owedBy) },
        { term: "Invoice reads", detail: rule.wording },
        ...(rule.source
          ? [{ term: "Source", detail: `${rule.source}${rule.sourceDate ? ` (${rule.sourceDate})` : ""}` }]
          : []),
      ]}
      note={rule.example ? EXCISE_MESSAGES.exampleNotTaxAdvice : undefined}
      editTo={{ path: "/admin/taxes", formId: "tax-rule-form" }}
    />
  );
}
