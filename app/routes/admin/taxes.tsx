import { getDb } from "~/.server/db/instance";
import { EXCISE_RULES } from "~/.server/excise/rules";
import { replyError } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { isRuleBookIntent, ruleBookAction, ruleBookPageData } from "~/.server/rule-book/admin-action";
import { TaxRuleCard } from "~/components/admin/excise/tax-rule-card";
import { TaxRuleForm } from "~/components/admin/excise/tax-rule-form";
import { RuleBookPage } from "~/components/admin/rule-book/rule-book-page";
import { TaxesNav } from "~/components/admin/taxes-nav";
import { intentOf } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { taxRuleSchema } from "~/lib/schemas/excise";
import type { Route } from "./+types/taxes";

export function meta() {
  return [{ title: "Excise taxes" }, { name: "robots", content: "noindex" }];
}

/** The tax rules (a few dozen at most) and the one being edited. */
export async function loader({ url }: Route.LoaderArgs) {
  return ruleBookPageData(getDb(), EXCISE_RULES, url);
}

/** Enable or Disable a tax rule, or save one: the rule-book's actions with excise's schema and words. */
export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const intent = intentOf(form);
  if (!isRuleBookIntent(intent)) return replyError({ message: BACK_OFFICE_MESSAGES.chooseWhatToDo });
  return ruleBookAction(
    {
      path: "/admin/taxes",
      schema: taxRuleSchema,
      store: EXCISE_RULES,
      messages: {
        notFound: EXCISE_MESSAGES.taxRuleNotFound,
        enabled: EXCISE_MESSAGES.taxRuleEnabled,
        disabled: EXCISE_MESSAGES.taxRuleDisabled,
        saved: (added) => (added ? EXCISE_MESSAGES.taxRuleAdded : EXCISE_MESSAGES.taxRuleSaved),
      },
    },
    { db: getDb(), form, intent, actor: actorOf(context) },
  );
}

export default function AdminTaxes({ loaderData }: Route.ComponentProps) {
  const { rules, editing, today } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <TaxesNav />
      <RuleBookPage
        id="taxes-title"
        title="Excise taxes"
        intro={EXCISE_MESSAGES.taxesIntro}
        rules={rules}
        exampleNotice={EXCISE_MESSAGES.exampleNotTaxAdvice}
        listLabel="Tax rules"
        empty={EXCISE_MESSAGES.noTaxRules}
        card={(r) => <TaxRuleCard rule={r} />}
        form={<TaxRuleForm editing={editing} today={today} />}
      />
    </div>
  );
}
