import { z } from "zod";
import { CATEGORY_SLUGS } from "../categories";
import * as MESSAGES from "../messages";
import { MAX_PRICE_CENTS } from "../money";
import { MAX_LOW_STOCK_THRESHOLD } from "../quantity";
import { isMultiline } from "../text";
import { amountField } from "./amount";
import { idParam } from "./params";
import { checkSellingUnit, sellingUnitFields } from "./selling-unit";

/** The admin product form; the server checks every post with the same schema. */
const priceField = amountField("price", { max: MAX_PRICE_CENTS });

const quantityField = z
  .string({ error: MESSAGES.quantityRequired })
  .trim()
  .min(1, MESSAGES.quantityRequired)
  .regex(/^\d{1,7}$/, MESSAGES.quantityWholeNumber)
  .transform(Number);

/** The product's own low-stock threshold: empty is the store-wide one (null); absent from the post, unchanged. */
const lowStockThresholdField = z
  .string({ error: MESSAGES.thresholdFormat })
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === "") return null;
    if (!/^\d{1,7}$/.test(v) || Number(v) > MAX_LOW_STOCK_THRESHOLD) {
      ctx.addIssue({ code: "custom", message: MESSAGES.thresholdFormat });
      return z.NEVER;
    }
    return Number(v);
  });

const categoryField = z
  .string({ error: MESSAGES.categoryRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.categoryRequired)
  .refine((v) => (CATEGORY_SLUGS as string[]).includes(v), MESSAGES.chooseStoreCategory);

/**
 * The fields of the product form (the server's schema of the whole post adds its images, the
 * images it keeps and its quantity breaks: app/.server/flows/product-form.ts).
 */
export const productFields = {
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(200, MESSAGES.nameTooLong)
    .refine((v) => !isMultiline(v), MESSAGES.nameOneLine),
  price: priceField,
  quantity: quantityField,
  lowStockThreshold: lowStockThresholdField,
  /** Where it sits in the warehouse (issue 39): "A-03-2"; empty: none; absent: unchanged. */
  bin: z
    .string()
    .trim()
    .max(20, MESSAGES.binFormat)
    .regex(/^[A-Za-z0-9 ./-]*$/, MESSAGES.binFormat)
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "" ? null : v.toUpperCase())),
  category: categoryField,
  description: z.string().trim().max(5000, MESSAGES.descriptionTooLong).optional().default(""),
  sku: z
    .string()
    .trim()
    .max(64, MESSAGES.skuTooLong)
    .regex(/^[A-Za-z0-9._-]*$/, MESSAGES.skuCharacters)
    .optional()
    .transform((v) => v || undefined),
  /** The edit form: the version and the stock the form showed (absent on the add form). */
  version: z
    .string()
    .regex(/^\d{1,9}$/, MESSAGES.reloadAndRetry)
    .transform(Number)
    .optional(),
  stockSeen: z
    .string()
    .regex(/^\d{1,7}$/, MESSAGES.reloadAndRetry)
    .transform(Number)
    .optional(),
  ...sellingUnitFields,
};

export const productSchema = z.object(productFields).superRefine(checkSellingUnit);
export type ProductForm = z.output<typeof productSchema>;

const optionalBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

export const bulkUpdateSchema = z
  .object({
    ids: z.preprocess(
      (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]),
      z
        .array(
          z
            .string()
            .transform((v) => idParam(v))
            .refine((v): v is number => v !== null, MESSAGES.invalidProductSelection)
            .transform((v) => v as number),
        )
        .min(1, MESSAGES.selectAtLeastOneProduct)
        .max(500, MESSAGES.selectAtMost500Products),
    ),
    price: optionalBlank(priceField),
    quantity: optionalBlank(quantityField),
    category: optionalBlank(categoryField),
  })
  .refine((v) => v.price !== undefined || v.quantity !== undefined || v.category !== undefined, {
    message: MESSAGES.fillInOneField,
    path: ["form"],
  });
export type BulkUpdateForm = z.output<typeof bulkUpdateSchema>;
