import { getDb } from "~/.server/db/instance";
import {
  createExciseRule,
  findExciseRule,
  listExciseRules,
  setExciseRuleEnabled,
  updateExciseRule,
} from "~/.server/excise/rules";
import { parseForm, replyError } from "~/.server/http/forms";
import { domainErrorReply } from "~/.server/http/http";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { TaxRuleCard } from "~/components/admin/excise/tax-rule-card";
import { TaxRuleForm, type TaxRuleReply } from "~/components/admin/excise/tax-rule-form";
import { FormMessage } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { intentOf } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { taxRuleSchema } from "~/lib/schemas/excise";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/taxes";

export function meta() {
  return [{ title: "Excise taxes" }, { name: "robots", content: "noindex" }];
}

/** The tax rules (a few dozen at most) and the one being edited. */
export async function loader({ url }: Route.LoaderArgs) {
  const rules = await listExciseRules(getDb());
  const editId = idParam(url.searchParams.get("edit"));
  const editing = editId ? (rules.find((r) => r.id === editId) ?? null) : null;
  return { rules, editing, today: storeToday() };
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const intent = intentOf(form);
  const db = getDb();
  const actor = actorOf(context);
  if (intent === "toggle") {
    const id = idParam(String(form.get("id") ?? ""));
    if (!id) return replyError({ message: EXCISE_MESSAGES.taxRuleNotFound }, { status: 404, data: { intent } });
    const enable = form.get("enabled") === "1";
    try {
      await setExciseRuleEnabled(db, id, enable, actor);
    } catch (error) {
      return domainErrorReply(error, { fields: [], data: { intent } });
    }
    return redirectWithToast("/admin/taxes", {
      type: "success",
      message: enable ? EXCISE_MESSAGES.taxRuleEnabled : EXCISE_MESSAGES.taxRuleDisabled,
    });
  }
  if (intent === "save") {
    const parsed = parseForm(form, taxRuleSchema);
    if (!parsed.ok) return replyError({ fieldErrors: parsed.errors }, { form, data: { intent } });
    const id = form.get("id") ? idParam(String(form.get("id"))) : null;
    try {
      if (id) {
        if (!(await findExciseRule(db, id)))
          return replyError({ message: EXCISE_MESSAGES.taxRuleNotFound }, { status: 404, data: { intent } });
        await updateExciseRule(db, id, parsed.data, String(form.get("updatedAt") ?? "") || null, actor);
      } else {
        await createExciseRule(db, parsed.data, actor);
      }
    } catch (error) {
      return domainErrorReply(error, { form, fields: [], data: { intent } });
    }
    return redirectWithToast("/admin/taxes", {
      type: "success",
      message: id ? EXCISE_MESSAGES.taxRuleSaved : EXCISE_MESSAGES.taxRuleAdded,
    });
  }
  return replyError({ message: BACK_OFFICE_MESSAGES.chooseWhatToDo });
}

export default function AdminTaxes({ loaderData }: Route.ComponentProps) {
  const { rules, editing, today } = loaderData;
  const toggleReply = useSettledActionData<TaxRuleReply>();
  return (
    <section aria-labelledby="taxes-title" className="flex flex-col gap-4">
      <h2 id="taxes-title" className="text-xl font-bold text-slate-900">
        Excise taxes <span className="text-base font-normal text-slate-600">({rules.length})</span>
      </h2>
      <p className="text-sm text-slate-600">{EXCISE_MESSAGES.taxesIntro}</p>
      {rules.some((r) => r.example) ? (
        <FormMessage tone="info">{EXCISE_MESSAGES.exampleNotTaxAdvice}</FormMessage>
      ) : null}
      {toggleReply?.data?.intent === "toggle" && !toggleReply.ok && toggleReply.message ? (
        <FormMessage tone="error">{toggleReply.message}</FormMessage>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {rules.length ? (
          <ul className="flex flex-col gap-3" aria-label="Tax rules">
            {rules.map((r) => (
              <TaxRuleCard key={r.id} rule={r} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{EXCISE_MESSAGES.noTaxRules}</p>
        )}
        <TaxRuleForm editing={editing} today={today} />
      </div>
    </section>
  );
}
