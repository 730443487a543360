/**
 * The product's messages, word for word from the specification (section 8 and the screens).
 * Server and browser code both take them from here, as a namespace:
 *
 *   import * as MESSAGES from "~/lib/messages";
 *
 * Each message is its own export so that a browser bundle carries only the messages its code
 * names (a namespace import keeps that; an object of messages would ship the whole catalog).
 *
 * A sentence with parts (a function, which the bundler cannot inline where it is used, as it does a
 * constant) that a page shows lives in its area's module under messages/ (cart, selling, forms,
 * pages, the account area, the back office...), so a page carries only its own; the shell's own
 * sentences are messages/shell.ts, re-exported here (decisions 0020 and 0078). This module keeps
 * the constants and the sentences only the server writes (mails, refusals).
 */

import { shortDollars } from "./messages/shell";
import { formatCents } from "./money";
import { MAX_ORDER_LINES } from "./order-limits";

export * from "./messages/shell";

export const usernameNotFound = "Username not found";
export const verifyBeforeLogin = "Please verify your email before logging in.";
export const invalidCredentials = "Invalid login credentials";
export const loginSuccess = "Login successful!";
export const usernameInUse = "Username already in use";
export const registered = "A verification email has been sent. Please verify before logging in.";
export const bothPasswordsRequired = "Please enter both current and new passwords.";
export const addressSaved = "Address saved successfully!";
export const failedToLoadAddress = "Failed to load address.";
export const mustBeLoggedIn = "You must be logged in.";
export const selectShippingAddress = "Please select a shipping address.";
export const failedToPlaceOrder = "Failed to place order.";
export const productNotFound = "Product not found.";
export const noOrdersFound = "No orders found.";
export const unknownUser = "Unknown User";
export const noProductsFound = "No products found.";
export const loadingMoreProducts = "Loading more products...";
export const loginToAdd = "Please login to add items to your cart.";
export const outOfStock = "This product is currently out of stock.";
export const loginToViewPricing = "Login to view pricing";

/** Answer to a forgot-password request, the same whether or not the address has an account. */
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please ask for a new one.";
export const RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset the password.";

// ---- The store's own sentences (beyond the specification) ----
export const awaitingApproval = "Your account is waiting for approval";

// Accounts: sign-in, registration, settings, addresses, security
export const usernameRule = "3-30 letters, numbers, dots or underscores.";
export const usernameMustBe = `Username must be ${usernameRule}`;
export const phoneTooLong30 = "Phone number must be at most 30 characters.";
export const enterValidPhone = "Please enter a valid phone number.";
export const zipRequired = "ZIP code is required.";
export const zipFormat = "ZIP code must be 5 digits or ZIP+4 (12345-6789).";
export const stateRequired = "State is required.";
export const chooseUsState = "Please choose a US state.";
export const usernameRequired = "Username is required.";
export const emailRequired = "Email is required.";
export const emailTooLong = "Email is too long.";
export const enterValidEmail = "Please enter a valid email address.";
export const passwordRequired = "Password is required.";
export const passwordTooShort = "Password must be at least 8 characters.";
export const passwordTooLong = "Password must be at most 128 characters.";
export const chooseGender = "Please choose Male, Female, Other or leave it unselected.";
export const enterEmailOrUsername = "Please enter your email or username.";
export const emailOrUsernameTooLong = "That is too long for an email or username.";
export const enterPassword = "Please enter your password.";
export const passwordsDoNotMatch = "The passwords do not match.";
export const resetLinkNotValid = "This reset link is not valid.";
export const confirmNewPassword = "Please confirm the new password.";
export const noAccess = "You do not have access to this.";
export const addressNotFound = "Address not found.";
export const addressRemoved = "Address removed.";
export const defaultAddressUpdated = "Default address updated.";
export const currentPasswordIncorrect = "Current password is incorrect.";
export const verificationResent = "If that account still needs verifying, a new verification email is on its way.";
export const emailVerified = "Your email is verified. You can log in now.";
export const loginPageDescription = "Log in to see wholesale prices, order and track your orders.";
export const loggingIn = "Logging in...";
export const passwordHint = "At least 8 characters.";
export const permitNumberHint = "Optional now: 11 digits, as printed on your permit.";
export const creatingAccount = "Creating account...";
export const resetLinkNotValidAskAgain =
  "This reset link is not valid. Please ask for a new one from the Forgot Password page.";
export const loggedOut = "You have been logged out.";
export const forgotPageDescription = "Reset the password of your wholesale account.";
export const tooManyAddresses = (max: number) => `You can keep up to ${max} addresses. Please remove one first.`;
export const forgotIntro = "Enter the email of your account and we will send you a link to set a new password.";
export const verificationEmailMissing = "Did not get the verification email?";
export const forgotPasswordLink = "Forgot password?";
export const verificationLinkInvalid = "This verification link is invalid or has expired. Log in to get a new one.";
export const passwordChangedLogIn = "Your password has been changed. Log in with the new one.";

export const formWrongEncoding = "Send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const formUnreadable = "The form could not be read. Please reload the page and try again.";
export const formTooManyFields = "This form has more fields than it can take.";
export const fieldControlCharacters = "Remove the control characters from this field.";
export const checkTheFields = "Check the fields.";
export const tooManyAttempts = "Too many attempts. Please try again later.";
export const badRequestPath = "The address holds characters it cannot have.";

export const lineNeedsProduct = "Each line needs a product.";
export const quantitiesWholeNumbers = "Quantities must be whole numbers.";
export const quantitiesAtLeastOne = "Quantities must be at least 1.";
export const cartUnreadable = "The cart could not be read.";
export const cartEmpty = "Your cart is empty.";
export const cartTooLarge = "The cart is too large.";
export const checkoutExpired = "This checkout has expired. Please reload the page.";
export const enterYourName = "Please enter your name.";
export const nameOneLine = "Name must be on one line.";
export const enterYourEmail = "Please enter your email address.";
export const emailAddressTooLong = "Email address is too long.";
export const phoneTooLong = "Phone number is too long.";
export const confirmNotRobot = "Please confirm you are not a robot.";
export const removeUnavailableLines = "Remove the lines marked unavailable to place your order.";
export const lineNoLongerAvailable = "No longer available: remove it to place your order.";
export const lineOutOfStock = "Out of stock: remove it to place your order.";
export const heroVapesText = "Top-selling puff counts and flavors in 10-pack displays, restocked weekly.";
export const heroKratomText = "Powders and capsules by strain, from 30 g retail packs to 1 kg bulk bags.";
export const heroAccessoriesText = "Lighters, chargers, air fresheners and impulse buys for the counter.";
export const homeDeliveryText =
  "Same-week delivery across the Dallas-Fort Worth area, straight to your store's back door.";
export const homeStockText = "Deep stock on the lines that sell, in case packs and display boxes sized for retail.";
export const homeSupportText = "Real people on the phone Monday to Saturday who know the products and your account.";
export const placingOrder = "Placing order...";
export const poNumberHint = "Your own reference for this order; it is printed on the invoice.";
export const contactSent = "Thank you! Your message has been sent. We will get back to you within one business day.";
export const orderNotFound = "Order not found.";
export const confirmClearCart = "Remove every item from your cart?";
export const catalogPageDescription =
  "Browse every product we carry at wholesale: vapes, kratom, glass, novelty, accessories and delta.";
export const searchPageDescription = "Search the wholesale catalog by product name.";
export const enterQuantityAtLeastOne = "Enter a quantity of at least 1.";
export const quantitiesAtMost = (max: number) => `Quantities must be at most ${max.toLocaleString("en-US")}.`;
export const tooManyOrderLines = (max: number) => `An order can have at most ${max} lines.`;
export const nameAtMost = (max: number) => `Name must be at most ${max} characters.`;
export const messageAtMost = (max: number) => `Message must be at most ${max} characters.`;
export const productNoLongerAvailable = (id: number) =>
  `Product #${id} is no longer available. Remove it to place your order.`;
export const onlyLeftOf = (stock: number, name: string) => `Only ${stock} left of ${name}. Please lower the quantity.`;
export const productOutOfStockRemove = (name: string) => `${name} is out of stock. Remove it to place your order.`;
export const loadingCart = "Loading your cart...";
export const noSavedAddressAddBelow = "You have no saved address yet. Add one below.";
export const thankYouForOrder = "Thank you for your order!";
export const typeProductName = "Type a product name in the search box above.";

export const quantityRequired = "Quantity is required.";
export const quantityWholeNumber = "Quantity must be a whole number, 0 or more.";
export const categoryRequired = "Category is required.";
export const chooseStoreCategory = "Please choose one of the store's categories.";
export const nameRequired = "Name is required.";
export const nameTooLong = "Name must be at most 200 characters.";
export const descriptionTooLong = "Description must be at most 5,000 characters.";
export const skuTooLong = "SKU must be at most 64 characters.";
export const skuCharacters = "SKU may use letters, numbers, dots, dashes and underscores.";
export const reloadAndRetry = "Reload the page and try again.";
export const invalidProductSelection = "Invalid product selection.";
export const selectAtLeastOneProduct = "Select at least one product.";
export const selectAtMost500Products = "Select at most 500 products at a time.";
export const fillInOneField = "Fill in at least one field to change.";
export const productChangedSinceOpened =
  "This product changed since you opened it. The form now shows the saved values; make your change again.";
export const unknownStatus = "Unknown status.";
export const skuTaken = (sku: string) => `SKU ${sku} is already used by another product.`;
export const stockChangedSinceOpened = (stockNow: number) =>
  `The stock changed since you opened this product: it is now ${stockNow}. The form now shows the saved values; correct the stock again if needed.`;
export const orderDoesNotExist = (orderId: number) => `Order #${orderId} does not exist.`;
export const cannotReturnToProcessing = (orderId: number, refusal: string) =>
  `Order #${orderId} cannot go back to Processing: ${refusal}`;
/** A cancelled order refused its way back, for a reason of the compliance rules. */
export const orderCannotLeaveCancelled = (orderId: number, refusal: string) =>
  `Order #${orderId} cannot leave Cancelled: ${refusal}`;
export const cannotLeaveCancelled = (orderId: number, productName: string, quantity: number) =>
  `Order #${orderId} cannot leave Cancelled: not enough stock of ${productName} to take ${quantity} again.`;
export const orderChangedBySomeoneElse = (orderId: number) =>
  `Order #${orderId} was changed by someone else. Reload and try again.`;
/** 'Order #12 changed since you opened it: it is now Cancelled. ...' */
export const orderStatusChangedSinceOpened = (orderId: number, statusNow: string) =>
  `Order #${orderId} changed since you opened it: it is now ${statusNow}. The page now shows it as it is; make your change again.`;

export const texasPermitDigits = "A Texas sales tax permit number has 11 digits.";
export const dbaTooLong = "Keep the DBA under 120 characters.";
export const dbaOneLine = "The DBA must be on one line.";
export const chooseBusinessType = "Choose the type of business.";
export const licenseNumberFormat = "Enter the license number as printed (letters, digits and dashes).";
export const enterLicenseExpiry = "Enter the expiry date printed on the license.";
export const licenseAlreadyExpired = "This license has already expired. Upload a current one.";
export const chooseLicenseType = "Choose the type of license.";
export const enterLicenseNumber = "Enter the license number.";
export const chooseLicenseState = "Choose the state that issued the license.";
export const enterIsoDate = "Enter the date as YYYY-MM-DD.";
export const licenseNotFound = "That license was not found.";
export const chooseOwnShippingAddress = "Choose one of your shipping addresses.";
export const licenseRejectionNeedsReason = "Give the reason for the rejection: the customer reads it.";
export const licenseLimitReached = (most: number) =>
  `A business keeps at most ${most} licenses under review or in force. Replace one of yours (Replace, next to it) rather than adding another.`;
export const licenseUploadsPerHour = (most: number, minutes: number) =>
  `You have uploaded ${most} license documents in the last hour, the most we take. Try again in ${minutes} minutes.`;
export const licenseAlreadyReviewed = "This license was already reviewed. Reload to see the decision.";
export const uploadCorrectedDocument = "You can upload a corrected document from your business profile.";
export const uploadRenewedLicense =
  "Upload the renewed license from your business profile so we can keep shipping to you.";
export const uploadRenewedLicenseBeforeExpiry =
  "Upload the renewed license from your business profile before then so your orders are not held.";
export const businessAlreadyReviewed = "This business was already reviewed. Reload to see the decision.";
export const documentTooLarge = "The document is larger than 10 MB.";
export const documentWrongType = "The document must be a PDF, JPEG or PNG file.";
export const documentUnreadable = "The document could not be read. Save it again as a PDF, JPEG or PNG and upload it.";
export const chooseDocument = "Choose the document to upload.";
export const documentTooManyPixels = (fileName: string, megapixels: number) =>
  `${fileName}: the image is larger than ${megapixels} megapixels. Scan it at a lower resolution, or upload a PDF.`;

// Mails (subjects and paragraphs; the layout adds the store's footer)
export const mailGreeting = (name: string) => `Hi ${name},`;
export const verificationMailSubject = (storeName: string) => `Verify your email for ${storeName}`;
export const verificationMailBody =
  "Thanks for registering. Please confirm your email address to finish setting up your account.";
export const resetMailSubject = (storeName: string) => `Reset your ${storeName} password`;
export const resetMailBody =
  "We received a request to reset your password. The link below works for one hour. If you did not ask for this, you can ignore this email.";
export const alreadyRegisteredMailSubject = (storeName: string) => `You already have an account with ${storeName}`;
export const alreadyRegisteredMailBody =
  "Someone (perhaps you) just tried to create a new account with this email address. You already have an account, so nothing was changed.";
export const logInHere = (url: string) => `Log in here: ${url}`;
export const forgotPasswordHere = (url: string) => `Forgot your password? Choose a new one here: ${url}`;
export const mailHello = "Hello,";
export const registrationWaitingMailSubject = (storeName: string) =>
  `A registration with ${storeName} is already waiting for this address`;
export const registrationWaitingMailBody = (madeAt: string) =>
  `Someone (perhaps you) just tried to register with this email address, but a registration made on ${madeAt} is already waiting for this address to be verified. We changed nothing.`;
export const registrationWaitingIfYours =
  "If you made that registration, verify it with the link in the email we sent you then.";
export const registrationWaitingIfNotYours = (endsAt: string) =>
  `If you did not make it, do not verify it: it ends unverified on ${endsAt}, and you can register with this address then.`;
export const alreadyRegisteredMailNotYou =
  "If this was not you, you can ignore this email: your account and password are unchanged.";
export const orderConfirmedMailSubject = (orderId: number) => `Order #${orderId} confirmed`;
export const orderThanks = (orderId: number) => `Thank you for your order #${orderId}. We are processing it now.`;
export const newOrderMailSubject = (orderId: number, customer: string) => `New order #${orderId} from ${customer}`;
export const newOrderSummary = (orderId: number, units: number, total: string) =>
  `New order #${orderId} (${units} units, ${total}).`;
export const orderStatusMailSubject = (orderId: number, status: string) => `Order #${orderId} is now ${status}`;
export const orderStatusMailBody = (orderId: number, status: string) =>
  `The status of your order #${orderId} is now: ${status}.`;
export const contactMailSubject = (id: number, name: string) => `Contact form #${id}: ${name}`;
export const contactMailIntro = (id: number) => `New message from the contact form (#${id}).`;
export const rejectionReason = (reason: string | null) => `Reason: ${reason}`;
export const businessApprovedMailSubject = "Your business account is approved";
export const businessRejectedMailSubject = "Your business account was not approved";
export const businessApprovedMailBody = (legalName: string) =>
  `${legalName} is approved: you can now see our prices and place orders.`;
export const businessRejectedMailBody = (legalName: string) =>
  `We could not approve ${legalName} for wholesale orders.`;
export const licenseApprovedMailSubject = (type: string) => `Your ${type} was approved`;
export const licenseApprovedMailBody = (type: string, number: string, state: string) =>
  `We reviewed your ${type} ${number} (${state}) and approved it.`;
export const licenseExpiresOnRemind = (date: string) => `It expires on ${date}; we will remind you before then.`;
export const licenseRejectedMailSubject = (type: string) => `Your ${type} needs attention`;
export const licenseRejectedMailBody = (type: string, number: string, state: string) =>
  `We could not approve your ${type} ${number} (${state}).`;
export const licenseExpiredMailSubject = (type: string) => `Your ${type} has expired`;
export const licenseExpiredMailBody = (type: string, number: string, state: string, date: string | null) =>
  `Your ${type} ${number} (${state}) expired on ${date}.`;
export const licenseExpiresInMailSubject = (type: string, days: number) =>
  `Your ${type} expires in ${days} day${days === 1 ? "" : "s"}`;
export const licenseExpiresOnMailBody = (type: string, number: string, state: string, date: string | null) =>
  `Your ${type} ${number} (${state}) expires on ${date}.`;

// ---- Compliance rules (issue 15) ----
export const ruleScopeEmpty =
  "Choose what the rule covers: all products, or at least one class, flavor, category, brand, country, option, nicotine cap or product.";
export const ruleStateUnknown = "Use two-letter US state codes (for example TX, IN).";
export const ruleZipFormat = "ZIP codes have 5 digits.";
export const ruleOptionValuesRequired = "Name the values of the option (for example Tobacco, Menthol).";
export const ruleOptionNameRequired = "Name the option those values are of (for example Flavor).";
export const ruleOptionNameTooLong = "Keep the option's name under 60 characters.";
export const ruleZipsNeedStates = "ZIP codes narrow a state: name the state too.";
export const ruleEndBeforeStart = "The end date must be on or after the start date.";
export const ruleNameRequired = "Give the rule a name.";
export const ruleReasonRequired = "Write the reason the buyer will see.";
export const ruleLicenseTypeRequired = "Choose the license the buyer must hold.";
export const ruleEffectRequired =
  "Choose what the rule does: block the sale, require a license or require a state directory listing.";
export const requireDirectoryListing = "Require a state directory listing";
export const directoryStateUnknown = "List the directory states as two-letter US state codes (for example KY, NC).";
export const ruleNotFound = "That rule was not found.";
export const ruleStale = "Someone changed this rule meanwhile. Reload the page and try again.";
export const upcFormat = "A UPC or EAN has 8, 12 or 13 digits, the last one its check digit.";
export const countryFormat = "Use the two-letter country code (for example US, CN).";
export const numberFormat = "Enter a number, 0 or more.";
export const labReportLink = "Lab report (certificate of analysis)";
export const labReportNotFound = "No lab report for this product.";
export const uploadLicenseLink = "Upload it in Business Profile";
export const saleBlocked = "Blocked";

/** 'This rule contradicts rule "{name}" (products, places and dates that overlap, a different effect).' */
export function ruleContradicts(name: string): string {
  return `This rule contradicts rule "${name}" (products, places and dates that overlap, a different effect). Change or disable that rule first.`;
}

/** The cart, for a line refused at the default address only: '{reason} Another of your addresses …' */
export function notForDefaultAddress(reason: string): string {
  return `${reason} Another of your addresses can receive it: choose it at checkout.`;
}
/** The license wallet and the admin's queue: where a license counts (issue 26). */
export function licenseCountsFor(state: string): string {
  return `Counts for orders to ${state}`;
}
export const licenseCountsEverywhere = "Counts for orders to every state";
export const licenseAddressDeleted = "Covered an address that was removed: it counts for no order.";
/** 'Not available for your Indiana address: state ban' */
export function notAvailableFor(stateName: string, reason: string): string {
  return `Not available for your ${stateName} address: ${reason}`;
}

/** The refusal when an order is placed: '{product}: {reason}' */
export function lineRefused(productName: string, reason: string): string {
  return `${productName}: ${reason}`;
}
export const ruleLabelRequired = "Write a short label for listings (for example: state ban).";

export const listTooLong = "Keep the list under 5,000 characters.";
export const ruleNameTooLong = "Keep the name under 120 characters.";
export const chooseProductClasses = "Choose product classes from the list.";
export const chooseFlavorClasses = "Choose flavor classes from the list.";
export const chooseCategories = "Choose categories from the list.";
export const productIdsFormat = "Product ids are whole numbers.";
export const ruleReasonTooLong = "Keep the reason under 300 characters.";
export const ruleLabelTooLong = "Keep the label under 60 characters.";
export const brandTooLong = "Keep the brand under 80 characters.";
export const chooseProductClass = "Choose a product class from the list.";
export const chooseFlavorClass = "Choose a flavor class from the list.";
export const sevenOhRange = "The 7-OH share is a percentage, 0 to 100.";
export const chooseCatalogProduct = "Choose a product from the catalog.";
export const labReportTooLarge = "The lab report is larger than 10 MB.";
export const noCustomerWithEmail = "No customer has that email.";

// ---- Wholesale ordering (issue 16): selling units ----
export const quantityNotWhole = "Enter the quantity as a whole number.";
export const casePackInvalid = "Case pack must be a whole number from 1 to 10,000.";
export const minimumInvalid = "Minimum order must be a whole number from 1 to 10,000.";
export const maximumInvalid = "Maximum per order must be empty or a whole number from 1 to 10,000.";
export const minimumNotPackMultiple = "Minimum order must be a multiple of the case pack.";
export const maximumNotPackMultiple = "Maximum per order must be a multiple of the case pack.";
export const maximumBelowMinimum = "Maximum per order must be at least the minimum order.";

export const groupNameRequired = "Give the group a name on one line.";
export const groupNameTooLong = "A group name can have at most 60 characters.";
export const groupKindRequired = "Choose how the group is priced.";
export const percentOffInvalid = "Percent off must be a number from 0 to 100, like 12.5.";
export function groupNameTaken(name: string): string {
  return `There is already a group named ${name}.`;
}
export function groupPricesTooMany(max: number): string {
  return `At most ${max.toLocaleString("en-US")} prices at a time.`;
}
export function groupPriceLineUnreadable(line: number): string {
  return `Group prices, line ${line}: write a SKU and a price, like "VAP-001, 11.50".`;
}
export function groupPriceNegative(line: number): string {
  return `Group prices, line ${line}: a price cannot be below zero.`;
}
export function groupPriceInvalid(line: number): string {
  return `Group prices, line ${line}: the price must be an amount like 11.50.`;
}
export function groupPriceRepeated(line: number, sku: string): string {
  return `Group prices, line ${line}: ${sku} is listed twice.`;
}
export function groupPriceUnknownSkus(skus: string[]): string {
  return `No product has the SKU ${skus.slice(0, 5).join(", ")}${skus.length > 5 ? ` and ${skus.length - 5} more` : ""}.`;
}
export const groupNotFound = "That price group was not found.";
export const customerNotFound = "No customer account has that email or username.";
export const onlyCustomersInGroups = "Only customer accounts can be put in a price group.";
export const chooseAction = "Choose what to change.";

export const freeShippingReached = "Your order ships free.";
export const freeShippingProgress = "Progress to free shipping";

// ---- Back office (issue 17): documents, catalog import and export, order editing ----
export const importNoSkuColumn = "The file has no SKU column. The first row must name the columns, one of them sku.";
export const importEmpty = "The file has no products: it needs a first row naming the columns and one row per product.";
export const importNotUtf8 =
  "The file is not UTF-8 text (it may have been saved as Windows-1252 or UTF-16). In your spreadsheet choose Save As, CSV UTF-8, then upload it again.";
export const importNotCsv = "This file is not a CSV file. Export the sheet as CSV UTF-8 and upload that.";
export const importCatalogChanged =
  "The catalog changed since this dry run. Check the new dry run below, then apply again.";
export const skuRequired = "SKU is required.";
export const skuFormat = "SKU may use letters, numbers, dots, dashes and underscores (at most 64).";
export const nameFormat = "Name must be on one line, at most 200 characters.";
export const stockFormat = "Stock must be a whole number, 0 or more.";
export const deleteFormat = 'The delete column takes "yes" or nothing.';
export const deleteUnknownSku = "There is no product with this SKU to delete.";

/** 'The file has more than 50,000 rows. Split it into smaller files.' */
export function importTooManyRows(rows: number): string {
  return `The file has more than ${rows.toLocaleString("en-US")} rows. Split it into smaller files.`;
}
/** 'Unknown column "shade". The columns are: sku, name, ...' */
export function importUnknownColumn(column: string, known: readonly string[]): string {
  return `Unknown column "${column}". The columns are: ${known.join(", ")}.`;
}
/** 'The column "price" appears twice.' */
export function importDuplicateColumn(column: string): string {
  return `The column "${column}" appears twice.`;
}
/** 'Row 7 cannot be read: ...' (a CSV syntax problem: quotes, column count). */
export function importUnreadable(row: number, reason: string): string {
  return `Row ${row} cannot be read: ${reason}. Fix the row (or export the sheet again as CSV UTF-8) and upload it again.`;
}
/** 'SKU NV-1 appears more than once in the file (rows 3, 9).' */
export function duplicateSku(sku: string, rows: number[]): string {
  return `SKU ${sku} appears more than once in the file (rows ${rows.join(", ")}).`;
}
/** 'Category "snacks" does not exist. The categories are: ...' */
export function unknownCategory(category: string, known: readonly string[]): string {
  return `Category "${category}" does not exist. The categories are: ${known.join(", ")}.`;
}
/** The catalog import's product_class cell: 'Product class "vape" does not exist. The product classes are: …' */
export function unknownProductClass(value: string, known: readonly string[]): string {
  return `Product class "${value}" does not exist. The product classes are: ${known.join(", ")}.`;
}
/** The catalog import's flavor_class cell, likewise. */
export function unknownFlavorClass(value: string, known: readonly string[]): string {
  return `Flavor class "${value}" does not exist. The flavor classes are: ${known.join(", ")}.`;
}
/** 'A new product needs a name, price, stock and category (missing: price).' */
export function newProductMissing(missing: string[]): string {
  return `A new product needs a value in every one of these columns: ${missing.join(", ")}.`;
}
export const orderEditQuantity = "Enter a quantity from 1 to 10,000.";
export const orderEditTooManyLines = `An order can have at most ${MAX_ORDER_LINES} lines.`;
export const orderEditLastLine = "An order needs at least one line. To call it off, cancel the order instead.";
export const orderEditChanged =
  "This line changed since you opened the order. The page now shows it as it is; edit it again.";
/** 'Soda Case changed on this order since you opened it. ...' (an add from a stale page) */
export function orderEditProductChanged(name: string): string {
  return `${name} changed on this order since you opened it. The page now shows it as it is; add it again if you still need to.`;
}
export const orderEditGone = "This product was deleted from the catalog: its quantity can only go down.";
export const orderEditNothing = "Nothing changed.";
/** 'Not enough stock of Soda Case: only 3 left.' */
export function orderEditNoStock(name: string, left: number): string {
  return `Not enough stock of ${name}: only ${left} left.`;
}
/** 'No product has the SKU "NV-9".' */
export function orderEditUnknownSku(sku: string): string {
  return `No product has the SKU "${sku}".`;
}

// ---- Back office (issue 17): users ----
export const accountDisabled = "This account has been disabled. Contact the store to have it re-enabled.";
export const userNotYourself = "You cannot do this to your own account.";
export const userNotFound = "This account no longer exists.";
export const lastAdmin = "The store needs at least one active admin: make someone else admin first.";
export const userDeleteAdmin = "Remove admin from this account before deleting it.";
export const userDeleted = "Customer deleted. Their orders stay, shown as 'Unknown User'.";
/** 'Ann is disabled.' */
export function userDisabled(name: string): string {
  return `${name} is disabled and signed out everywhere.`;
}
/** 'Ann can log in again.' */
export function userEnabled(name: string): string {
  return `${name} can log in again.`;
}
/** 'Ann is now an admin.' / 'Ann is now a customer.' */
export function userRole(name: string, role: "admin" | "customer"): string {
  return `${name} is now ${role === "admin" ? "an admin" : "a customer"}.`;
}

// ---- Back office (issue 17): low stock ----
/** An import row that changes a case pack or price the product's stored breaks no longer fit (the breaks' own refusal inside). */
export function storedTiersContradictRow(reason: string): string {
  return `the product's current volume prices do not fit this row's case pack or price. ${reason} Add a price_tiers column with breaks that fit, or leave its cell empty to remove them.`;
}
export const thresholdFormat = "The low-stock threshold must be a whole number, 0 or more (empty: the store-wide one).";

// ---- Back office (issue 17): images in bulk ----
export const zipUnsafeName = "Refused: the name climbs out of the ZIP's folder or is absolute.";
/** 'Refused: the ZIP files of this upload unpack to more than 200 MB together (a ZIP bomb?). …' */
export function zipBomb(mb: number): string {
  return `Refused: the ZIP files of this upload unpack to more than ${mb} MB together (a ZIP bomb?). Send fewer or smaller ZIP files at a time.`;
}
export const zipUnreadable = "The ZIP file cannot be read (damaged or not a ZIP).";
/** 'The ZIP holds more than 1,000 files.' */
export function zipTooManyFiles(n: number): string {
  return `Refused: the ZIP holds more than ${n.toLocaleString("en-US")} files. Send smaller ZIP files.`;
}
/** Why a file of images in bulk was skipped (the page names the file beside it). */
export const bulkImageNoSku = "No product has the SKU this file is named after.";
/** 'Added to Gum, mint (NV-GUM-1) as image 2.' */
export function bulkImageAttached(name: string, sku: string, position: number): string {
  return `Added to ${name} (${sku}) as image ${position}.`;
}
export const bulkImageTooLarge = "The file is larger than 10 MB.";
/** 'Already image 2 of Gum, mint (NV-GUM-1): not added again.' */
export function bulkImageAlreadyThere(name: string, sku: string, position: number): string {
  return `Already image ${position} of ${name} (${sku}): not added again.`;
}
/** 'photos.zip: 3 hidden or system files skipped (__MACOSX, names starting with a dot).' */
export function zipHiddenFilesSkipped(count: number): string {
  return `${count} hidden or system file${count === 1 ? "" : "s"} skipped (__MACOSX, names starting with a dot).`;
}
/** A change an admin made to an order, as its history and the customer's mail say it. */
export const orderEditQuantityChange = (name: string, sku: string, from: number, to: number) =>
  `${name} (${sku}) quantity ${from} to ${to}`;
export const orderEditAddedChange = (quantity: number, name: string, sku: string, price: string) =>
  `added ${quantity} × ${name} (${sku}) at ${price}`;
export const orderEditRemovedChange = (quantity: number, name: string, sku: string) =>
  `removed ${quantity} × ${name} (${sku})`;
export const orderEditSummary = (orderId: number, change: string) => `Order #${orderId}: ${change}`;
export const orderEditAuditSummary = (summary: string, from: string, to: string) =>
  `${summary}; total ${from} to ${to}`;
export const orderChangedMailSubject = (orderId: number) => `Order #${orderId} was changed`;
export const orderNewTotal = (total: string) => `New total: ${total}`;
/** The order-changed mail: 'We changed your order #12: ...' */
export function orderChangedMail(orderId: number, change: string): string {
  return `We changed your order #${orderId}: ${change}.`;
}

export const binFormat = "A bin is up to 20 letters, digits, spaces, dots, dashes or slashes, like A-03-2.";
