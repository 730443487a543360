/**
 * The sentences of the back office (/admin), word for word.
 * The store's shared sentences are in ../messages.ts. Sentences that only these pages show live
 * here so that the shell every page loads does not carry them (decision 0020). Import as a
 * namespace: `import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office"`.
 */
export const imageUploadFailed = "Image upload failed.";
export const failedToAddProduct = "Failed to add product.";
export const noProductsAvailable = "No products available.";
export const confirmDeleteProduct = "Are you sure you want to delete this product?";
// Back office: products, orders, approvals
export const imageTooLarge = (fileName: string) => `${fileName}: the file is larger than 10 MB.`;
export const productsUpdated = (count: number) => `${count} product${count === 1 ? "" : "s"} updated.`;
export const licenseReviewed = (type: string, number: string, approved: boolean) =>
  `${type} ${number} ${approved ? "approved" : "rejected"}.`;
export const businessReviewed = (legalName: string, approved: boolean) =>
  `${legalName} ${approved ? "approved" : "rejected"}.`;
export const stockCountHint =
  "A new number corrects the count; it is refused if units sold since you opened this page.";
export const skuHint = "Leave empty to generate one.";
export const chooseOrderAndStatus = "Choose an order and a status.";
export const statusChanged = "Status changed.";
export const statusNotChanged = "The status could not be changed.";
export const unknownProduct = "Unknown product.";
export const productNoLongerExists = "That product no longer exists.";
export const productDeleted = "Product deleted.";
export const unknownAction = "Unknown action.";
export const thatDidNotWork = "That did not work.";
export const failedToSaveProduct = "Failed to save the product.";
export const chooseWhatToReview = "Choose what to review.";
export const businessNotFound = "That business was not found.";
export const tooManyImages = (max: number) => `Upload at most ${max} images at a time.`;
export const orderStatusChanged = (orderId: number, status: string) => `Order #${orderId} is now ${status}.`;
export const noImages = "No images.";
export const imageUploadHint = "JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each.";
export const noLicensesWaiting = "No licenses are waiting.";
/** The queue, for a license whose address moved to another state than the one that issued it (issue 26). */
export function licenseAddressInOtherState(addressState: string, issuingState: string): string {
  return `The address it covers is now in ${addressState}: a license issued by ${issuingState} does not count there.`;
}
export const noBusinessesWaiting = "No businesses are waiting.";
export const noEntriesFound = "No entries found.";
export const outboxIntro = "Mail the store would have sent (no SMTP_URL is set). Newest first.";
export const noMailYet = "No mail yet.";
export const nothingWaiting = "Nothing is waiting. Nice.";
export const bulkEditHint = "Fill in only what should change; empty fields stay as they are.";
export const noUsersFound = "No users found.";
export const ruleSaved = "Rule saved.";
export const ruleDisabled = "Rule disabled.";
export const ruleEnabled = "Rule enabled.";
export const exampleRulesNotice =
  "Example rules drawn from public sources, 2025-2026. This is not legal advice: check the law for every state you ship to.";
export const saleAllowed = "Allowed";
export const saleNeedsLicense = "License required";
export const noRulesApply = "No rule applies: the sale is allowed.";
export const complianceSaved = "Compliance saved.";
export const noLabReport = "No lab report yet.";
export const businessesNeedNoApproval =
  "Businesses need no approval in this store (ACCOUNT_APPROVAL is automatic): every verified account can see prices and order. Licenses are still reviewed here.";
export const businessChangedSinceOpened =
  "This business changed since you opened the queue. The page now shows it as it is; review it again.";
export const pactNone = "No interstate vape shipments this month.";
export const pactExportBadFilter = "Choose a month (YYYY-MM) and a state for the PACT file.";
/** The PACT report's introduction. */
export function pactIntro(shipperState: string): string {
  return `Vape shipments from ${shipperState} into other states, by destination state and month, from the order records (cancelled orders left out). Orders are kept for at least five years; deleting a customer never deletes their orders.`;
}
export const newProductComplianceIntro =
  "What the compliance rules read, saved with the product. The lab report is added on the product's page once it is saved.";
export const complianceFormIntro =
  "What the compliance rules read. Brand, UPC and the lab report show on the product page.";
export const chooseWhatToDo = "Choose what to do.";
export const ruleFiltersHint = "Or the products that match every list filled in below.";
export const ruleReasonHint =
  "For example: Kratom cannot be shipped to {state} (state ban). {state} becomes the buyer's state.";
export const productPickerHint = "Type part of the name or the SKU, then choose the product.";
export const complianceIntro =
  "What may be shipped where, to whom and when. Rules act on product pages, in the cart and at checkout, and every order is checked again when it is placed. Every change is in the audit log.";
export const casePackHint = "Sold only in multiples of this many units; 1 sells single units.";
export const minimumHint = "Units, a multiple of the case pack; empty means one case.";
export const maximumHint = "Units per order, a multiple of the case pack; empty means no limit.";
export const tiersHint = 'One break per line: "quantity, price each", e.g. "50, 119.00". Leave empty for one price.';
export function productAdded(name: string): string {
  return `${name} added.`;
}
export function productSaved(name: string): string {
  return `${name} saved.`;
}
export function groupCreated(name: string): string {
  return `Price group ${name} created.`;
}
export function groupSaved(name: string): string {
  return `Price group ${name} saved.`;
}
export function groupDeleted(name: string): string {
  return `Price group ${name} deleted; its customers pay list prices.`;
}
export function groupPricesSaved(count: number): string {
  return `${count} group price${count === 1 ? "" : "s"} saved.`;
}
export function customerAssigned(who: string, group: string): string {
  return `${who} now pays ${group} prices.`;
}
export function customerUnassigned(who: string): string {
  return `${who} now pays list prices.`;
}
export const noPriceGroups = "No price groups yet: every customer pays list prices.";
export const noGroupMembers = "No customers in this group.";
export const groupPricesHint =
  "One product per line: SKU, price. Used when the group is priced per product; products left out pay list price.";
export function confirmDeleteGroup(name: string): string {
  return `Delete ${name}? Its customers will pay list prices.`;
}
export const lowStockThresholdHint =
  "The product shows on the low-stock report at or under this many units. Leave empty to use the store-wide threshold.";
export const importChooseFile = "Choose a CSV file to import.";
export const importTiersFormat =
  'price_tiers holds the volume prices as "quantity:price each" pairs separated by semicolons, smallest quantity first: "12:4.50;48:4.00" is $4.50 each from 12 units and $4.00 each from 48. An empty cell removes them; a file without the column leaves them as they are.';
/** What the catalog import's chosen columns take, beside its columns. */
export function importChoices(
  categories: readonly string[],
  productClasses: readonly string[],
  flavorClasses: readonly string[],
): string {
  return `category is one of ${categories.join(", ")}; product_class one of ${productClasses.join(", ")}; flavor_class one of ${flavorClasses.join(", ")} (both may be empty).`;
}
export const importImageUrlsReadOnly =
  "The export also lists each product's image URLs in image_urls; the import ignores that column (add images in bulk or in the product form).";
/** 'Applying… 1,200 of 10,000 rows' (the import's progress bar while Apply runs). */
export function importApplyingProgress(done: number, total: number): string {
  return `Applying… ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows`;
}
export const importApplying = "Applying the import…";
export const importApplyFailed = "The import could not be finished, so nothing was changed. Try Apply again.";
export const importConnectionLost =
  "The connection to the store was lost before the import answered. Reload the page and look at the products to see whether it was applied.";
export const importReading = "Reading the file…";
export const importStagedGone =
  "This dry run can no longer be applied: it was applied already or is more than a day old. Run a dry run of the file again.";
export const importNothingToApply = "Nothing to apply: every row is either unchanged or refused.";
/** 'Imported: 3 added, 2 changed, 1 deleted.' */
export function importApplied(counts: { added: number; changed: number; deleted: number }): string {
  const n = (x: number) => x.toLocaleString("en-US");
  return `Imported: ${n(counts.added)} added, ${n(counts.changed)} changed, ${n(counts.deleted)} deleted.`;
}
export const orderExportBadFilter =
  "Choose the days as YYYY-MM-DD (the first on or before the last) and a status from the list.";
export const confirmCancelOrder = "Cancel this order? Its items go back in stock and the customer is told.";
/** 'Only orders that are Processing or In Review can be changed (this one is Completed).' */
export function orderNotEditable(status: string): string {
  return `Only orders that are Processing or In Review can be changed (this one is ${status}).`;
}
export const orderNoHistory = "No changes since the order was placed.";
/** 'Remove Soda Case from the order? Its units go back in stock.' */
export function confirmRemoveLine(name: string): string {
  return `Remove ${name} from the order? Its units go back in stock and the customer is told.`;
}
export const confirmDisableUser = "Disable this account? They are signed out at once and cannot log in.";
export const confirmEnableUser = "Re-enable this account? They can log in again.";
export const confirmMakeAdmin = "Make this user an admin? They can change everything in the back office.";
export const confirmRemoveAdmin = "Remove admin from this user? They become a customer.";
export const confirmDeleteUser =
  "Delete this customer? Their account, addresses, business and licenses are removed for good; their orders stay as 'Unknown User'.";
/** 'Account: Dana Diaz (dana@shop.test)': which account a confirmation asks about. */
export function confirmUserAccount(name: string, email: string): string {
  return `Account: ${name} (${email})`;
}
export const noLowStock = "Nothing is at or under its low-stock threshold.";
/** 'Store-wide low-stock threshold set to 8.' */
export function storeThresholdSet(n: number): string {
  return `Store-wide low-stock threshold set to ${n}.`;
}
/** 'Low-stock threshold of NV-1 set to 3.' */
export function productThresholdSet(sku: string, n: number | null): string {
  return n === null
    ? `${sku} now uses the store-wide low-stock threshold.`
    : `Low-stock threshold of ${sku} set to ${n}.`;
}
export const bulkImagesChoose = "Choose images or ZIP files named by SKU.";
/** '3 images attached to 2 products; 1 file skipped.' */
export function bulkImagesDone(attached: number, products: number, skipped: number): string {
  const files = (n: number) => `${n} file${n === 1 ? "" : "s"}`;
  const images = `${attached} image${attached === 1 ? "" : "s"} attached to ${products} product${products === 1 ? "" : "s"}`;
  return `${attached === 0 ? "No image attached" : images}; ${skipped === 0 ? "nothing skipped" : `${files(skipped)} skipped`}.`;
}
export const directoryStatesHint =
  "States whose vape directory lists this product, as two-letter codes (for example KY, NC). Rules that require a directory listing read this.";
export const bulkDirectoryStatesHint = "Added to the states already listed for each product.";
/** The audit log's introduction: what it holds, and the one change it allows (migration 0013). */
export const auditIntro =
  "Every admin change to products, prices, stock, orders and accounts, and every approval decision. Entries cannot be edited or deleted; a deleted customer's name and email in them read 'Unknown User'.";

/** The import screen's word on the built-in database's limit (decision 0024). */
export function importEmbeddedDatabaseLimit(rows: number, fileRows: number): string {
  return `On the store's built-in database (SQLite) one Apply adds, changes and deletes at most ${rows.toLocaleString("en-US")} products (rows a file leaves unchanged do not count): every page of the store waits while an Apply writes. Split larger files and apply them one after the other; a store on PostgreSQL takes files of up to ${fileRows.toLocaleString("en-US")} rows at once.`;
}
/** What an order's page says after an edit: the change (without the order's number) and the new total. */
export const orderEdited = (change: string, total: string) => `${change}. New total ${total}.`;
