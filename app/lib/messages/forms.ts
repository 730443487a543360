/**
 * What a form says about a field it refused (text, amounts, days, a ZIP code) and a failed save:
 * the pages with such forms carry them. The store's shared sentences are in ../messages.ts; these
 * live apart so that a page carries only the sentences its code names (decisions 0020 and 0078).
 * Import as a namespace:
 * `import * as FORM_MESSAGES from "~/lib/messages/forms"`.
 */

/** 'Error: {message}' */
export function errorMessage(message: string): string {
  return `Error: ${message}`;
}

/** 'ZIP code 35203 is in Alabama, not Texas. Check the ZIP code and the state.' (issue 26) */
export function zipNotInState(zip: string, zipRegionName: string | null, stateName: string): string {
  return zipRegionName
    ? `ZIP code ${zip} is in ${zipRegionName}, not ${stateName}. Check the ZIP code and the state.`
    : `ZIP code ${zip} is not a ${stateName} ZIP code. Check the ZIP code and the state.`;
}

// Forms and requests in general
export const fieldRequired = (label: string) => `${label} is required.`;

export const fieldTooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

export const fieldOneLine = (label: string) => `${label} must be on one line.`;

/**
 * An amount of money or a day a form refused (lib/schemas/amount.ts and day.ts, issue 36): the
 * field is named ("price", "credit limit", "received date") and the one way to write it shown.
 */
export const amountFormat = (field: string) => `Enter the ${field} as dollars and cents, like 1,234.56.`;

export const optionalAmountFormat = (field: string) =>
  `Enter the ${field} as dollars and cents, like 1,234.56, or leave it empty.`;

export const amountTooHigh = (field: string, max: string) => `The ${field} can be at most ${max}.`;

export const amountAboveZero = (field: string) => `The ${field} must be more than zero.`;

export const dayFormat = (field: string, first: string, last: string) =>
  `Enter the ${field} as YYYY-MM-DD, a day from ${first} to ${last}.`;

export const priceFormat = amountFormat("price");
