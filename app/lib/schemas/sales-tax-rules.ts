import { z } from "zod";
import * as EXCISE_MESSAGES from "../messages/excise";
import * as TAX_MESSAGES from "../messages/sales-tax";
import { type ProductScope, scopeFromInput } from "../rule-book/scope";
import { TAXABILITY_SUBJECTS, TAXABILITY_VERDICTS } from "../sales-tax-rules";
import { checkDates, checkScope, DATE_FIELDS, ruleNameField, SCOPE_FIELDS, stateField } from "./rule-book";

/**
 * The taxability rule form of /admin/sales-tax/rules (decision 0075): the rule-book's name, scope
 * and dates, one state, the subject (products, the delivery fee, excise) and the verdict. A fee's
 * rule covers all products: the product filters are read only for a products rule.
 */
export const taxabilityRuleSchema = z
  .object({
    name: ruleNameField(TAX_MESSAGES.taxabilityNameRequired, EXCISE_MESSAGES.taxNameTooLong),
    state: stateField(TAX_MESSAGES.stateInvalid),
    subject: z.enum(TAXABILITY_SUBJECTS, { error: TAX_MESSAGES.taxabilitySubjectInvalid }),
    verdict: z.enum(TAXABILITY_VERDICTS, { error: TAX_MESSAGES.taxabilityVerdictInvalid }),
    all: SCOPE_FIELDS.all,
    classes: SCOPE_FIELDS.classes,
    categories: SCOPE_FIELDS.categories,
    brands: SCOPE_FIELDS.brands,
    productIds: SCOPE_FIELDS.productIds,
    optionName: SCOPE_FIELDS.optionName,
    optionValues: SCOPE_FIELDS.optionValues,
    optionExcept: SCOPE_FIELDS.optionExcept,
    ...DATE_FIELDS,
  })
  .superRefine((v, ctx) => {
    if (v.subject === "products") checkScope(v, ctx, { scopeEmpty: TAX_MESSAGES.taxabilityScopeEmpty });
    checkDates(v, ctx);
  });
export type TaxabilityRuleInput = z.output<typeof taxabilityRuleSchema>;

/** The scope a rule input describes: a products rule's filters; a fee's rule, all products. */
export function taxabilityScopeOf(input: TaxabilityRuleInput): ProductScope {
  return input.subject === "products" ? scopeFromInput(input) : { all: true };
}
