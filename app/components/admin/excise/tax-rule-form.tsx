import { Checkboxes, Flag } from "~/components/admin/rule-book/checkboxes";
import { DateFields, PlaceFields, ProductScopeFields } from "~/components/admin/rule-book/field-groups";
import { RuleBookForm, type RuleBookReply } from "~/components/admin/rule-book/rule-form";
import { SelectField, TextField } from "~/components/ui/field";
import type { ExciseRule } from "~/lib/excise/engine";
import type { FieldName } from "~/lib/form-reply";
import { microsToRate, type taxRuleSchema } from "~/lib/schemas/excise";

type TaxRuleField = FieldName<typeof taxRuleSchema>;
export type TaxRuleReply = RuleBookReply<TaxRuleField>;

const SYSTEMS = [
  { value: "closed", label: "Closed system" },
  { value: "open", label: "Open system" },
];

/**
 * The tax rule form on the rule-book kit: where (one state and its ZIPs), what it covers (with
 * excise's own filters: vape systems, nicotine) and when, then what is excise's own: the method
 * and rate, who owes it, the invoice's wording and the source.
 */
export function TaxRuleForm({ editing, today }: { editing: ExciseRule | null; today: string }) {
  const s = editing?.scope;
  return (
    <RuleBookForm<TaxRuleField> id="tax-rule-form" noun="tax rule" editing={editing} cancelTo="/admin/taxes">
      {(fields) => (
        <>
          <PlaceFields
            fields={fields}
            states={{ name: "state", label: "State (two-letter code)", value: editing?.state ?? "" }}
            zips={{ label: "ZIP codes (optional: a city or county tax)", value: editing?.zips.join(", ") ?? "" }}
          />
          <ProductScopeFields
            fields={fields}
            scope={s}
            choices={
              <>
                <Checkboxes
                  legend="Vape systems"
                  name="systems"
                  options={SYSTEMS}
                  checked={s?.systems ?? []}
                  error={fields.error("systems")}
                />
                <Flag name="nicotineOnly" label="Only products with nicotine" checked={!!s?.nicotineOnly} />
              </>
            }
          />
          <DateFields fields={fields} dates={editing} today={today} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Method"
              name="method"
              defaultValue={fields.value("method", editing?.method ?? "per-ml")}
              error={fields.error("method")}
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
              defaultValue={fields.value("rate", editing ? microsToRate(editing.rateMicros) : "")}
              error={fields.error("rate")}
            />
          </div>
          <SelectField
            label="Who owes it"
            name="owedBy"
            defaultValue={fields.value("owedBy", editing?.owedBy ?? "store")}
            error={fields.error("owedBy")}
            options={[
              { value: "store", label: "The store collects it on the invoice" },
              { value: "buyer", label: "The buyer owes it (the invoice says so)" },
            ]}
          />
          <TextField
            label="Invoice wording"
            name="wording"
            maxLength={200}
            defaultValue={fields.value("wording", editing?.wording ?? "")}
            error={fields.error("wording")}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Source (optional)"
              name="source"
              maxLength={300}
              defaultValue={fields.value("source", editing?.source ?? "")}
              error={fields.error("source")}
            />
            <TextField
              label="Source date (optional)"
              name="sourceDate"
              type="date"
              defaultValue={fields.value("sourceDate", editing?.sourceDate ?? "")}
              error={fields.error("sourceDate")}
            />
          </div>
        </>
      )}
    </RuleBookForm>
  );
}
