import { Form, Link, useFetcher, useNavigation } from "react-router";
import { createRule, findRule, listRules, RuleError, setRuleEnabled, updateRule } from "~/.server/compliance/rules";
import { type SaleTestResult, testSale } from "~/.server/compliance/test-sale";
import { getDb } from "~/.server/db/instance";
import { parseForm, replyError, replyOk } from "~/.server/forms";
import { actorOf, formOf } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { LICENSE_TYPES, storeToday } from "~/lib/business";
import { CATEGORIES } from "~/lib/categories";
import {
  describeEffect,
  describeScope,
  FLAVOR_CLASSES,
  PRODUCT_CLASSES,
  type Rule,
  ruleSchema,
  saleTestSchema,
} from "~/lib/compliance";
import { type FormReply, fieldError, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/compliance";

export function meta() {
  return [{ title: "Compliance rules" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const db = getDb();
  const editId = idParam(url.searchParams.get("edit"));
  const [rules, products] = await Promise.all([
    listRules(db),
    db.selectFrom("products").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
  ]);
  const editing = editId ? (rules.find((r) => r.id === editId) ?? null) : null;
  return { rules, products, editing, today: storeToday() };
}

type ActionData = FormReply<{ test?: SaleTestResult; intent: string }>;

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const intent = String(form.get("intent") ?? "");
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
      if (error instanceof RuleError)
        return replyError({ message: error.message }, { status: error.status, data: { intent } });
      throw error;
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
      if (error instanceof RuleError)
        return replyError({ message: error.message }, { form, status: error.status, data: { intent } });
      throw error;
    }
    return redirectWithToast("/admin/compliance", { type: "success", message: BACK_OFFICE_MESSAGES.ruleSaved });
  }
  return replyError({ message: BACK_OFFICE_MESSAGES.chooseWhatToDo });
}

const OUTCOME_TONE = { allowed: "ok", blocked: "danger", "license-required": "warn" } as const;
const OUTCOME_LABEL = {
  allowed: BACK_OFFICE_MESSAGES.saleAllowed,
  blocked: MESSAGES.saleBlocked,
  "license-required": BACK_OFFICE_MESSAGES.saleNeedsLicense,
} as const;

function where(rule: Rule): string {
  if (rule.states.length === 0) return "All destinations";
  return `${rule.states.join(", ")}${rule.zips.length ? ` (ZIP ${rule.zips.join(", ")})` : ""}`;
}

function when(rule: Rule): string {
  return rule.effectiveUntil ? `${rule.effectiveFrom} to ${rule.effectiveUntil}` : `From ${rule.effectiveFrom}`;
}

function RuleCard({ rule }: { rule: Rule }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={rule.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{rule.name}</p>
        <div className="flex flex-wrap gap-1">
          {rule.example ? <Badge tone="info">Example</Badge> : null}
          {rule.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">Covers</dt>
        <dd className="text-slate-900">{describeScope(rule.scope)}</dd>
        <dt className="font-medium text-slate-600">Where</dt>
        <dd className="text-slate-900">{where(rule)}</dd>
        <dt className="font-medium text-slate-600">When</dt>
        <dd className="text-slate-900">{when(rule)}</dd>
        <dt className="font-medium text-slate-600">Effect</dt>
        <dd className="text-slate-900">{describeEffect(rule)}</dd>
        <dt className="font-medium text-slate-600">Buyer reads</dt>
        <dd className="text-slate-900">
          {rule.reason} <span className="text-slate-600">({rule.label})</span>
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={`/admin/compliance?edit=${rule.id}#rule-form`} variant="secondary" preventScrollReset>
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

function Checkboxes({
  legend,
  name,
  options,
  checked,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  checked: readonly string[];
  error?: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p className="text-sm text-danger-600" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RuleForm({ editing, today }: { editing: Rule | null; today: string }) {
  const reply = useSettledActionData<ActionData>();
  const mine = reply?.data?.intent === "save" ? reply : undefined;
  const busy = useNavigation().state === "submitting";
  const v = (name: string, fallback: string) => postedValue(mine, name, fallback) ?? fallback;
  const s = editing?.scope;
  const key = editing ? `${editing.id}-${editing.updatedAt}` : "new";
  return (
    <section
      id="rule-form"
      aria-labelledby="rule-form-title"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="rule-form-title" className="text-lg font-bold text-slate-900">
        {editing ? `Edit rule: ${editing.name}` : "Add a rule"}
      </h3>
      <Form method="post" noValidate className="mt-3 flex flex-col gap-3" key={key} aria-label="Rule">
        {mine && !mine.ok && mine.message ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
        <input type="hidden" name="intent" value="save" />
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="updatedAt" value={editing.updatedAt} />
          </>
        ) : null}
        <TextField
          label="Name"
          name="name"
          defaultValue={v("name", editing?.name ?? "")}
          error={fieldError(mine, "name")}
        />
        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">What it covers</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" name="all" value="on" defaultChecked={!!s?.all} />
            All products
          </label>
          {fieldError(mine, "all") ? (
            <p className="text-sm text-danger-600" role="alert">
              {fieldError(mine, "all")}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">{BACK_OFFICE_MESSAGES.ruleFiltersHint}</p>
          <Checkboxes
            legend="Product classes"
            name="classes"
            options={PRODUCT_CLASSES}
            checked={s?.classes ?? []}
            error={fieldError(mine, "classes")}
          />
          <Checkboxes
            legend="Flavor classes"
            name="flavors"
            options={FLAVOR_CLASSES}
            checked={s?.flavors ?? []}
            error={fieldError(mine, "flavors")}
          />
          <Checkboxes
            legend="Categories"
            name="categories"
            options={CATEGORIES.map((c) => ({ value: c.slug, label: c.navLabel }))}
            checked={s?.categories ?? []}
            error={fieldError(mine, "categories")}
          />
          <TextField
            label="Brands (comma separated)"
            name="brands"
            defaultValue={v("brands", s?.brands?.join(", ") ?? "")}
            error={fieldError(mine, "brands")}
          />
          <TextField
            label="Countries of manufacture (two-letter codes)"
            name="countries"
            defaultValue={v("countries", s?.countries?.join(", ") ?? "")}
            error={fieldError(mine, "countries")}
          />
          <TextField
            label="Product ids"
            name="productIds"
            inputMode="numeric"
            defaultValue={v("productIds", s?.productIds?.join(", ") ?? "")}
            error={fieldError(mine, "productIds")}
          />
          <TextField
            label="Only above this THC per container (mg)"
            name="minThcMg"
            inputMode="decimal"
            defaultValue={v("minThcMg", s?.minThcMg === undefined ? "" : String(s.minThcMg))}
            error={fieldError(mine, "minThcMg")}
          />
        </fieldset>
        <TextField
          label="States (two-letter codes; empty: every destination)"
          name="states"
          defaultValue={v("states", editing?.states.join(", ") ?? "")}
          error={fieldError(mine, "states")}
        />
        <TextField
          label="ZIP codes (optional, within those states)"
          name="zips"
          inputMode="numeric"
          defaultValue={v("zips", editing?.zips.join(", ") ?? "")}
          error={fieldError(mine, "zips")}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Effective from"
            name="effectiveFrom"
            type="date"
            defaultValue={v("effectiveFrom", editing?.effectiveFrom ?? today)}
            error={fieldError(mine, "effectiveFrom")}
          />
          <TextField
            label="Until (last day, optional)"
            name="effectiveUntil"
            type="date"
            defaultValue={v("effectiveUntil", editing?.effectiveUntil ?? "")}
            error={fieldError(mine, "effectiveUntil")}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Effect"
            name="effect"
            defaultValue={v("effect", editing?.effect ?? "block")}
            error={fieldError(mine, "effect")}
          >
            <option value="block">Block the sale</option>
            <option value="require-license">Require an approved license</option>
            <option value="require-listing">{MESSAGES.requireDirectoryListing}</option>
          </SelectField>
          <SelectField
            label="License required (for that effect)"
            name="licenseType"
            defaultValue={v("licenseType", editing?.licenseType ?? "")}
            error={fieldError(mine, "licenseType")}
          >
            <option value="">—</option>
            {LICENSE_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Reason the buyer reads"
          name="reason"
          maxLength={300}
          defaultValue={v("reason", editing?.reason ?? "")}
          error={fieldError(mine, "reason")}
          hint={BACK_OFFICE_MESSAGES.ruleReasonHint}
        />
        <TextField
          label="Short label for listings"
          name="label"
          maxLength={60}
          defaultValue={v("label", editing?.label ?? "")}
          error={fieldError(mine, "label")}
          hint="For example: state ban"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {editing ? "Save rule" : "Add rule"}
          </Button>
          {editing ? (
            <Link
              to="/admin/compliance"
              className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-brand-700"
            >
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function TestSale({ products, today }: { products: { id: number; name: string }[]; today: string }) {
  const fetcher = useFetcher<ActionData>();
  const pageReply = useSettledActionData<ActionData>();
  const reply = fetcher.data ?? (pageReply?.data?.intent === "test" ? pageReply : undefined);
  const result = reply?.ok ? reply.data?.test : undefined;
  return (
    <section aria-labelledby="test-sale-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="test-sale-title" className="text-lg font-bold text-slate-900">
        Test a sale
      </h3>
      <fetcher.Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Test a sale">
        <input type="hidden" name="intent" value="test" />
        <SelectField
          label="Product"
          name="productId"
          className="sm:col-span-2"
          defaultValue={postedValue(reply, "productId", "")}
          error={fieldError(reply, "productId")}
        >
          <option value="">Choose a product</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="State"
          name="state"
          maxLength={2}
          defaultValue={postedValue(reply, "state", "")}
          error={fieldError(reply, "state")}
        />
        <TextField
          label="ZIP"
          name="zip"
          inputMode="numeric"
          maxLength={5}
          defaultValue={postedValue(reply, "zip", "")}
          error={fieldError(reply, "zip")}
        />
        <TextField
          label="Customer email (optional)"
          name="customer"
          type="email"
          defaultValue={postedValue(reply, "customer", "")}
          error={fieldError(reply, "customer")}
        />
        <TextField
          label="Date"
          name="date"
          type="date"
          defaultValue={postedValue(reply, "date", today)}
          error={fieldError(reply, "date")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Test
          </Button>
        </div>
      </fetcher.Form>
      {result ? (
        <div
          className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3"
          role="status"
          aria-label="Sale test result"
        >
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <Badge tone={OUTCOME_TONE[result.outcome]}>{OUTCOME_LABEL[result.outcome]}</Badge>
            {result.productName} to {result.destination} on {result.date}
          </p>
          {result.reason ? <p className="mt-2 text-sm text-slate-900">{result.reason}</p> : null}
          {result.licenseLabel ? (
            <p className="mt-1 text-sm text-slate-900">{MESSAGES.licenseRequired(result.licenseLabel)}</p>
          ) : null}
          {result.applied.length ? (
            <>
              <p className="mt-2 text-sm font-medium text-slate-700">Rules that applied:</p>
              <ul className="ml-5 list-disc text-sm text-slate-900">
                {result.applied.map((r) => (
                  <li key={r.id}>
                    {r.name}
                    {result.deciding.some((d) => d.id === r.id) ? " (decided)" : ""}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-700">{BACK_OFFICE_MESSAGES.noRulesApply}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

export default function AdminCompliance({ loaderData }: Route.ComponentProps) {
  const { rules, products, editing, today } = loaderData;
  const toggleReply = useSettledActionData<ActionData>();
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
      <TestSale products={products} today={today} />
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
