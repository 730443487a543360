import type { Kysely } from "kysely";
import { z } from "zod";
import * as API_MESSAGES from "~/lib/messages/api";
import { centsToDecimalString, MAX_PRICE_CENTS } from "~/lib/money";
import { MAX_LINE_OPTIONS } from "~/lib/product-lines";
import { MAX_SELLING_UNIT } from "~/lib/quantity";
import {
  type LineFormFields,
  type LineSaveInput,
  lineSchema,
  MAX_EDITOR_VARIANTS,
  OPTION_NAME_FIELDS,
  postedVariantFields,
  type VariantColumn,
  variantField,
} from "~/lib/schemas/product-line";
import { tiersToText } from "~/lib/tiers";
import { apiKeyActor } from "../../api-keys/keys";
import type { DB } from "../../db/schema";
import { LineRowsError, loadLineEditor, saveLine } from "../line-admin";
import { lineDetail, lineWithVariants, MAX_STOCK } from "./catalog";
import { ApiProblem, endpoint, idPath, notFound } from "./endpoint";

/**
 * Product lines written through the API (issue 42): a new line with its options and many variants
 * in one call, and variants added to a line. Both are the back office's line editor's save
 * (flows/line-admin.ts saveLine, decision 0056; decision 0076): the JSON body is turned into the
 * fields the editor posts and read by the editor's own schema (lib/schemas/product-line.ts: names,
 * options, SKU characters and repeats, UPC check digits and repeats, prices, stock, selling units,
 * quantity breaks), then saved in one transaction that refuses SKUs and UPCs other products hold.
 * All or nothing: one bad variant refuses the call, each problem with the item's pointer
 * (`body.variants.3.upc`), and nothing is written.
 */

const variantBody = z.strictObject({
  options: z
    .array(z.string())
    .max(MAX_LINE_OPTIONS)
    .optional()
    .meta({ description: "its value of each of the line's options, in their order" }),
  sku: z.string().optional().meta({ description: "made from the category when absent" }),
  upc: z.string().optional().meta({ description: "UPC-A, EAN-13 or GTIN-14 with its check digit" }),
  // The maxima are documented here and checked by the editor's schema (its words, at the item).
  price_cents: z.number().int().min(0).meta({ maximum: MAX_PRICE_CENTS }),
  stock: z.number().int().min(0).meta({ maximum: MAX_STOCK }),
  case_pack: z
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: "units sold together (1 when absent)", maximum: MAX_SELLING_UNIT }),
  min_quantity: z
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: "whole cases; one case when absent", maximum: MAX_SELLING_UNIT }),
  max_quantity: z
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: "whole cases; no maximum when absent", maximum: MAX_SELLING_UNIT }),
  price_apart: z
    .boolean()
    .optional()
    .meta({ description: "counted apart from the line's quantity breaks (false when absent)" }),
  like_id: z
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .meta({ description: "a product whose compliance facts the new variant copies, as Add a variant like this one" }),
});
type VariantBody = z.output<typeof variantBody>;

const tierBody = z.strictObject({ min_quantity: z.number().int().min(0), price_cents: z.number().int().min(0) });

const variantsBody = z.array(variantBody).min(1).max(MAX_EDITOR_VARIANTS);

/** The API's name of each of the editor's row columns. */
const COLUMN_NAMES: Partial<Record<VariantColumn, string>> = {
  option1: "options.0",
  option2: "options.1",
  option3: "options.2",
  sku: "sku",
  upc: "upc",
  price: "price_cents",
  stock: "stock",
  casePack: "case_pack",
  minQuantity: "min_quantity",
  maxQuantity: "max_quantity",
  apart: "price_apart",
  like: "like_id",
};

/** The API's name of each of the editor's line fields. */
const LINE_FIELD_NAMES: Record<string, string> = {
  name: "name",
  description: "description",
  category: "category",
  brand: "brand",
  puffs: "puffs",
  tiers: "tiers",
  optionName1: "option_names.0",
  optionName2: "option_names.1",
  optionName3: "option_names.2",
  form: "variants",
};

/**
 * Where a problem of the editor's field is in the API's request: a new variant's field under
 * body.variants (the table's rows are the line's own first, `kept` of them), a line field under
 * body when the body gave it (a new line); a problem of the line as it is (its own variants, its
 * quantity breaks against a new variant's price when adding) is the line's: path.id.
 */
function apiLocation(path: readonly PropertyKey[], kept: number, lineInBody: boolean): string {
  const [first, row, column] = path;
  if (first === "variants" && typeof row === "number") {
    if (row < kept) return "path.id";
    const name = COLUMN_NAMES[column as VariantColumn];
    return `body.variants.${row - kept}${name ? `.${name}` : ""}`;
  }
  const name = LINE_FIELD_NAMES[String(first)];
  if (name === "variants") return "body.variants";
  if (!lineInBody) return "path.id";
  return name ? `body.${name}` : "body";
}

/** The fields of one row of the editor's table. */
function setRow(fields: Record<string, string>, row: number, values: Partial<Record<VariantColumn, string>>) {
  for (const [column, value] of Object.entries(values))
    (fields as Record<string, string>)[variantField(row, column as VariantColumn)] = value ?? "";
}

const optionalNumber = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** A new variant of the request as a row of the editor's table. */
function newRow(v: VariantBody): Partial<Record<VariantColumn, string>> {
  const options = v.options ?? [];
  return {
    option1: options[0] ?? "",
    option2: options[1] ?? "",
    option3: options[2] ?? "",
    sku: v.sku ?? "",
    upc: v.upc ?? "",
    price: centsToDecimalString(v.price_cents),
    stock: String(v.stock),
    casePack: optionalNumber(v.case_pack),
    minQuantity: optionalNumber(v.min_quantity),
    maxQuantity: optionalNumber(v.max_quantity),
    apart: v.price_apart ? "on" : "",
    like: optionalNumber(v.like_id),
  };
}

/**
 * What only the API's JSON can get wrong before the editor reads it: more values than the line has
 * options, a like_id that names no product.
 */
async function checkShape(
  db: Kysely<DB>,
  variants: readonly VariantBody[],
  optionCount: number,
): Promise<{ location: string; message: string }[]> {
  const errors: { location: string; message: string }[] = [];
  const likes = [...new Set(variants.flatMap((v) => (v.like_id === undefined ? [] : [v.like_id])))];
  const known = new Set(
    likes.length
      ? (await db.selectFrom("products").select("id").where("id", "in", likes).execute()).map((r) => r.id)
      : [],
  );
  variants.forEach((v, i) => {
    if ((v.options?.length ?? 0) > optionCount)
      errors.push({ location: `body.variants.${i}.options`, message: API_MESSAGES.optionsBeyondNames(optionCount) });
    if (v.like_id !== undefined && !known.has(v.like_id))
      errors.push({ location: `body.variants.${i}.like_id`, message: API_MESSAGES.productNotFound(`id ${v.like_id}`) });
  });
  return errors;
}

/** The editor's fields read by the editor's schema; its problems at the API's locations (422). */
function readAsEditor(fields: LineFormFields, lineId: number | null, kept: number): LineSaveInput {
  const parsed = lineSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues
    .slice(0, 50)
    .map((issue) => ({ location: apiLocation(issue.path, kept, lineId === null), message: issue.message }));
  throw new ApiProblem(422, API_MESSAGES.invalidRequest, { errors });
}

/** Saves as the editor saves; SKUs or UPCs other products hold are 409s at the items' fields. */
async function saveAsEditor(
  db: Kysely<DB>,
  lineId: number | null,
  input: LineSaveInput,
  kept: number,
  actor: ReturnType<typeof apiKeyActor>,
): Promise<number> {
  try {
    return (await saveLine(db, lineId, input, actor)).lineId;
  } catch (error) {
    if (!(error instanceof LineRowsError)) throw error;
    const errors = Object.entries(error.problems).map(([field, message]) => {
      const [, row, column] = field.split(".");
      return { location: apiLocation(["variants", Number(row), column ?? ""], kept, lineId === null), message };
    });
    throw new ApiProblem(409, API_MESSAGES.conflict, { errors });
  }
}

async function answerLine(db: Kysely<DB>, lineId: number) {
  const found = await lineWithVariants(db, lineId);
  if (!found) throw notFound();
  return found;
}

const createLine = endpoint({
  id: "createProductLine",
  method: "POST",
  path: "/product-lines",
  scope: "catalog:write",
  tag: "Catalog",
  summary:
    "Create a product line with its options and its variants at once, as the back office's line editor saves (all or nothing)",
  body: z.strictObject({
    name: z.string(),
    description: z.string().optional(),
    category: z.string(),
    brand: z.string().optional(),
    puffs: z.number().int().min(1).optional(),
    option_names: z
      .array(z.string())
      .max(MAX_LINE_OPTIONS)
      .optional()
      .meta({ description: "Flavor, Size…; a line of more than one variant has at least one" }),
    tiers: z
      .array(tierBody)
      .optional()
      .meta({ description: "the line's quantity breaks, on every variant not priced apart" }),
    variants: variantsBody,
  }),
  status: 201,
  response: lineDetail,
  async handle({ db, key, body }) {
    const optionNames = body.option_names ?? [];
    const shape = await checkShape(db, body.variants, optionNames.length);
    if (shape.length) throw new ApiProblem(422, API_MESSAGES.invalidRequest, { errors: shape });
    const fields: Record<string, string> = {
      name: body.name,
      description: body.description ?? "",
      category: body.category,
      brand: body.brand ?? "",
      puffs: optionalNumber(body.puffs),
      tiers: tiersToText((body.tiers ?? []).map((t) => ({ minQuantity: t.min_quantity, priceCents: t.price_cents }))),
    };
    OPTION_NAME_FIELDS.forEach((field, i) => {
      fields[field] = optionNames[i] ?? "";
    });
    body.variants.forEach((v, i) => {
      setRow(fields, i, newRow(v));
    });
    const input = readAsEditor(fields as LineFormFields, null, 0);
    return answerLine(db, await saveAsEditor(db, null, input, 0, apiKeyActor(key)));
  },
});

const addVariants = endpoint({
  id: "addProductLineVariants",
  method: "POST",
  path: "/product-lines/{id}/variants",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Add variants to a product line, as the line editor's new rows are saved (all or nothing)",
  params: idPath,
  body: z.strictObject({ variants: variantsBody }),
  status: 201,
  response: lineDetail,
  async handle({ db, key, params, body }) {
    const page = await loadLineEditor(db, params.id);
    if (!page) throw notFound();
    const { line, variants, tiers } = page;
    const shape = await checkShape(db, body.variants, line.optionNames.length);
    if (shape.length) throw new ApiProblem(422, API_MESSAGES.invalidRequest, { errors: shape });
    // The editor's table as the page shows it, the new rows after the line's own.
    const fields: Record<string, string> = {
      version: String(line.version),
      name: line.name,
      description: line.description,
      category: line.category,
      brand: line.brand,
      puffs: optionalNumber(line.puffs),
      tiers: tiersToText(tiers),
    };
    OPTION_NAME_FIELDS.forEach((field, i) => {
      fields[field] = line.optionNames[i] ?? "";
    });
    variants.forEach((v, i) => {
      setRow(fields, i, postedVariantFields(v));
    });
    body.variants.forEach((v, i) => {
      setRow(fields, variants.length + i, newRow(v));
    });
    const kept = variants.length;
    const input = readAsEditor(fields as LineFormFields, line.id, kept);
    return answerLine(db, await saveAsEditor(db, line.id, input, kept, apiKeyActor(key)));
  },
});

export const LINE_WRITE_ENDPOINTS = [createLine, addVariants];
