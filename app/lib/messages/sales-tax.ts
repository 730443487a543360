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
