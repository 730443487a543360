import { COMPLIANCE_RULES } from "~/.server/compliance/rules";
import { testSale } from "~/.server/compliance/test-sale";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { isRuleBookIntent, ruleBookAction, ruleBookPageData } from "~/.server/rule-book/admin-action";
import { RuleBookError } from "~/.server/rule-book/store";
import { RuleCard } from "~/components/admin/compliance/rule-card";
import { RuleForm } from "~/components/admin/compliance/rule-form";
import { TestSale } from "~/components/admin/compliance/test-sale";
import { RuleBookPage } from "~/components/admin/rule-book/rule-book-page";
import { intentOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { ruleSchema } from "~/lib/schemas/compliance";
import { saleTestSchema } from "~/lib/schemas/rule-book";
import type { Route } from "./+types/compliance";

export function meta() {
  return [{ title: "Compliance rules" }, { name: "robots", content: "noindex" }];
}

/**
 * The rules (a few dozen at most), the one being edited and the store's date. No product list: the
 * test box picks its product by search (components/admin/product-picker.tsx), so the page weighs
 * the same at 100 products or 100,000.
 */
export async function loader({ url }: Route.LoaderArgs) {
  return ruleBookPageData(getDb(), COMPLIANCE_RULES, url);
}

/** Test a sale, or the rule-book's actions (Enable or Disable, save) with compliance's schema and words. */
export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const intent = intentOf(form);
  const db = getDb();
  if (intent === "test") {
    return formAction(
      form,
      saleTestSchema,
      async (input) => {
        const outcome = await testSale(db, input);
        if (!outcome.ok) throw new RuleBookError(outcome.message, outcome.field);
        return replyOk(undefined, { intent, test: outcome.result });
      },
      { data: { intent } },
    );
  }
  if (!isRuleBookIntent(intent)) return replyError({ message: BACK_OFFICE_MESSAGES.chooseWhatToDo });
  return ruleBookAction(
    {
      path: "/admin/compliance",
      schema: ruleSchema,
      store: COMPLIANCE_RULES,
      messages: {
        notFound: MESSAGES.ruleNotFound,
        enabled: BACK_OFFICE_MESSAGES.ruleEnabled,
        disabled: BACK_OFFICE_MESSAGES.ruleDisabled,
        saved: () => BACK_OFFICE_MESSAGES.ruleSaved,
      },
    },
    { db, form, intent, actor: actorOf(context) },
  );
}

export default function AdminCompliance({ loaderData }: Route.ComponentProps) {
  const { rules, editing, today } = loaderData;
  return (
    <RuleBookPage
      id="compliance-title"
      title="Compliance rules"
      intro={BACK_OFFICE_MESSAGES.complianceIntro}
      rules={rules}
      exampleNotice={BACK_OFFICE_MESSAGES.exampleRulesNotice}
      listLabel="Rules"
      card={(r) => <RuleCard rule={r} />}
      form={<RuleForm editing={editing} today={today} />}
      before={<TestSale today={today} />}
    />
  );
}
