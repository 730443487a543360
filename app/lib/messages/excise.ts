/**
 * The sentences of excise taxes (issue 31): the product's excise facts, the tax rules of
 * /admin/taxes, the excise lines of the cart, the order, the invoice and the filing report.
 * Import as a namespace: `import * as EXCISE_MESSAGES from "~/lib/messages/excise"`.
 */
// Product facts (the product form, the bulk facts, the CSV rows)
export const mlPerUnitFormat =
  "Enter the e-liquid ml per unit as a number, 0 or more (up to 3 decimals, at most 10000).";
export const cartridgesPerUnitFormat = "Enter the cartridges or pods per unit as a whole number from 0 to 10000.";
export const chooseVapeSystem = "Choose open or closed system.";
export const chooseNicotine = "Choose yes or no for nicotine.";
// Rules
export const taxNameRequired = "Enter a name for the tax rule.";
export const taxNameTooLong = "Keep the name to 120 characters.";
export const taxStateUnknown = "Enter a US state as its two-letter code (for example LA).";
export const taxZipFormat = "Enter ZIP codes as five digits, separated by commas.";
export const taxMethodRequired = "Choose how the tax is computed.";
export const taxRateFormat = "Enter the rate as a number, 0 or more, with up to 6 decimals.";
export const taxRatePercentTooHigh = "A percentage rate cannot be above 100%.";
export const taxRateMoneyTooHigh = "A rate cannot be above $100 per ml, cartridge or unit.";
export const taxOwedByRequired = "Choose who owes the tax.";
export const taxWordingRequired = "Enter the words the invoice shows for this tax.";
export const taxWordingTooLong = "Keep the invoice wording to 200 characters.";
export const taxSourceTooLong = "Keep the source to 300 characters.";
export const taxScopeEmpty = "Choose the products the tax covers: all products, or at least one filter.";
export const taxRuleNotFound = "That tax rule no longer exists.";
export const taxRuleStale = "Someone changed this tax rule after you opened it. Reload and try again.";
export const taxRuleContradicts = (name: string) =>
  `This tax overlaps "${name}": the same products, state, places and dates would be taxed twice. Narrow one of them or end the other first.`;
export const taxRuleAdded = "Tax rule added.";
export const taxRuleSaved = "Tax rule saved.";
export const taxRuleEnabled = "Tax rule enabled.";
export const taxRuleDisabled = "Tax rule disabled.";
export const exampleNotTaxAdvice = "Example, not tax advice.";
export const taxesIntro =
  "Excise taxes by destination state, kept as data. Rates change: check each rule against the state's own publications.";
export const noTaxRules = "No tax rules yet.";
// Where the tax shows
export const buyerOwesExcise = "Owed by the buyer, not included in the total.";
export const exciseFactMissing = "A product's ml or cartridge count is not set: its tax shows as $0.00.";
// The rows above a cart's total: excise, delivery and sales tax.
export const exciseHeading = "Taxes and charges";
// Report
export const exciseReportIntro =
  "Taxable quantities and tax of placed orders (cancelled orders left out), by destination state and month, for the return.";
export const noExciseInMonth = "No excise in this state and month.";
export const chooseMonth = "Choose a month as YYYY-MM.";
// PACT filing calendar
export const pactFilingsIntro =
  "Each month's interstate vape shipments are filed with each destination state by the 10th of the next month.";
export const noPactFilings = "No interstate vape shipments in these months.";
export const pactFiled = (state: string, month: string) => `The ${state} filing for ${month} is marked filed.`;
export const pactFilingNoteTooLong = "Keep the note to 500 characters.";
export const pactFilingDateFormat = "Enter the day it was filed as YYYY-MM-DD, not after today.";
export const pactFilingAlready = "That filing is already marked filed.";
export const pactFilingUnknown = "Choose a state and month from the calendar.";
// Shipments
export const carrierRequired = "Enter the carrier (for example UPS).";
export const carrierTooLong = "Keep the carrier to 60 characters.";
export const trackingRequired = "Enter the tracking number.";
export const trackingFormat = "Enter the tracking number with letters, digits and dashes only (up to 60).";
export const shipmentOnlyCompleted = "A shipment is recorded on a completed order.";
export const shipmentSaved = "Shipment saved. The customer was sent the tracking number.";
export const shipmentMailSubject = (orderId: number) => `Order #${orderId} has shipped`;
export const shipmentMailBody = (orderId: number, carrier: string, tracking: string) =>
  `Your order #${orderId} has shipped with ${carrier}. Tracking number: ${tracking}.`;
/** The cart's total while its excise for the address is asked for (issue 36): no amount that would change. */
export const totalBeingCalculated = "Calculating…";
