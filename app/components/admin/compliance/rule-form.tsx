import { DateFields, PlaceFields, ProductScopeFields } from "~/components/admin/rule-book/field-groups";
import { RuleBookForm } from "~/components/admin/rule-book/rule-form";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { LICENSE_TYPES } from "~/lib/business";
import type { Rule } from "~/lib/compliance/engine";
import type { FieldName } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { ruleSchema } from "~/lib/schemas/compliance";

/**
 * The compliance rule form on the rule-book kit: where, what it covers and when (the kit's field
 * groups), then what is compliance's own: the effect, the license it asks for, the buyer's words.
 */
export function RuleForm({ editing, today }: { editing: Rule | null; today: string }) {
  return (
    <RuleBookForm<FieldName<typeof ruleSchema>>
      id="rule-form"
      noun="rule"
      editing={editing}
      cancelTo="/admin/compliance"
    >
      {(fields) => (
        <>
          <PlaceFields
            fields={fields}
            states={{
              name: "states",
              label: "States (two-letter codes; empty: every destination)",
              value: editing?.states.join(", ") ?? "",
            }}
            zips={{ label: "ZIP codes (optional, within those states)", value: editing?.zips.join(", ") ?? "" }}
          />
          <ProductScopeFields
            fields={fields}
            scope={editing?.scope}
            optional={["flavors", "option", "countries", "minThcMg", "nicotineAboveMgMl"]}
            hint={BACK_OFFICE_MESSAGES.ruleFiltersHint}
          />
          <DateFields fields={fields} dates={editing} today={today} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Effect"
              name="effect"
              defaultValue={fields.value("effect", editing?.effect ?? "block")}
              error={fields.error("effect")}
              options={[
                { value: "block", label: "Block the sale" },
                { value: "require-license", label: "Require an approved license" },
                { value: "require-listing", label: MESSAGES.requireDirectoryListing },
              ]}
            />
            <SelectField
              label="License required (for that effect)"
              name="licenseType"
              defaultValue={fields.value("licenseType", editing?.licenseType ?? "")}
              error={fields.error("licenseType")}
              placeholder="—"
              options={LICENSE_TYPES}
            />
          </div>
          <TextAreaField
            label="Reason the buyer reads"
            name="reason"
            maxLength={300}
            defaultValue={fields.value("reason", editing?.reason ?? "")}
            error={fields.error("reason")}
            hint={BACK_OFFICE_MESSAGES.ruleReasonHint}
          />
          <TextField
            label="Short label for listings"
            name="label"
            maxLength={60}
            defaultValue={fields.value("label", editing?.label ?? "")}
            error={fields.error("label")}
            hint="For example: state ban"
          />
        </>
      )}
    </RuleBookForm>
  );
}
