/**
 * The sentences of stock coming in (issue 39): suppliers, purchase orders, receiving, lots, recalls.
 * Import as a namespace: `import * as INVENTORY_MESSAGES from "~/lib/messages/inventory"`.
 */
export const supplierNameTaken = (name: string) => `A supplier named ${name} already exists.`;
export const supplierCreated = (name: string) => `Supplier ${name} added.`;
export const supplierSaved = (name: string) => `Supplier ${name} saved.`;
export const supplierNotFound = "That supplier no longer exists.";
export const noSuppliers = "No suppliers yet. Add the first one below.";
export const contactAdded = (name: string) => `${name} added to the contacts.`;
export const contactRemoved = "Contact removed.";
export const itemSaved = (sku: string) => `${sku} saved to this supplier's products.`;
export const itemRemoved = (sku: string) => `${sku} removed from this supplier's products.`;
export const noSupplierItems = "No products yet: add the products this supplier sells, with their cost.";
export const unknownSku = (sku: string) => `No product has the SKU ${sku}.`;
export const packSizeInvalid = "Pack size must be a whole number from 1 to 10,000.";
export const leadTimeInvalid = "Lead time must be a whole number of days from 0 to 365.";
export const reorderPointInvalid = "Reorder point must be a whole number of units, or empty.";

export const purchaseOrderCreated = (number: number) => `Purchase order PO-${number} created.`;
export const purchaseOrderSaved = (number: number) => `Purchase order PO-${number} saved.`;
export const purchaseOrderSent = (number: number, email: string) => `Purchase order PO-${number} sent to ${email}.`;
export const purchaseOrderClosed = (number: number) => `Purchase order PO-${number} closed.`;
export const purchaseOrderCancelled = (number: number) => `Purchase order PO-${number} cancelled.`;
export const purchaseOrderNotFound = "That purchase order no longer exists.";
export const purchaseOrderNotDraft = "Only a draft purchase order can be changed; this one was sent.";
export const purchaseOrderEmpty = "Add at least one product before sending the purchase order.";
export const purchaseOrderNotReceivable = (status: string) =>
  `This purchase order is ${status}: nothing more can be received against it.`;
export const purchaseOrderCannotClose = "Only a purchase order that was sent can be closed.";
export const purchaseOrderCannotCancel = "A purchase order that has received stock cannot be cancelled; close it.";
export const noPurchaseOrders = "No purchase orders yet.";
export const noSuggestions = "Nothing to reorder from this supplier: every product is above its reorder point.";
export const notSoldBySupplier = (sku: string) => `${sku} is not one of this supplier's products.`;
export const quantityInvalid = "Quantity must be a whole number from 1 to 100,000.";
export const lineQuantityInvalid = (sku: string) => `${sku}: the quantity must be a whole number from 0 to 100,000.`;
export const receivedLines = (units: number, lots: number) =>
  `${units.toLocaleString("en-US")} unit${units === 1 ? "" : "s"} received in ${lots} lot${lots === 1 ? "" : "s"}.`;
export const nothingReceived = "Type the count of at least one product to receive.";
export const lotCodeRequired = (sku: string) => `${sku}: type the lot code printed on the carton.`;
export const lotCodeInvalid = (sku: string) =>
  `${sku}: a lot code is 1 to 40 letters, digits, dots, dashes or slashes.`;
export const lotCodeTaken = (code: string) => `Lot code ${code} is already used; check the carton and type it again.`;
export const lotCodeTwice = (code: string) => `Lot code ${code} is typed on two lines.`;
export const expiryInPast = (sku: string) => `${sku}: the expiry date has passed; this lot cannot be received.`;
export const dayInvalid = (sku: string, field: string) => `${sku}: the ${field} must be a date (YYYY-MM-DD).`;
export const thcInvalid = (sku: string) => `${sku}: THC is in milligrams per container, like 0.25.`;
export const labReportNotPdf = "The lab report must be a PDF file.";
export const receiveHint = "Scan or type a UPC, SKU or the supplier's SKU to jump to its line.";
export const scanNotFound = (code: string) => `No line of this purchase order matches ${code}.`;
export const overReceived = (extra: number) => `${extra} more than ordered`;
export const underReceived = (missing: number) => `${missing} still to come`;

export const lotNotFound = "That lot no longer exists.";
export const lotStatusChanged = (code: string, status: string) => `Lot ${code} is now ${status}.`;
export const lotPublished = (code: string, published: boolean) =>
  published ? `Lot ${code}'s lab report is now public.` : `Lot ${code}'s lab report is no longer public.`;
export const lotNeedsReport = "Add the lab report before publishing it.";
export const lotAlreadyRecalled = (code: string) => `Lot ${code} is already recalled.`;
export const confirmRecall = (code: string, stores: number) =>
  `Recall lot ${code}? It stops being sold at once and ${stores} business${stores === 1 ? "" : "es"} will be notified.`;
export const recallStarted = (code: string, notices: number) =>
  `Lot ${code} recalled; ${notices} notice${notices === 1 ? "" : "s"} queued.`;
export const recallClosed = (code: string) => `The recall of lot ${code} is closed.`;
export const recallReasonRequired = "Say why the lot is recalled.";
export const recallActionRequired = "Say what the stores must do with the product.";
export const noLots = "No lots yet: lots are made when a purchase order is received.";
export const noRecipients = "No order has received this lot.";
export const countSaved = (code: string, before: number, after: number) => `Lot ${code} counted: ${before} → ${after}.`;
export const countReasonRequired = "Choose the reason for the count.";
export const countInvalid = "The count must be a whole number from 0 to 1,000,000.";

export const recallMailSubject = (store: string, code: string) => `${store}: recall of lot ${code}`;
export const recallMailIntro = (business: string, code: string) =>
  `${business}, a lot of a product you bought from us is recalled: lot ${code}.`;
export const recallMailReason = (reason: string) => `Why: ${reason}`;
export const recallMailAction = (action: string) => `What to do: ${action}`;
export const recallMailLine = (orderId: number, day: string, quantity: number, name: string, sku: string) =>
  `Order #${orderId} of ${day}: ${quantity} × ${name} (${sku})`;
export const recallMailClosing = "Reply to this mail or call us with any question.";

export const poMailSubject = (store: string, number: number) => `${store}: purchase order PO-${number}`;
export const poMailText = (supplier: string, number: number, store: string) =>
  `Hello ${supplier},\n\nPlease find our purchase order PO-${number} attached.\n\n${store}`;

export const lotPageNotPublished = "This lot's lab report is not public.";
export const lotReportHeading = (code: string) => `Lab report of lot ${code}`;
export const contactEmailInvalid = "Enter a valid email address for the contact, or leave it empty.";
export const purchaseLineUnreadable = (line: string) =>
  `Could not read "${line}": write a SKU, a comma and a quantity.`;
export const tooManyPurchaseLines = (max: number) => `A purchase order holds at most ${max} products.`;
export const fieldTooLongHere = "That value is too long.";
export const purchaseOrderChanged = "This purchase order changed since you opened it; reload the page and try again.";
export const recallActionExample = "Stop selling it, set it aside; we will collect it and credit you.";

// The public page of a lot (/lots/{code}), its labels and the documents that name it.
export const lotPageNotFound = "No published lot has this code. Check the code printed on the label.";
export const lotPageTitle = (code: string, name: string) => `Lot ${code} of ${name}`;
export const lotPageDescription = (code: string, name: string, sku: string) =>
  `The batch, expiry and lab report of lot ${code} of ${name} (SKU ${sku}).`;
export const lotPageIntro = "The facts of this batch, and the lab report that tested it.";
export const lotRecalledNotice = (code: string) =>
  `Lot ${code} is recalled. Do not sell or use it; contact us about returning it.`;
export const lotReportLink = (code: string) => `Lab report of lot ${code} (PDF)`;
export const lotNotStated = "Not stated";
export const lotThcMg = (mg: string) => `${mg} mg per container`;
export const nextLotReportLink = (code: string) => `Lab report of the lot you would receive (lot ${code})`;
export const labelsNotFound = "Labels are printed only for a lot whose lab report is published.";
export const labelLot = (code: string) => `Lot ${code}`;
export const labelSku = (sku: string) => `SKU ${sku}`;
export const labelExpiry = (day: string | null) => (day ? `Exp. ${day}` : "No expiry");
export const lotsShipped = (lots: readonly { code: string; quantity: number }[]) =>
  `Lot ${lots.map((l) => `${l.code} × ${l.quantity.toLocaleString("en-US")}`).join(", ")}`;
export const noLotsExpiring = "No lot on hand expires in the next 30 days.";
export const nothingToReorder = "No product is at its reorder point.";
export const marginHint =
  "Units sold from lots, at the order's price and the lot's cost; units sold from stock counted before lots have no cost and are left out.";
export const noMargin = "No units sold from lots in these days.";
export const stockBelowLots = (units: number) =>
  `${units.toLocaleString("en-US")} units are in lots: count a lot on its page to change them.`;
export const bulkStockBelowLots = (sku: string, units: number) =>
  `${sku} has ${units.toLocaleString("en-US")} units in lots: its stock cannot be set lower here; count a lot on its page. Nothing was changed.`;
export const binOnSlip = (bin: string) => `Bin ${bin}`;
export const scanFound = (sku: string) => `${sku}: type the count.`;
export const receiveScanHint = "Point the camera at a carton's barcode: its line's count box is chosen.";
export const stockValueLine = (value: string, units: number, lots: number) =>
  `Stock in lots at cost: ${value} (${units.toLocaleString("en-US")} units in ${lots.toLocaleString("en-US")} available lots; units counted before lots have no cost).`;
export const supplierInactive = (name: string) => `${name} is inactive: make it active to order from it.`;
