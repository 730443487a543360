import { DateFields, ProductScopeFields } from "~/components/admin/rule-book/field-groups";
import { RuleBookForm, type RuleBookReply } from "~/components/admin/rule-book/rule-form";
import { SelectField, TextField } from "~/components/ui/field";
import type { FieldName } from "~/lib/form-reply";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { TAXABILITY_SUBJECT_OPTIONS, type TaxabilityRule } from "~/lib/sales-tax-rules";
import type { taxabilityRuleSchema } from "~/lib/schemas/sales-tax-rules";

type TaxabilityRuleField = FieldName<typeof taxabilityRuleSchema>;
export type TaxabilityRuleReply = RuleBookReply<TaxabilityRuleField>;

/**
 * The taxability rule form on the rule-book kit: the state, what the rule is about (products, the
 * delivery fee, excise) and its verdict, the products (a products rule) and when.
 */
export function TaxabilityRuleForm({ editing, today }: { editing: TaxabilityRule | null; today: string }) {
  return (
    <RuleBookForm<TaxabilityRuleField>
      id="taxability-rule-form"
      noun="taxability rule"
      editing={editing}
      cancelTo="/admin/sales-tax/rules"
    >
      {(fields) => (
        <>
          <TextField
            label="State (two-letter code)"
            name="state"
            maxLength={2}
            defaultValue={fields.value("state", editing?.state ?? "TX")}
            error={fields.error("state")}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="About"
              name="subject"
              defaultValue={fields.value("subject", editing?.subject ?? "products")}
              error={fields.error("subject")}
              options={TAXABILITY_SUBJECT_OPTIONS}
            />
            <SelectField
              label="Sales tax"
              name="verdict"
              defaultValue={fields.value("verdict", editing?.verdict ?? "exempt")}
              error={fields.error("verdict")}
              options={[
                { value: "exempt", label: "Exempt (not taxed)" },
                { value: "taxable", label: "Taxable" },
              ]}
            />
          </div>
          <ProductScopeFields
            fields={fields}
            scope={editing?.subject === "products" ? editing.scope : undefined}
            optional={["option"]}
            hint={TAX_MESSAGES.taxabilityFeeScopeHint}
          />
          <DateFields fields={fields} dates={editing} today={today} />
        </>
      )}
    </RuleBookForm>
  );
}
