import { Form, useNavigation } from "react-router";
import { Checkboxes } from "~/components/admin/compliance/rule-form";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { CATEGORIES } from "~/lib/categories";
import { PRODUCT_CLASSES } from "~/lib/compliance/vocabulary";
import type { ExciseRule } from "~/lib/excise/engine";
import { type FieldName, type FormReply, fieldError, postedValue } from "~/lib/form-reply";
import { microsToRate, type taxRuleSchema } from "~/lib/schemas/excise";

export type TaxRuleReply = FormReply<{ intent: string }, FieldName<typeof taxRuleSchema>>;

const SYSTEMS = [
  { value: "closed", label: "Closed system" },
  { value: "open", label: "Open system" },
];

/** The tax rule form: a new rule, or the one being edited (its id and the version it was read at). */
export function TaxRuleForm({ editing, today }: { editing: ExciseRule | null; today: string }) {
  const reply = useSettledActionData<TaxRuleReply>();
  const mine = reply?.data?.intent === "save" ? reply : undefined;
  const busy = useNavigation().state === "submitting";
  const v = (name: FieldName<typeof taxRuleSchema>, fallback: string) => postedValue(mine, name, fallback) ?? fallback;
  const s = editing?.scope;
  const key = editing ? `${editing.id}-${editing.updatedAt}` : "new";
  return (
    <section
      id="tax-rule-form"
      aria-labelledby="tax-rule-form-title"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="tax-rule-form-title" className="text-lg font-bold text-slate-900">
        {editing ? `Edit tax rule: ${editing.name}` : "Add a tax rule"}
      </h3>
      <Form method="post" noValidate className="mt-3 flex flex-col gap-3" key={key} aria-label="Tax rule">
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
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="State (two-letter code)"
            name="state"
            maxLength={2}
            defaultValue={v("state", editing?.state ?? "")}
            error={fieldError(mine, "state")}
          />
          <TextField
            label="ZIP codes (optional: a city or county tax)"
            name="zips"
            inputMode="numeric"
            defaultValue={v("zips", editing?.zips.join(", ") ?? "")}
            error={fieldError(mine, "zips")}
          />
        </div>
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
          <Checkboxes
            legend="Product classes"
            name="classes"
            options={PRODUCT_CLASSES}
            checked={s?.classes ?? []}
            error={fieldError(mine, "classes")}
          />
          <Checkboxes
            legend="Categories"
            name="categories"
            options={CATEGORIES.map((c) => ({ value: c.slug, label: c.navLabel }))}
            checked={s?.categories ?? []}
            error={fieldError(mine, "categories")}
          />
          <Checkboxes
            legend="Vape systems"
            name="systems"
            options={SYSTEMS}
            checked={s?.systems ?? []}
            error={fieldError(mine, "systems")}
          />
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" name="nicotineOnly" value="on" defaultChecked={!!s?.nicotineOnly} />
            Only products with nicotine
          </label>
          <TextField
            label="Brands (comma separated)"
            name="brands"
            defaultValue={v("brands", s?.brands?.join(", ") ?? "")}
            error={fieldError(mine, "brands")}
          />
          <TextField
            label="Product ids"
            name="productIds"
            inputMode="numeric"
            defaultValue={v("productIds", s?.productIds?.join(", ") ?? "")}
            error={fieldError(mine, "productIds")}
          />
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Method"
            name="method"
            defaultValue={v("method", editing?.method ?? "per-ml")}
            error={fieldError(mine, "method")}
            options={[
              { value: "per-ml", label: "Per ml of e-liquid ($)" },
              { value: "per-unit", label: "Per cartridge or unit ($)" },
              { value: "percent", label: "Percent of wholesale price (%)" },
            ]}
          />
          <TextField
            label="Rate"
            name="rate"
            inputMode="decimal"
            defaultValue={v("rate", editing ? microsToRate(editing.rateMicros) : "")}
            error={fieldError(mine, "rate")}
          />
        </div>
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
        <SelectField
          label="Who owes it"
          name="owedBy"
          defaultValue={v("owedBy", editing?.owedBy ?? "store")}
          error={fieldError(mine, "owedBy")}
          options={[
            { value: "store", label: "The store collects it on the invoice" },
            { value: "buyer", label: "The buyer owes it (the invoice says so)" },
          ]}
        />
        <TextField
          label="Invoice wording"
          name="wording"
          maxLength={200}
          defaultValue={v("wording", editing?.wording ?? "")}
          error={fieldError(mine, "wording")}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Source (optional)"
            name="source"
            maxLength={300}
            defaultValue={v("source", editing?.source ?? "")}
            error={fieldError(mine, "source")}
          />
          <TextField
            label="Source date (optional)"
            name="sourceDate"
            type="date"
            defaultValue={v("sourceDate", editing?.sourceDate ?? "")}
            error={fieldError(mine, "sourceDate")}
          />
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {editing ? "Save tax rule" : "Add tax rule"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
