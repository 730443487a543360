/**
 * The sentences of the quick order page (/quick-order), word for word.
 * The store's shared sentences are in ../messages.ts. Sentences that only these pages show live
 * here so that the shell every page loads does not carry them (decision 0020). Import as a
 * namespace: `import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order"`.
 */
// ---- Wholesale ordering (issue 16): quick order ----
export const quickOrderIntro =
  "Type SKUs or UPCs with quantities, paste lines from a spreadsheet, or upload a CSV file. Every line is checked before anything goes in your cart.";
export const quickOrderTypeHint = "Start typing a SKU or product name to pick from suggestions.";
export const quickOrderPasteHint =
  "One product per line: the SKU or UPC, then the quantity, separated by a tab (as a spreadsheet copies), a comma or a space. A header row is fine.";
export const quickOrderNothingToCheck = "Enter at least one line: a SKU or UPC and a quantity.";
export const quickOrderCodeMissing = "Add the SKU or UPC before the quantity.";
export const quickOrderQuantityMissing = "Add a quantity after the SKU.";
export const quickOrderFormula = "This cell is a spreadsheet formula, not a SKU: type the SKU itself.";
export const quickOrderQuantityNegative = "A quantity cannot be negative: enter 1 or more.";
export const quickOrderNothingReady = "No line is ready to add: fix or confirm the lines marked below.";
export const quickOrderFileEmpty = "The file has no lines to check.";
export const quickOrderFileHeaderOnly = "The file names its columns but has no lines below them.";
export const quickOrderPasteTooLong =
  "The pasted text is far longer than 1,000 lines can be: split the list and check each part.";
export const quickOrderAcceptAllHint = "Suggested quantities go in the cart only once you accept them.";
/** 'Write one SKU (or UPC) and one quantity per line, like VAP-001, 20.' */
export const quickOrderLineShape =
  "Write one SKU (or UPC) and one quantity per line, like VAP-001, 20 (or start with a header row naming the sku and quantity columns).";
/** 'You entered 10,000 lines. Quick order takes at most 1,000 at a time: ...' */
export function quickOrderTooManyLines(count: number, max: number): string {
  return `You entered ${count.toLocaleString("en-US")} lines. Quick order takes at most ${max.toLocaleString("en-US")} at a time: split the list and check each part.`;
}
/** 'Up to 1,000 lines at a time.' */
export function quickOrderLimitHint(max: number): string {
  return `Up to ${max.toLocaleString("en-US")} lines at a time, in one go or across the three ways in.`;
}
/** 'At most 100 typed lines: paste longer lists.' */
export function quickOrderTooManyTyped(max: number): string {
  return `At most ${max} typed lines: paste or upload longer lists.`;
}
/** '"2.5" is not a whole number: order whole units.' */
export function quickOrderQuantityFractional(text: string): string {
  return `"${text}" is not a whole number: order whole units.`;
}
/** '"ten" is not a quantity: enter a whole number.' */
export function quickOrderQuantityNotNumber(text: string): string {
  return `"${text}" is not a quantity: enter a whole number.`;
}
/** '"VAP 001!" is not a SKU or UPC: ...' */
export function quickOrderNotACode(text: string): string {
  return `"${text}" is not a SKU or UPC: SKUs use letters, numbers, dots, dashes and underscores.`;
}
/** 'No product has the SKU or UPC "NOPE-1".' */
export function quickOrderUnknownCode(code: string): string {
  return `No product has the SKU or UPC "${code}".`;
}
/** '"036000291453" is not a valid UPC or EAN: its last digit should be 2. Check the number on the box.' */
export function quickOrderCheckDigit(code: string, expected: number): string {
  return `"${code}" is not a valid UPC or EAN: its last digit should be ${expected}. Check the number on the box.`;
}
/** 'Listed more than once (Line 2, Line 7): the quantities were added together.' */
export function quickOrderMerged(where: string[]): string {
  return `Listed more than once (${where.join(", ")}): the quantities were added together.`;
}
/** 'Rounded up to 2 cases = 20' */
export function quickOrderRoundedUp(cases: number, units: number): string {
  return `Rounded up to ${cases} case${cases === 1 ? "" : "s"} = ${units}`;
}
/** 'Rounded down to 4 cases = 40' (rounding up would pass the stock or the maximum) */
export function quickOrderRoundedDown(cases: number, units: number): string {
  return `Rounded down to ${cases} case${cases === 1 ? "" : "s"} = ${units}`;
}
/** 'Raised to the minimum order, 24' */
export function quickOrderRaisedToMinimum(units: number): string {
  return `Raised to the minimum order, ${units}`;
}
/** 'Lowered to the most per order, 40' */
export function quickOrderLoweredToMaximum(units: number): string {
  return `Lowered to the most per order, ${units}`;
}
/** 'Lowered to the 30 in stock' */
export function quickOrderLoweredToStock(units: number): string {
  return `Lowered to the ${units} in stock`;
}
/** '9 ready, 2 to confirm, 1 cannot be ordered.' */
export function quickOrderSummary(ready: number, confirm: number, bad: number): string {
  return `${ready} ready, ${confirm} to confirm, ${bad} cannot be ordered.`;
}
/** '9 lines added to your cart; 3 left out.' */
export function quickOrderAdded(added: number, leftOut: number): string {
  const lines = `${added} line${added === 1 ? "" : "s"} added to your cart`;
  return leftOut > 0 ? `${lines}; ${leftOut} left out.` : `${lines}.`;
}
/** 'Your cart can hold 200 products: 12 lines were left out.' */
export function quickOrderCartFull(max: number, leftOut: number): string {
  return `An order can have at most ${max} different products: ${leftOut} more line${leftOut === 1 ? " was" : "s were"} left out.`;
}
/** 'The file needs a sku (or upc) column and a quantity column. Its first row has: name, price.' */
export function quickOrderFileColumns(found: string): string {
  return `The file needs a sku (or upc) column and a quantity column. Its first row has: ${found}.`;
}
/** 'A CSV file with a sku (or upc) column and a quantity column, up to 2 MB.' */
export function quickOrderFileHint(megabytes: number): string {
  return `A CSV file with a sku (or upc) column and a quantity column, up to ${megabytes} MB. UTF-8, UTF-16 and Windows-1252 files are read.`;
}

// ---- Scan to reorder (issue 38): the barcode scanner on quick order ----
export const scanHint = "Point your phone's camera at a box's barcode: each scan adds the product to a line below.";
export const scanStarting = "Starting the camera…";
export const scanReady = "Scanning. Point the camera at a barcode.";
export const scanStopped = "Scanning stopped.";
export const scanRefused =
  "The camera was not allowed, so barcodes cannot be scanned. Allow the camera in your browser's settings, or type the UPC in a line below.";
export const scanNoCamera = "No camera could be started. Type the UPC in a line below.";
export const scanUnsupported = "This browser cannot read barcodes. Type the UPC in a line below.";
export const scanListFull = "Every typed line is used: check these lines, or paste longer lists.";
/** 'Added Vaporlux Blue Razz 5% — 2 cases of 10' (the line's quantity after the scan) */
export function scanAdded(name: string, quantity: number, casePack: number): string {
  if (casePack > 1) {
    const cases = quantity / casePack;
    if (Number.isInteger(cases)) return `Added ${name} — ${cases} case${cases === 1 ? "" : "s"} of ${casePack}`;
  }
  return `Added ${name} — ${quantity} unit${quantity === 1 ? "" : "s"}`;
}
/** 'No product has barcode 0123456789012.' */
export function scanNoProduct(code: string): string {
  return `No product has barcode ${code}.`;
}
