import { createRule, findRule, listRules, setRuleEnabled, updateRule } from "~/.server/compliance/rules";
import { testSale } from "~/.server/compliance/test-sale";
import { getDb } from "~/.server/db/instance";
import { parseForm, replyError, replyOk } from "~/.server/http/forms";
import { domainErrorReply } from "~/.server/http/http";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { RuleCard } from "~/components/admin/compliance/rule-card";
import { RuleForm } from "~/components/admin/compliance/rule-form";
import { TestSale } from "~/components/admin/compliance/test-sale";
import { FormMessage } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import type { ComplianceReply } from "~/lib/compliance/sale-test";
import { intentOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { ruleSchema, saleTestSchema } from "~/lib/schemas/compliance";
import { idParam } from "~/lib/schemas/params";
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
  const rules = await listRules(getDb());
  const editId = idParam(url.searchParams.get("edit"));
  const editing = editId ? (rules.find((r) => r.id === editId) ?? null) : null;
  return { rules, editing, today: storeToday() };
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const intent = intentOf(form);
  const db = getDb();
  const actor = actorOf(context);
  if (intent === "test") {
    const parsed = parseForm(form, saleTestSchema);
    if (!parsed.ok) return replyError({ fieldErrors: parsed.errors }, { form, data: { intent } });
    const outcome = await testSale(db, parsed.data);
    if (!outcome.ok)
      return replyError({ fieldErrors: { [outcome.field]: outcome.message } }, { form, data: { intent } });
    return replyOk(undefined, { intent, test: outcome.result });
  }
  if (intent === "toggle") {
    const id = idParam(String(form.get("id") ?? ""));
    if (!id) return replyError({ message: MESSAGES.ruleNotFound }, { status: 404, data: { intent } });
    const enable = form.get("enabled") === "1";
    try {
      await setRuleEnabled(db, id, enable, actor);
    } catch (error) {
      return domainErrorReply(error, { fields: [], data: { intent } });
    }
    return redirectWithToast("/admin/compliance", {
      type: "success",
      message: enable ? BACK_OFFICE_MESSAGES.ruleEnabled : BACK_OFFICE_MESSAGES.ruleDisabled,
    });
  }
  if (intent === "save") {
    const parsed = parseForm(form, ruleSchema);
    if (!parsed.ok) return replyError({ fieldErrors: parsed.errors }, { form, data: { intent } });
    const id = form.get("id") ? idParam(String(form.get("id"))) : null;
    try {
      if (id) {
        if (!(await findRule(db, id)))
          return replyError({ message: MESSAGES.ruleNotFound }, { status: 404, data: { intent } });
        await updateRule(db, id, parsed.data, String(form.get("updatedAt") ?? "") || null, actor);
      } else {
        await createRule(db, parsed.data, actor);
      }
    } catch (error) {
      return domainErrorReply(error, { form, fields: [], data: { intent } });
    }
    return redirectWithToast("/admin/compliance", { type: "success", message: BACK_OFFICE_MESSAGES.ruleSaved });
  }
  return replyError({ message: BACK_OFFICE_MESSAGES.chooseWhatToDo });
}

export default function AdminCompliance({ loaderData }: Route.ComponentProps) {
  const { rules, editing, today } = loaderData;
  const toggleReply = useSettledActionData<ComplianceReply>();
  const hasExamples = rules.some((r) => r.example);
  return (
    <section aria-labelledby="compliance-title" className="flex flex-col gap-4">
      <h2 id="compliance-title" className="text-xl font-bold text-slate-900">
        Compliance rules <span className="text-base font-normal text-slate-600">({rules.length})</span>
      </h2>
      <p className="text-sm text-slate-600">{BACK_OFFICE_MESSAGES.complianceIntro}</p>
      {hasExamples ? <FormMessage tone="info">{BACK_OFFICE_MESSAGES.exampleRulesNotice}</FormMessage> : null}
      {toggleReply?.data?.intent === "toggle" && !toggleReply.ok && toggleReply.message ? (
        <FormMessage tone="error">{toggleReply.message}</FormMessage>
      ) : null}
      <TestSale today={today} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ul className="flex flex-col gap-3" aria-label="Rules">
          {rules.map((r) => (
            <RuleCard key={r.id} rule={r} />
          ))}
        </ul>
        <RuleForm editing={editing} today={today} />
      </div>
    </section>
  );
}
