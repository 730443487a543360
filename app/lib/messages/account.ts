/**
 * The sentences of the account area (My Account, orders, addresses, security, the business profile and licenses, saved lists and stock alerts), word for word.
 * The store's shared sentences are in ../messages.ts. Sentences that only these pages show live
 * here so that the shell every page loads does not carry them (decision 0020). Import as a
 * namespace: `import * as ACCOUNT_MESSAGES from "~/lib/messages/account"`.
 */
export const phoneLoadFailed = "Unable to load phone number. Please check your connection.";
export const accountUpdated = "Account updated successfully!";
export const passwordUpdated = "Password updated successfully!";
export const resetMailSent = "Password reset email sent.";
export const accountOrdersCard = "Track orders, see what you bought and order again.";
export const accountSettingsCard = "Keep your phone number up to date.";
export const accountAddressesCard = "Manage the stores we deliver to.";
export const accountSecurityCard = "Change your password or get a reset email.";
export const storeUnreachableNothingSaved =
  "We could not reach the store, so nothing was saved. Check your connection and try again.";
export const couldNotSaveChanges = "We could not save your changes. Please try again.";
export const couldNotSendEmail = "We could not send the email. Please try again.";
export const newPasswordHint = "At least 8 characters. Your other devices will be signed out.";
export const confirmRemoveAddress = "Remove this address?";
export const accountHomeLoggedOut = "Log in to see prices, your orders and your account.";
export const noOrdersYet = "No orders yet.";
export const noAddressSavedYet = "No address saved yet.";
export const chooseOrderForDetails = "Choose an order to see its details.";
export const forgotYourPassword = "Forgot your password?";
export const noSavedAddresses = "You have no saved addresses yet. Add the store we should deliver to.";
// Catalog, cart, checkout, orders and contact
export const itemsReordered = (count: number) =>
  `${count} item${count === 1 ? "" : "s"} added to your cart at today's prices.`;
export const itemsNoLongerAvailable = (count: number) =>
  `${count} item${count === 1 ? " is" : "s are"} no longer available.`;
export const accountCannotOrderYet = "Your account cannot order yet.";
// Business accounts and licenses
export const licenseUploaded = (type: string, number: string) =>
  `${type} ${number} uploaded. We will review it shortly.`;
export const businessProfileSaved = "Business profile saved.";
export const businessProfileSavedForReview =
  "Business profile saved. Its legal name or sales tax permit changed, so the store reviews your business again: until it is approved, prices and ordering are paused. We will email you.";
export const businessNoApprovalNeeded = "This store needs no approval: your account can see prices and place orders.";
export const businessWaitingForReview =
  "The store reviews each business before it can see prices and order. We will email you once it is done.";
export const businessApprovedNote =
  "Your business is approved. Changing its legal name or sales tax permit sends it back to review, and prices and ordering pause until the store approves it again.";
export const businessRejectedNote =
  "Correct the legal name or sales tax permit and save: the store then reviews your business again.";
export const licenseExpiryHint =
  "Required for permits that expire (e-cigarette, hemp, state tobacco or vape licenses).";
export const uploading = "Uploading...";
/** A license follows the address it covers (issue 26): "Texas e-cigarette retailer permit EC-1, …" */
function licenseList(licenses: readonly string[]): string {
  return licenses.join(", ");
}
/** 'Address saved successfully! It is now in Oklahoma, so the license that covers it goes back to review: …' */
export function addressMovedLicensesToReview(state: string, licenses: readonly string[]): string {
  const which = licenses.length === 1 ? "the license that covers it goes" : "the licenses that cover it go";
  return `Address saved successfully! It is now in ${state}, so ${which} back to review: ${licenseList(licenses)}.`;
}
/** 'Address removed. The license that covered it no longer counts: …' */
export function addressRemovedLicensesLapsed(licenses: readonly string[]): string {
  const which =
    licenses.length === 1
      ? "The license that covered it no longer counts"
      : "The licenses that covered it no longer count";
  return `Address removed. ${which}: ${licenseList(licenses)}. Upload a license for another address in your business profile.`;
}
/** 'A Texas e-cigarette retailer permit is issued by Texas.' */
export function licenseIssuedOnlyBy(type: string, state: string): string {
  return `A ${type} is issued by ${state}. Choose ${state} as the issuing state.`;
}
/** 'A license issued by Nevada counts only for orders to Nevada, and this address is in California.' */
export function licenseStateNotAddressState(issuingState: string, addressState: string): string {
  return `A license issued by ${issuingState} counts only for orders to ${issuingState}, and this address is in ${addressState}.`;
}

export const noLicensesYet =
  "No licenses yet. Upload your sales tax permit or resale certificate and the permits your products need.";
// ---- Wholesale ordering (issue 16): saved lists and back-in-stock alerts ----
export const listNameLabel = "List name";
export const chooseList = "Choose a list, or name a new one.";
export const listNotFound = "List not found.";
export function openList(name: string): string {
  return `Open ${name}`;
}
export function listNameTaken(name: string): string {
  return `You already have a list named ${name}.`;
}
export function tooManyLists(max: number): string {
  return `You can keep at most ${max} lists. Delete one to make room for another.`;
}
export function savedListFull(name: string, max: number): string {
  return `${name} can hold at most ${max} products. Remove some, or save to another list.`;
}
export function listCreated(name: string): string {
  return `List ${name} created.`;
}
export function listRenamed(name: string): string {
  return `List renamed to ${name}.`;
}
/** On a product page whose lists have not arrived (before its script has run). */
export function chooseListFor(productName: string): string {
  return `Choose a list for ${productName}`;
}

/** The saved lists page, adding one product (reached from a product page before its script ran). */
export function addingToList(productName: string): string {
  return `Add ${productName} to a list`;
}

export function listDeleted(name: string): string {
  return `List ${name} deleted.`;
}
export function confirmDeleteList(name: string): string {
  return `Delete the list ${name}? The products stay in the store; only the list goes.`;
}
export function addedToList(quantity: number, product: string, list: string): string {
  return `Added ${quantity} of ${product} to ${list}.`;
}
/** Beside a list line's stepper while its change is on the way to the server. */
export const listQuantitySaving = "Saving…";

export function listQuantityChanged(list: string, quantity: number, product: string): string {
  return `${list} now holds ${quantity} of ${product}.`;
}
export function removedFromList(product: string): string {
  return `${product} removed from the list.`;
}
/** 'Saved to Weekly restock: 3 added, 1 updated. 1 product is no longer sold.' */
export function savedToList(list: string, added: number, updated: number, gone: number): string {
  const changes = `Saved to ${list}: ${added} added, ${updated} updated.`;
  return gone > 0 ? `${changes} ${gone} product${gone === 1 ? " is" : "s are"} no longer sold.` : changes;
}
export const nothingToSave = "There is nothing to save: no product in it is still sold.";
export const noListsYet = "No lists yet. Name one here, or save your cart or a past order as a list.";
export const listIsEmpty = "This list is empty. Add products from a product page, your cart or a past order.";
export function itemsNotAddedOutOfStock(count: number): string {
  return `${count} item${count === 1 ? " is" : "s are"} out of stock and stayed in the list only.`;
}
export function listOnlyInStock(stock: number): string {
  return `Only ${stock} in stock: ${stock} go to the cart`;
}
export function inStockCount(stock: number): string {
  return `${stock} in stock`;
}
export function listProductCount(count: number): string {
  return `${count} product${count === 1 ? "" : "s"}`;
}
export const listsPricesWhenApproved = "Prices and Add to cart appear once your account can order.";
export function alertSubscribed(product: string): string {
  return `We will email you when ${product} is back in stock.`;
}
export function alertCanceled(product: string): string {
  return `You will not be emailed about ${product}.`;
}
export function alertNotNeeded(product: string): string {
  return `${product} is in stock now: no need to wait.`;
}
export function tooManyAlerts(max: number): string {
  return `You can have at most ${max} stock alerts waiting. Cancel one to add another.`;
}
export const nothingToCancel = "There was no alert to cancel.";
export const noAlertsYet =
  "No stock alerts. On a product that is out of stock, tap Notify me to be emailed when it returns.";
export const loginToBeNotified = "Log in to be emailed when it is back";
export const alertsIntro = "We email you once when a product you are waiting for is back in stock.";
export function alertEmailedOn(date: string): string {
  return `Emailed ${date}`;
}
export function backInStockMailSubject(product: string): string {
  return `Back in stock: ${product}`;
}
export function backInStockMailBody(product: string): string {
  return `Good news: ${product} is back in stock. You asked us to tell you when it returned.`;
}
export const backInStockMailOnce =
  "We send this email once. To hear about the next restock, tap Notify me on the product page again.";
export const backInStockMailAction = "Order it now";
