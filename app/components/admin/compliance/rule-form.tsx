import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { LICENSE_TYPES } from "~/lib/business";
import { CATEGORIES } from "~/lib/categories";
import type { Rule } from "~/lib/compliance/engine";
import type { ComplianceReply } from "~/lib/compliance/sale-test";
import { FLAVOR_CLASSES, PRODUCT_CLASSES } from "~/lib/compliance/vocabulary";
import { type FieldName, fieldError, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { ruleSchema } from "~/lib/schemas/compliance";

export function Checkboxes({
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

/** The rule form: a new rule, or the one being edited (its id and the version it was read at). */
export function RuleForm({ editing, today }: { editing: Rule | null; today: string }) {
  const reply = useSettledActionData<ComplianceReply>();
  const mine = reply?.data?.intent === "save" ? reply : undefined;
  const busy = useNavigation().state === "submitting";
  const v = (name: FieldName<typeof ruleSchema>, fallback: string) => postedValue(mine, name, fallback) ?? fallback;
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
            options={[
              { value: "block", label: "Block the sale" },
              { value: "require-license", label: "Require an approved license" },
              { value: "require-listing", label: MESSAGES.requireDirectoryListing },
            ]}
          />
          <SelectField
            label="License required (for that effect)"
            name="licenseType"
            defaultValue={v("licenseType", editing?.licenseType ?? "")}
            error={fieldError(mine, "licenseType")}
            placeholder="—"
            options={LICENSE_TYPES}
          />
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
