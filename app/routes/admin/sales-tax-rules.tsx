import { getDb } from "~/.server/db/instance";
import { replyError } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { isRuleBookIntent, ruleBookAction, ruleBookPageData } from "~/.server/rule-book/admin-action";
import { TAXABILITY_RULES } from "~/.server/tax/taxability-rules";
import { RuleBookPage } from "~/components/admin/rule-book/rule-book-page";
import { TaxabilityRuleCard } from "~/components/admin/sales-tax/taxability-rule-card";
import { TaxabilityRuleForm } from "~/components/admin/sales-tax/taxability-rule-form";
import { TaxesNav } from "~/components/admin/taxes-nav";
import { intentOf } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { taxabilityRuleSchema } from "~/lib/schemas/sales-tax-rules";
import type { Route } from "./+types/sales-tax-rules";

export function meta() {
  return [{ title: "Sales tax taxability" }, { name: "robots", content: "noindex" }];
}

/** The taxability rules (a few dozen at most) and the one being edited. */
export async function loader({ url }: Route.LoaderArgs) {
  return ruleBookPageData(getDb(), TAXABILITY_RULES, url);
}

/** Enable or Disable a taxability rule, or save one: the rule-book's actions with this kind's schema and words. */
export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const intent = intentOf(form);
  if (!isRuleBookIntent(intent)) return replyError({ message: BACK_OFFICE_MESSAGES.chooseWhatToDo });
  return ruleBookAction(
    {
      path: "/admin/sales-tax/rules",
      schema: taxabilityRuleSchema,
      store: TAXABILITY_RULES,
      messages: {
        notFound: TAX_MESSAGES.taxabilityRuleNotFound,
        enabled: TAX_MESSAGES.taxabilityRuleEnabled,
        disabled: TAX_MESSAGES.taxabilityRuleDisabled,
        saved: (added) => (added ? TAX_MESSAGES.taxabilityRuleAdded : TAX_MESSAGES.taxabilityRuleSaved),
      },
    },
    { db: getDb(), form, intent, actor: actorOf(context) },
  );
}

export default function AdminSalesTaxRules({ loaderData }: Route.ComponentProps) {
  const { rules, editing, today } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <TaxesNav />
      <RuleBookPage
        id="taxability-title"
        title="Sales tax taxability"
        intro={TAX_MESSAGES.taxabilityIntro}
        rules={rules}
        exampleNotice={EXCISE_MESSAGES.exampleNotTaxAdvice}
        listLabel="Taxability rules"
        empty={TAX_MESSAGES.noTaxabilityRules}
        card={(r) => <TaxabilityRuleCard rule={r} />}
        form={<TaxabilityRuleForm editing={editing} today={today} />}
      />
    </div>
  );
}
