/**
 * The sentences of the catalog file's lines (issue 38; decision 0057): one row per variant, the
 * rows of a line grouped by its handle. Import as a namespace:
 * `import * as LINE_IMPORT_MESSAGES from "~/lib/messages/line-import"`.
 */

export const lineHandleFormat = "A line's handle is lower-case letters, digits and hyphens, like vaporlux-6000-12.";
export const lineColumnsNeedHandle = "Give the line's handle: its name and options belong to a line.";
export const newLineNeedsName = "A new line needs its name.";
export const optionValueWithoutName = (n: number) => `Name option ${n} before giving a value of it.`;
export const optionsRepeatRow = (row: number) =>
  `Its options are those of row ${row}: each variant of a line has its own values.`;
export const optionsRepeatSku = (sku: string) =>
  `Its options are those of ${sku}, already in the line: each variant of a line has its own values.`;
export const variantInOtherLine = (sku: string, handle: string) =>
  `${sku} is a variant of line ${handle}: move it with the line editor, or give that line's handle.`;
export const lineDiffers = (column: string, row: number) =>
  `Its ${column} is not that of row ${row}, of the same line: a line has one.`;
export const optionNamesNeedEveryVariant = (handle: string, missing: number) =>
  `Line ${handle} has ${missing} more variant${missing === 1 ? "" : "s"} than the file gives: to change its options, give every one of them.`;
export const upcOnRow = (upc: string, row: number) => `UPC ${upc} is also on row ${row}.`;
export const lineHeldBack = (handle: string, row: number) =>
  `Held back: row ${row} of line ${handle} is refused, and a line is imported whole.`;

// The import page
export const importLinesHelp =
  "Rows with the same line_handle are the variants of one line: give its name and up to three options (option1_name Flavor, option1_value Blue Razz). A handle the store does not have makes a new line; a line is imported whole, so a refused row holds back the rest of its line. A file without line columns imports as before, each new product a line of its own.";
