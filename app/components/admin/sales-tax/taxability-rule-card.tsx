import { RuleBookCard } from "~/components/admin/rule-book/rule-card";
import { stateName } from "~/lib/compliance/vocabulary";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { describeTaxabilitySubject, describeVerdict, type TaxabilityRule } from "~/lib/sales-tax-rules";

/** One taxability rule of /admin/sales-tax/rules: the kit's card, with what it says of its subject. */
export function TaxabilityRuleCard({ rule }: { rule: TaxabilityRule }) {
  return (
    <RuleBookCard
      rule={rule}
      where={stateName(rule.state)}
      covers={describeTaxabilitySubject(rule)}
      lines={[{ term: "Sales tax", detail: describeVerdict(rule.verdict) }]}
      note={rule.example ? EXCISE_MESSAGES.exampleNotTaxAdvice : undefined}
      editTo={{ path: "/admin/sales-tax/rules", formId: "taxability-rule-form" }}
    />
  );
}
