import { z } from "zod";
import { CATEGORY_SLUGS } from "../categories";
import { cleanGtin, gtinProblem, sameGtins } from "../gtin";
import * as MESSAGES from "../messages";
import * as LINE_EDITOR_MESSAGES from "../messages/line-editor";
import { centsToDecimalString, MAX_PRICE_CENTS } from "../money";
import { MAX_LINE_OPTIONS } from "../product-lines";
import { isMultiline } from "../text";
import { parseTiers, type Tier } from "../tiers";
import { amountField } from "./amount";
import { idParam } from "./params";
import { checkSellingUnit, sellingUnitFields } from "./selling-unit";

/**
 * The back office's product line editor (issue 38): a line's shared facts and its variants as one
 * table, saved at once. The table's fields are named `variants.<row>.<column>` (rows numbered from
 * 0 in the order shown), so a problem of one row's field comes back under that field's own name
 * and is shown beside it.
 */
export const VARIANT_COLUMNS = [
  "id",
  "version",
  "stockSeen",
  "like",
  "label",
  "note",
  "option1",
  "option2",
  "option3",
  "sku",
  "upc",
  "price",
  "stock",
  "casePack",
  "minQuantity",
  "maxQuantity",
  "apart",
  "position",
  "remove",
] as const;
export type VariantColumn = (typeof VARIANT_COLUMNS)[number];

/** A variant the line has, as the editor's table shows it (the editor's and the server's row types extend it). */
export interface PostedVariant {
  id: number;
  version: number;
  sku: string;
  upc: string | null;
  priceCents: number;
  stock: number;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  apart: boolean;
  options: readonly string[];
}

/**
 * The fields a variant the line has posts when it is left as it is (its version and the stock seen
 * guard against a change made meanwhile): the editor's table row, and the API adding variants.
 */
export function postedVariantFields(v: PostedVariant): Partial<Record<VariantColumn, string>> {
  return {
    id: String(v.id),
    version: String(v.version),
    stockSeen: String(v.stock),
    option1: v.options[0] ?? "",
    option2: v.options[1] ?? "",
    option3: v.options[2] ?? "",
    sku: v.sku,
    upc: v.upc ?? "",
    price: centsToDecimalString(v.priceCents),
    stock: String(v.stock),
    casePack: String(v.casePack),
    minQuantity: String(v.minQuantity),
    maxQuantity: v.maxQuantity === null ? "" : String(v.maxQuantity),
    apart: v.apart ? "on" : "",
  };
}

/** The name of a table field: `variants.3.sku`. */
export type VariantField = `variants.${number}.${VariantColumn}`;
export function variantField(row: number, column: VariantColumn): VariantField {
  return `variants.${row}.${column}`;
}

/** The most variants one save takes (the route's field cap follows: VARIANT_COLUMNS each). */
export const MAX_EDITOR_VARIANTS = 250;
export const MAX_EXISTING_AT_ONCE = 50;

/** What the editor posts: the line's fields, and each row's (its field names are type-checked). */
export type LineFormFields = {
  intent?: string;
  version?: string;
  name?: string;
  description?: string;
  category?: string;
  brand?: string;
  puffs?: string;
  optionName1?: string;
  optionName2?: string;
  optionName3?: string;
  tiers?: string;
  existing?: string;
} & { [K in VariantField]?: string };

export const OPTION_NAME_FIELDS = ["optionName1", "optionName2", "optionName3"] as const;
const OPTION_VALUE_COLUMNS = ["option1", "option2", "option3"] as const;

/** The posted form as the schema reads it: the line's fields, and `variants` as an array of rows. */
function nestRows(raw: unknown, ctx: z.RefinementCtx): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const top: Record<string, unknown> = {};
  const rows: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const m = /^variants\.(\d{1,4})\.([A-Za-z0-9]{1,20})$/.exec(key);
    if (!m) {
      top[key] = value;
      continue;
    }
    const row = Number(m[1]);
    if (row >= MAX_EDITOR_VARIANTS) {
      ctx.addIssue({
        code: "custom",
        path: ["form"],
        message: LINE_EDITOR_MESSAGES.tooManyVariants(MAX_EDITOR_VARIANTS),
      });
      return z.NEVER;
    }
    rows[row] ??= {};
    (rows[row] as Record<string, unknown>)[m[2] as string] = value;
  }
  return { ...top, variants: Array.from({ length: rows.length }, (_, i) => rows[i] ?? {}) };
}

/** One text field; a repeated name (two values) is not something this form posts. */
const text = z
  .string({ error: MESSAGES.reloadAndRetry })
  .optional()
  .transform((v) => (v ?? "").trim());

const optionalId = text.refine((v) => v === "" || idParam(v) !== null, MESSAGES.reloadAndRetry).transform(idParam);
const optionalCount = text.refine((v) => /^\d{0,9}$/.test(v), MESSAGES.reloadAndRetry);

const rowShape = z.object(
  Object.fromEntries(VARIANT_COLUMNS.map((c) => [c, text])) as Record<VariantColumn, typeof text>,
);
type RawRow = z.output<typeof rowShape>;

/** A variant as the save takes it. */
export interface VariantInput {
  /** Its row in the table (where its problems are said). */
  row: number;
  /** The product it is (of this line, or moving into it); null for a new one. */
  id: number | null;
  /** The product's version and stock when the page showed them (a row with an id). */
  version: number | null;
  stockSeen: number | null;
  /** A new variant made like this product (its compliance facts copied). */
  like: number | null;
  /** Its values of the line's options, as many as the line has. */
  options: string[];
  /** null: a new variant whose SKU is made up. */
  sku: string | null;
  upc: string | null;
  priceCents: number;
  stock: number;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  apart: boolean;
  /** The order typed (1…999), or null: after the others, in the table's order. */
  position: number | null;
}

export interface LineSaveInput {
  /** The line's version when the page showed it; null for a new line. */
  version: number | null;
  name: string;
  description: string;
  category: string;
  brand: string | null;
  puffs: number | null;
  optionNames: string[];
  tiers: Tier[];
  /** The variants kept (and new ones), in the table's order. */
  variants: VariantInput[];
  /** The variants the admin removes (product ids), with the version the page showed. */
  removed: { row: number; id: number; version: number | null }[];
}

const priceField = amountField("price", { max: MAX_PRICE_CENTS });

/** Whether a new row was left empty (the table's spare row): it is not a variant. */
function isBlank(r: RawRow): boolean {
  return (
    r.id === "" &&
    (
      [
        "option1",
        "option2",
        "option3",
        "sku",
        "upc",
        "price",
        "stock",
        "casePack",
        "minQuantity",
        "maxQuantity",
      ] as const
    )
      .map((c) => r[c])
      .every((v) => v === "")
  );
}

/** The ctx of one row's fields: the issues of a field schema said at `variants.<row>.<column>`. */
function at(ctx: z.RefinementCtx, row: number, column: VariantColumn | null = null) {
  return (message: string, field: VariantColumn | null = column) =>
    ctx.addIssue({ code: "custom", path: ["variants", row, ...(field ? [field] : [])], message });
}

/** A field schema's result, its first problem said where `say` says. */
function read<T>(schema: z.ZodType<T>, value: string | undefined, say: (message: string) => void): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  say(parsed.error.issues[0]?.message ?? MESSAGES.checkTheFields);
  return undefined;
}

const lineFields = {
  intent: text,
  version: optionalCount,
  name: text,
  description: text,
  category: text,
  brand: text,
  puffs: text,
  optionName1: text,
  optionName2: text,
  optionName3: text,
  tiers: z
    .string({ error: MESSAGES.reloadAndRetry })
    .optional()
    .transform((v) => (v ?? "").slice(0, 2_000)),
  variants: z.array(rowShape),
};

/** The option names typed, each checked; the names in order (none left out between two). */
function readOptionNames(v: { optionName1: string; optionName2: string; optionName3: string }, ctx: z.RefinementCtx) {
  const names: string[] = [];
  const seen = new Set<string>();
  OPTION_NAME_FIELDS.forEach((field, i) => {
    const name = v[field];
    if (name === "") return;
    const say = (message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (name.length > 40) say(LINE_EDITOR_MESSAGES.optionNameTooLong);
    else if (isMultiline(name)) say(LINE_EDITOR_MESSAGES.optionNameOneLine);
    else if (i > 0 && v[OPTION_NAME_FIELDS[i - 1] as (typeof OPTION_NAME_FIELDS)[number]] === "")
      say(LINE_EDITOR_MESSAGES.optionNameInOrder(i + 1));
    else if (seen.has(name.toLowerCase())) say(LINE_EDITOR_MESSAGES.optionNameRepeated);
    seen.add(name.toLowerCase());
    names.push(name);
  });
  return names.slice(0, MAX_LINE_OPTIONS);
}

/** One row read: its problems said beside its fields; undefined when it has any. */
function readRow(r: RawRow, row: number, optionNames: string[], ctx: z.RefinementCtx): VariantInput | undefined {
  let ok = true;
  const say = at(ctx, row);
  const problem = (field: VariantColumn) => (message: string) => {
    ok = false;
    say(message, field);
  };
  const options = optionNames.map((option, i) => {
    const column = OPTION_VALUE_COLUMNS[i] as (typeof OPTION_VALUE_COLUMNS)[number];
    const value = r[column];
    if (value === "") problem(column)(LINE_EDITOR_MESSAGES.optionValueMissing(option));
    else if (value.length > 60) problem(column)(LINE_EDITOR_MESSAGES.optionValueTooLong);
    else if (isMultiline(value)) problem(column)(LINE_EDITOR_MESSAGES.optionValueOneLine);
    return value;
  });
  const id = idParam(r.id);
  let sku: string | null = r.sku === "" ? null : r.sku;
  if (sku === null && id !== null) problem("sku")(LINE_EDITOR_MESSAGES.skuRequiredOfVariant);
  else if (sku !== null && sku.length > 64) problem("sku")(MESSAGES.skuTooLong);
  else if (sku !== null && !/^[A-Za-z0-9._-]+$/.test(sku)) problem("sku")(MESSAGES.skuCharacters);
  if (!ok) sku = null;
  const upc = r.upc === "" ? null : cleanGtin(r.upc);
  if (upc !== null && gtinProblem(upc)) problem("upc")(MESSAGES.upcFormat);
  const priceCents = read(priceField, r.price, problem("price"));
  let stock: number | undefined;
  if (r.stock === "") problem("stock")(LINE_EDITOR_MESSAGES.stockRequired);
  else if (!/^\d{1,7}$/.test(r.stock)) problem("stock")(LINE_EDITOR_MESSAGES.stockInvalid);
  else stock = Number(r.stock);
  const unitOk = [
    sellingUnitFields.casePack.safeParse(r.casePack),
    sellingUnitFields.minQuantity.safeParse(r.minQuantity),
    sellingUnitFields.maxQuantity.safeParse(r.maxQuantity),
  ].every((p) => p.success);
  const casePack = read(sellingUnitFields.casePack, r.casePack, problem("casePack"));
  const minQuantity = read(sellingUnitFields.minQuantity, r.minQuantity, problem("minQuantity"));
  const maxQuantity = read(sellingUnitFields.maxQuantity, r.maxQuantity, problem("maxQuantity"));
  if (unitOk) {
    // The selling unit's rules (whole cases, the maximum not below the minimum), said beside the row's fields.
    checkSellingUnit({ casePack, minQuantity, maxQuantity }, {
      addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
        problem((issue.path?.[0] as VariantColumn | undefined) ?? "minQuantity")(issue.message ?? ""),
    } as unknown as z.RefinementCtx);
  }
  let position: number | null = null;
  if (r.position !== "") {
    if (/^\d{1,3}$/.test(r.position) && Number(r.position) >= 1) position = Number(r.position);
    else problem("position")(LINE_EDITOR_MESSAGES.orderInvalid);
  }
  const version = idParam(r.version) ?? null;
  const stockSeen = /^\d{1,9}$/.test(r.stockSeen) ? Number(r.stockSeen) : null;
  if (id !== null && (version === null || stockSeen === null)) {
    ok = false;
    say(MESSAGES.reloadAndRetry, null);
  }
  if (!ok || priceCents === undefined || stock === undefined) return undefined;
  const pack = casePack ?? 1;
  return {
    row,
    id,
    version,
    stockSeen,
    like: id === null ? idParam(r.like) : null,
    options,
    sku,
    upc,
    priceCents,
    stock,
    casePack: pack,
    minQuantity: minQuantity ?? pack,
    maxQuantity: maxQuantity ?? null,
    apart: r.apart !== "",
    position,
  };
}

/**
 * The rows' values and codes, each once (read from what was typed, whatever else a row's problems):
 * a repeat is said at the later row.
 */
function checkRepeats(rows: { row: number; raw: RawRow }[], optionCount: number, ctx: z.RefinementCtx): void {
  if (optionCount === 0 && rows.length > 1) {
    ctx.addIssue({ code: "custom", path: ["optionName1"], message: LINE_EDITOR_MESSAGES.optionNeeded });
    return;
  }
  const combos = new Set<string>();
  const skus = new Set<string>();
  const upcs = new Set<string>();
  for (const { row, raw } of rows) {
    const options = OPTION_VALUE_COLUMNS.slice(0, optionCount).map((c) => raw[c]);
    const combo = options.map((o) => o.toLowerCase()).join("\u0000");
    if (optionCount > 0 && options.every((o) => o !== "") && combos.has(combo))
      at(ctx, row, "option1")(LINE_EDITOR_MESSAGES.variantRepeated(options.join(" / ")));
    combos.add(combo);
    if (raw.sku !== "" && skus.has(raw.sku)) at(ctx, row, "sku")(LINE_EDITOR_MESSAGES.skuRepeated(raw.sku));
    if (raw.sku !== "") skus.add(raw.sku);
    const upc = cleanGtin(raw.upc);
    if (upc !== "" && !gtinProblem(upc)) {
      if (sameGtins(upc).some((c) => upcs.has(c))) at(ctx, row, "upc")(LINE_EDITOR_MESSAGES.upcRepeated(upc));
      upcs.add(upc);
    }
  }
}

/**
 * The line's quantity breaks, checked against every variant they apply to (those not counted
 * apart): each break a whole number of that variant's cases, below its price.
 */
function readTiers(textValue: string, variants: VariantInput[], ctx: z.RefinementCtx): Tier[] {
  const together = variants.filter((v) => !v.apart);
  const checks = together.length ? together : [{ priceCents: MAX_PRICE_CENTS + 1, casePack: 1 }];
  let tiers: Tier[] = [];
  for (const v of checks) {
    const parsed = parseTiers(textValue, v.priceCents, v.casePack);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", path: ["tiers"], message: parsed.message });
      return [];
    }
    tiers = parsed.tiers;
  }
  return tiers;
}

/** The editor's Save: the line and every row, read and checked together. */
export const lineSchema = z.preprocess<unknown, z.ZodType<LineSaveInput>, LineFormFields>(
  nestRows,
  z.object(lineFields).transform((v, ctx): LineSaveInput => {
    const issues = () => ctx.issues.length;
    const before = issues();
    const say = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.name === "") say("name", LINE_EDITOR_MESSAGES.lineNameRequired);
    else if (v.name.length > 200) say("name", LINE_EDITOR_MESSAGES.lineNameTooLong);
    else if (isMultiline(v.name)) say("name", LINE_EDITOR_MESSAGES.lineNameOneLine);
    if (v.description.length > 5000) say("description", MESSAGES.descriptionTooLong);
    const category = v.category.toLowerCase();
    if (category === "") say("category", MESSAGES.categoryRequired);
    else if (!(CATEGORY_SLUGS as string[]).includes(category)) say("category", MESSAGES.chooseStoreCategory);
    if (v.brand.length > 80) say("brand", MESSAGES.brandTooLong);
    let puffs: number | null = null;
    if (v.puffs !== "") {
      const n = /^\d{1,7}$/.test(v.puffs.replaceAll(",", "")) ? Number(v.puffs.replaceAll(",", "")) : 0;
      if (n >= 1 && n <= 1_000_000) puffs = n;
      else say("puffs", LINE_EDITOR_MESSAGES.puffsInvalid);
    }
    const optionNames = readOptionNames(v, ctx);
    const variants: VariantInput[] = [];
    const removed: LineSaveInput["removed"] = [];
    v.variants.forEach((r, row) => {
      if (isBlank(r)) return;
      if (r.remove !== "") {
        const id = idParam(r.id);
        // A new row marked for removal is simply not made.
        if (id !== null) removed.push({ row, id, version: idParam(r.version) });
        return;
      }
      const variant = readRow(r, row, optionNames, ctx);
      if (variant) variants.push(variant);
    });
    const rowsKept = v.variants.flatMap((raw, row) => (!isBlank(raw) && raw.remove === "" ? [{ row, raw }] : []));
    if (rowsKept.length === 0)
      say("form", removed.length ? LINE_EDITOR_MESSAGES.keepOneVariant : LINE_EDITOR_MESSAGES.atLeastOneVariant);
    checkRepeats(rowsKept, optionNames.length, ctx);
    const tiers = readTiers(v.tiers, variants, ctx);
    if (issues() > before) return z.NEVER;
    return {
      version: v.version === "" ? null : Number(v.version),
      name: v.name,
      description: v.description,
      category,
      brand: v.brand === "" ? null : v.brand.replace(/\s+/g, " "),
      puffs,
      optionNames,
      tiers,
      variants,
      removed,
    };
  }),
);

/** "Add existing products": the SKUs typed, and the products the table already has. */
export interface AddExistingInput {
  skus: string[];
  inTable: number[];
  lineName: string;
  optionCount: number;
}

export const addExistingSchema = z.preprocess<unknown, z.ZodType<AddExistingInput>, LineFormFields>(
  nestRows,
  z
    .object({
      existing: text,
      name: text,
      optionName1: text,
      optionName2: text,
      optionName3: text,
      variants: z.array(z.object({ id: optionalId })),
    })
    .transform((v, ctx): AddExistingInput => {
      const skus = [...new Set(v.existing.split(/[\s,;]+/).filter((s) => s !== ""))];
      const say = (message: string) => ctx.addIssue({ code: "custom", path: ["existing"], message });
      if (skus.length === 0) say(LINE_EDITOR_MESSAGES.existingRequired);
      else if (skus.length > MAX_EXISTING_AT_ONCE) say(LINE_EDITOR_MESSAGES.existingTooMany(MAX_EXISTING_AT_ONCE));
      else if (skus.some((s) => s.length > 64)) say(MESSAGES.skuTooLong);
      if (ctx.issues.length) return z.NEVER;
      return {
        skus,
        inTable: v.variants.flatMap((r) => (r.id === null ? [] : [r.id])),
        lineName: v.name,
        optionCount: [v.optionName1, v.optionName2, v.optionName3].filter((n) => n !== "").length,
      };
    }),
);

/** Every field name of a table of `rows` rows and of the line: where the form shows problems. */
export function lineFormFieldNames(rows: number): (keyof LineFormFields & string)[] {
  const names: (keyof LineFormFields & string)[] = [
    "name",
    "description",
    "category",
    "brand",
    "puffs",
    ...OPTION_NAME_FIELDS,
    "tiers",
    "existing",
  ];
  for (let row = 0; row < Math.min(rows, MAX_EDITOR_VARIANTS); row++)
    for (const column of VARIANT_COLUMNS) names.push(variantField(row, column));
  return names;
}
