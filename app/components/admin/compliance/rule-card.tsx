import { RuleBookCard } from "~/components/admin/rule-book/rule-card";
import type { Rule } from "~/lib/compliance/engine";
import { describeEffect } from "~/lib/compliance/rules";
import { describePlace } from "~/lib/rule-book/place";
import { describeScope } from "~/lib/rule-book/scope";

/** One compliance rule of the admin's list: the kit's card, with the effect and the buyer's words. */
export function RuleCard({ rule }: { rule: Rule }) {
  return (
    <RuleBookCard
      rule={rule}
      where={describePlace(rule)}
      covers={describeScope(rule.scope)}
      lines={[
        { term: "Effect", detail: describeEffect(rule) },
        {
          term: "Buyer reads",
          detail: (
            <>
              {rule.reason} <span className="text-slate-600">({rule.label})</span>
            </>
          ),
        },
      ]}
      editTo={{ path: "/admin/compliance", formId: "rule-form" }}
    />
  );
}
