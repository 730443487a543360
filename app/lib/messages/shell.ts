/**
 * The sentences of the shell every page loads: the header, the footer, the age gate, the error
 * and not-found pages and the toasts of a failed request. The shell imports this module and no
 * other messages: what the shell imports travels in the file every page loads, with every export
 * of the module that any page uses (decision 0010). messages.ts re-exports these, so the rest of
 * the store names them as MESSAGES.x like any other.
 */
export const underage = "You must be 21 or older to enter this site.";

/** "$500" for whole dollars, "$499.50" otherwise. */
export const shortDollars = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString("en-US")}` : `$${(cents / 100).toFixed(2)}`;
/** The header's banner, from the store's free-shipping amount ("$500+" by default, as the spec says). */
export const freeShipping = (cents: number) => `Free Shipping on all orders ${shortDollars(cents)}+`;
/** The banner on every page while a sales rep or an admin acts for a business (issue 29). */
export const actingForBanner = (business: string) =>
  `You are ordering for ${business}: you see its prices and place orders in its name.`;

export const nicotineWarning = "Warning: This product contains nicotine. Nicotine is an addictive chemical.";

export const storeUnreachable = "We could not reach the store. Please check your connection and try again.";
export const noAccessToPage = "You do not have access to this page.";
export const requestFailed = "We could not complete that request. Please try again in a moment.";
export const pageNotFound =
  "The page you are looking for does not exist or has moved. Try searching above, or browse a category.";
