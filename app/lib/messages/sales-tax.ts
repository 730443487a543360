/**
 * The sentences of sales tax (issue 41): rates, where the store collects, the charge and the report.
 * Import as a namespace: `import * as TAX_MESSAGES from "~/lib/messages/sales-tax"`.
 */
export const rateInvalid = "Rate must be a percentage from 0 to 20 with up to 4 decimals, such as 6.25.";
export const stateInvalid = "Choose a state.";
export const kindInvalid = "Choose the kind of jurisdiction.";
export const untilBeforeFrom = "The last day must be on or after the first day.";
export const stateWideHasNoZips = "A state's own rate applies everywhere in it: leave ZIP codes empty.";
export const localNeedsZips = "Enter the ZIP codes this local rate applies in.";
export const originZipRequired =
  "Enter the 5-digit ZIP code of the store's place of business for sales sourced at origin.";
export const graceDaysInvalid = "Grace days must be a whole number from 0 to 90.";
export const jurisdictionSaved = (name: string) => `Rate of ${name} saved.`;
export const jurisdictionNotFound = "That rate no longer exists.";
export const stateSaved = (state: string) => `Sales tax settings for ${state} saved.`;
export const overlappingRate = (name: string) =>
  `${name} already has a rate in force on some of these days: end it before the new one starts.`;
export const noStates = "The store collects sales tax nowhere yet. Add the states where it has to collect.";
export const noRates = "No rates yet.";
export const reportEmpty = "No sales in these months.";
export const auditPeriodInvalid = "Choose the months of the audit period as YYYY-MM, at most 48 months.";
export const reportIntro =
  "Taxable and exempt sales and the tax collected, by jurisdiction, from the tax stored with each order. Cancelled orders are left out.";
export const exemptSalesHeading = "Exempt sales and their certificates";
export const auditHint =
  "Every exempt sale of a period with the certificate behind it, as the Comptroller asks within 90 days of an audit notice.";
export const originZipHint = "For sales sourced at origin.";
export const rateHint = "Such as 6.25 or 0.5.";
// Taxability rules (decision 0075): what is exempt, whether the fees are taxed.
export const taxabilityIntro =
  "Which products are exempt from sales tax in a state, and whether the delivery fee and the excise the store collects are taxed there. A product is taxed unless a rule exempts it; a fee only where a rule says it is taxable.";
export const noTaxabilityRules = "No taxability rules yet: every product is taxed, and neither fee.";
export const feesByRules = "Whether the delivery fee and excise are taxed is said by the taxability rules.";
export const taxabilityNameRequired = "Enter a name for the taxability rule.";
export const taxabilitySubjectInvalid = "Choose what the rule is about: products, the delivery fee or excise.";
export const taxabilityVerdictInvalid = "Choose whether it is exempt or taxable.";
export const taxabilityScopeEmpty = "Choose the products the rule is about: all products, or at least one filter.";
export const taxabilityRuleNotFound = "That taxability rule no longer exists.";
export const taxabilityRuleStale = "Someone changed this taxability rule after you opened it. Reload and try again.";
export const taxabilityRuleContradicts = (name: string) =>
  `This rule says the opposite of "${name}" in the same state, on some of the same days, for the same products or fee. End or disable one of them first.`;
export const taxabilityRuleAdded = "Taxability rule added.";
export const taxabilityRuleSaved = "Taxability rule saved.";
export const taxabilityRuleEnabled = "Taxability rule enabled.";
export const taxabilityRuleDisabled = "Taxability rule disabled.";
export const taxabilityFeeScopeHint = "For the delivery fee or excise, leave the products empty.";
