import { CATEGORY_SLUGS } from "~/lib/categories";
import { FLAVOR_CLASS_VALUES, PRODUCT_CLASS_VALUES, parseDirectoryStates } from "~/lib/compliance/vocabulary";
import * as MESSAGES from "~/lib/messages";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { formatCents, MAX_PRICE_CENTS, parseDollarsToCents } from "~/lib/money";
import { MAX_SELLING_UNIT } from "~/lib/quantity";
import { productComplianceSchema } from "~/lib/schemas/compliance";
import { isMultiline } from "~/lib/text";
import { cellToTierText, parseTiers, tiersToCell } from "~/lib/tiers";
import type { ProductComplianceTable, ProductsTable } from "../../db/schema";

/**
 * The catalog as a CSV file (issue 17): the export writes every product in the columns the import
 * reads, so a file exported and imported unchanged changes nothing.
 *
 * PRODUCT_COLUMNS is the one declaration of those columns: the CSV header, the products column it
 * stands for, how a cell is read (with the refusal a person reads) and how a value is written. A
 * new product field joins the import and the export with one entry here.
 */

/** A cell's value, as read and as stored: text, a number (cents, a count), or nothing. */
export type Value = string | number | null;
type Parsed = { ok: true; value: Value } | { ok: false; error: string };

export interface CsvColumn {
  /** The header in the file (lower case). */
  header: string;
  /**
   * Where the value is kept: the product's own row, its compliance facts (issue 15), or its
   * quantity breaks (issue 16, the rows of price_tiers, as one cell).
   */
  table: "products" | "compliance" | "tiers";
  /** The column it reads and writes (column names are unique across the tables). */
  column:
    | ((keyof ProductsTable | Exclude<keyof ProductComplianceTable, "product_id" | "updated_at">) & string)
    | typeof TIERS_COLUMN;
  /** A new product cannot be added without it. */
  requiredForNew: boolean;
  parse(cell: string): Parsed;
  format(value: Value): string;
}

/** The quantity breaks' column: "12:4.50;48:4.00" (from 12 units $4.50 each, from 48 $4.00); empty: none. */
export const TIERS_COLUMN = "price_tiers";

const ok = (value: Value): Parsed => ({ ok: true, value });
const refuse = (error: string): Parsed => ({ ok: false, error });
const text = (v: Value) => (v === null ? "" : String(v));

export const PRODUCT_COLUMNS: readonly CsvColumn[] = [
  {
    header: "sku",
    column: "sku",
    table: "products",
    requiredForNew: true,
    parse: (cell) =>
      cell === ""
        ? refuse(MESSAGES.skuRequired)
        : /^[A-Za-z0-9._-]{1,64}$/.test(cell)
          ? ok(cell)
          : refuse(MESSAGES.skuFormat),
    format: text,
  },
  {
    header: "name",
    column: "name",
    table: "products",
    requiredForNew: true,
    parse: (cell) =>
      cell === ""
        ? refuse(MESSAGES.nameRequired)
        : cell.length > 200 || isMultiline(cell)
          ? refuse(MESSAGES.nameFormat)
          : ok(cell),
    format: text,
  },
  {
    header: "category",
    column: "category",
    table: "products",
    requiredForNew: true,
    parse: (cell) => {
      const slug = cell.toLowerCase();
      return (CATEGORY_SLUGS as readonly string[]).includes(slug)
        ? ok(slug)
        : refuse(MESSAGES.unknownCategory(cell, CATEGORY_SLUGS));
    },
    format: text,
  },
  {
    header: "price",
    column: "price_cents",
    table: "products",
    requiredForNew: true,
    parse: (cell) => {
      const cents = parseDollarsToCents(cell);
      return cents === null || cents > MAX_PRICE_CENTS ? refuse(FORM_MESSAGES.priceFormat) : ok(cents);
    },
    // "12.50": no currency sign or thousands separator, so every spreadsheet reads it as a number.
    format: (v) => (typeof v === "number" ? (v / 100).toFixed(2) : ""),
  },
  {
    header: "stock",
    column: "stock",
    table: "products",
    requiredForNew: true,
    parse: (cell) => (/^\d{1,7}$/.test(cell) ? ok(Number(cell)) : refuse(MESSAGES.stockFormat)),
    format: text,
  },
  {
    header: "low_stock_threshold",
    column: "low_stock_threshold",
    table: "products",
    requiredForNew: false,
    // Empty: the store-wide threshold.
    parse: (cell) =>
      cell === "" ? ok(null) : /^\d{1,7}$/.test(cell) ? ok(Number(cell)) : refuse(MESSAGES.thresholdFormat),
    format: text,
  },
  {
    header: "description",
    column: "description",
    table: "products",
    requiredForNew: false,
    parse: (cell) => (cell.length > 5000 ? refuse(MESSAGES.descriptionTooLong) : ok(cell)),
    format: text,
  },
  // How it is sold (issue 16). A row's three values are checked together in the plan (sellingUnitProblems).
  {
    header: "case_pack",
    column: "case_pack",
    table: "products",
    requiredForNew: false,
    // Empty: single units.
    parse: (cell) => (cell === "" ? ok(1) : wholeUnit(cell, MESSAGES.casePackInvalid)),
    format: text,
  },
  {
    header: "min_quantity",
    column: "min_quantity",
    table: "products",
    requiredForNew: false,
    // Empty: one case.
    parse: (cell) => (cell === "" ? ok(null) : wholeUnit(cell, MESSAGES.minimumInvalid)),
    format: text,
  },
  {
    header: "max_quantity",
    column: "max_quantity",
    table: "products",
    requiredForNew: false,
    // Empty: no limit per order.
    parse: (cell) => (cell === "" ? ok(null) : wholeUnit(cell, MESSAGES.maximumInvalid)),
    format: text,
  },
  // Quantity breaks (issue 16): "quantity:price each" pairs separated by ";", lowest first, e.g.
  // "12:4.50;48:4.00". Read here with the product form's rules alone (parseTiers); checked in the
  // plan against the row's case pack and price as they will be after the import (tierProblems).
  {
    header: TIERS_COLUMN,
    column: TIERS_COLUMN,
    table: "tiers",
    requiredForNew: false,
    parse: (cell) => {
      const read = parseTiers(cellToTierText(cell), Number.MAX_SAFE_INTEGER, 1, "break");
      return read.ok ? ok(tiersToCell(read.tiers)) : refuse(read.message);
    },
    format: text,
  },
  // Compliance facts (issue 15), read with the product form's own rules.
  complianceColumn("brand", "brand", productComplianceSchema.shape.brand),
  // A file names a class by its code: a refusal lists the codes (the form's message speaks of its list).
  complianceColumn("product_class", "product_class", productComplianceSchema.shape.productClass, (cell) =>
    MESSAGES.unknownProductClass(cell, PRODUCT_CLASS_VALUES),
  ),
  complianceColumn("flavor_class", "flavor_class", productComplianceSchema.shape.flavorClass, (cell) =>
    MESSAGES.unknownFlavorClass(cell, FLAVOR_CLASS_VALUES),
  ),
  complianceColumn("nicotine_mg_ml", "nicotine_mg_ml", productComplianceSchema.shape.nicotineMgMl),
  complianceColumn("country", "country", productComplianceSchema.shape.country),
  complianceColumn("upc", "upc", productComplianceSchema.shape.upc),
  complianceColumn("thc_mg", "thc_mg", productComplianceSchema.shape.thcMg),
  complianceColumn("seven_oh_percent", "seven_oh_percent", productComplianceSchema.shape.sevenOhPercent),
  {
    // The states whose vape directory lists the product: "KY;NC" (empty: none), kept as JSON.
    header: "directory_states",
    column: "directory_states",
    table: "compliance",
    requiredForNew: false,
    parse: (cell) => {
      const parsed = productComplianceSchema.shape.directoryStates.safeParse(cell);
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? MESSAGES.directoryStateUnknown);
      return ok(JSON.stringify(parsed.data));
    },
    format: (v) => parseDirectoryStates(v === null ? null : String(v)).join(";"),
  },
  // Excise facts (issue 31), read with the product form's own rules.
  complianceColumn("ml_per_unit", "ml_per_unit", productComplianceSchema.shape.mlPerUnit),
  complianceColumn("cartridges_per_unit", "cartridges_per_unit", productComplianceSchema.shape.cartridgesPerUnit),
  complianceColumn("vape_system", "vape_system", productComplianceSchema.shape.vapeSystem),
  {
    // "yes", "no" or empty (not known); kept as 1 and 0.
    header: "contains_nicotine",
    column: "contains_nicotine",
    table: "compliance",
    requiredForNew: false,
    parse: (cell) => {
      const parsed = productComplianceSchema.shape.containsNicotine.safeParse(cell);
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? MESSAGES.numberFormat);
      return ok(parsed.data === null ? null : parsed.data ? 1 : 0);
    },
    format: (v) => (v === null ? "" : Number(v) === 1 ? "yes" : "no"),
  },
];

function wholeUnit(cell: string, message: string): Parsed {
  const n = /^\d{1,6}$/.test(cell) ? Number(cell) : Number.NaN;
  return n >= 1 && n <= MAX_SELLING_UNIT ? ok(n) : refuse(message);
}

function complianceColumn(
  header: string,
  column: CsvColumn["column"],
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } },
  refusal?: (cell: string) => string,
): CsvColumn {
  return {
    header,
    column,
    table: "compliance",
    requiredForNew: false,
    parse: (cell) => {
      const parsed = schema.safeParse(cell);
      if (!parsed.success) return refuse(refusal?.(cell) ?? parsed.error?.issues[0]?.message ?? MESSAGES.numberFormat);
      const value = parsed.data;
      return ok(typeof value === "number" || typeof value === "string" ? value : null);
    },
    format: text,
  };
}

export const PRODUCTS_TABLE_COLUMNS = PRODUCT_COLUMNS.filter((c) => c.table === "products");
export const COMPLIANCE_COLUMNS = PRODUCT_COLUMNS.filter((c) => c.table === "compliance");

/**
 * Export only: the URLs of the product's images (largest stored size, in their order, separated
 * by ";"). The import accepts the column and ignores it: images are attached with the bulk image
 * upload or the product form.
 */
export const IMAGE_URLS_COLUMN = "image_urls";

/** Import only: "yes" in this column deletes the product of the row's SKU. */
export const DELETE_COLUMN = "delete";

/**
 * The line a row's variant belongs to (issue 38; decision 0057): the line's handle (its page's
 * slug, which groups the file's rows), its name, and up to three options, each a name (the line's,
 * "Flavor") and the row's value of it ("Blue Razz"). A file without them reads as before: each
 * new product a line of its own, each known one left in its line.
 */
export const LINE_HANDLE_COLUMN = "line_handle";
export const LINE_NAME_COLUMN = "line_name";
export const MAX_OPTION_COLUMNS = 3;
export const OPTION_NAME_COLUMNS = ["option1_name", "option2_name", "option3_name"] as const;
export const OPTION_VALUE_COLUMNS = ["option1_value", "option2_value", "option3_value"] as const;
export const LINE_COLUMNS: readonly string[] = [
  LINE_HANDLE_COLUMN,
  LINE_NAME_COLUMN,
  ...OPTION_NAME_COLUMNS.flatMap((name, i) => [name, OPTION_VALUE_COLUMNS[i] as string]),
];

/** Every column a file may have, in the export's order: the line's first, one row per variant. */
export const COLUMN_NAMES = [
  ...LINE_COLUMNS,
  ...PRODUCT_COLUMNS.map((c) => c.header),
  IMAGE_URLS_COLUMN,
  DELETE_COLUMN,
];

/** The header of a products column (the column itself when it is not one of the file's). */
export function headerOf(column: string): string {
  return PRODUCT_COLUMNS.find((c) => c.column === column)?.header ?? column;
}

/** A value as the dry run shows it: a price in dollars, a directory's states as "KY;NC". */
export function shownValue(column: string, value: Value): string {
  if (column === "price_cents" && typeof value === "number") return formatCents(value);
  if (column === "directory_states") return parseDirectoryStates(value === null ? null : String(value)).join(";");
  if (column === "contains_nicotine") return value === null ? "" : Number(value) === 1 ? "yes" : "no";
  return value === null ? "" : String(value);
}
