import { z } from "zod";
import { CATEGORY_SLUGS } from "../categories";
import { formatCents, MAX_PRICE_CENTS, parseDollarsToCents } from "../money";
import { isMultiline } from "../text";
import { idParam } from "./params";

/** The admin product form; the server checks every post with the same schema. */
const priceField = z
  .string({ error: "Price is required." })
  .trim()
  .min(1, "Price is required.")
  .transform((v, ctx) => {
    const cents = parseDollarsToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "Price must be an amount like 12.50 (at most two decimals)." });
      return z.NEVER;
    }
    if (cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: "custom", message: `Price must be at most ${formatCents(MAX_PRICE_CENTS)}.` });
      return z.NEVER;
    }
    return cents;
  });

const quantityField = z
  .string({ error: "Quantity is required." })
  .trim()
  .min(1, "Quantity is required.")
  .regex(/^\d{1,7}$/, "Quantity must be a whole number, 0 or more.")
  .transform(Number);

const categoryField = z
  .string({ error: "Category is required." })
  .trim()
  .toLowerCase()
  .min(1, "Category is required.")
  .refine((v) => (CATEGORY_SLUGS as string[]).includes(v), "Please choose one of the store's categories.");

export const productSchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(200, "Name must be at most 200 characters.")
    .refine((v) => !isMultiline(v), "Name must be on one line."),
  price: priceField,
  quantity: quantityField,
  category: categoryField,
  description: z.string().trim().max(5000, "Description must be at most 5,000 characters.").optional().default(""),
  sku: z
    .string()
    .trim()
    .max(64, "SKU must be at most 64 characters.")
    .regex(/^[A-Za-z0-9._-]*$/, "SKU may use letters, numbers, dots, dashes and underscores.")
    .optional()
    .transform((v) => v || undefined),
  /** The edit form: the version and the stock the form showed (absent on the add form). */
  version: z
    .string()
    .regex(/^\d{1,9}$/, "Reload the page and try again.")
    .transform(Number)
    .optional(),
  stockSeen: z
    .string()
    .regex(/^\d{1,7}$/, "Reload the page and try again.")
    .transform(Number)
    .optional(),
});
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
            .refine((v): v is number => v !== null, "Invalid product selection.")
            .transform((v) => v as number),
        )
        .min(1, "Select at least one product.")
        .max(500, "Select at most 500 products at a time."),
    ),
    price: optionalBlank(priceField),
    quantity: optionalBlank(quantityField),
    category: optionalBlank(categoryField),
  })
  .refine((v) => v.price !== undefined || v.quantity !== undefined || v.category !== undefined, {
    message: "Fill in at least one field to change.",
    path: ["form"],
  });
export type BulkUpdateForm = z.output<typeof bulkUpdateSchema>;
