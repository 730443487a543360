import { z } from "zod";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { productComplianceSchema } from "~/lib/schemas/compliance";
import { productFields } from "~/lib/schemas/product";
import { checkSellingUnit, sellingUnitFromForm } from "~/lib/schemas/selling-unit";
import { parseTiers } from "~/lib/tiers";
import { parseForm, replyError, uploadedFiles } from "../http/forms";
import { MAX_UPLOAD_BYTES } from "../media/intake";
import { DomainError } from "../runtime/domain-error";
import { log } from "../runtime/log";
import { type EditedVersion, ProductChangedError, type ProductChanges, type Upload } from "./product-admin";

export const MAX_UPLOADS = 10;

/** The first text posted under a name (a repeated field counts once), or undefined. */
const firstText = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
};

/**
 * What the product form posts besides its fields (issue 37): the images added (checked for size
 * and count before any is read), the keys of the images it keeps in their order, and the quantity
 * breaks (issue 16), when the form has that field (absent: the breaks stay as they are).
 */
const postedFields = {
  images: uploadedFiles({
    largerThan: { bytes: MAX_UPLOAD_BYTES, message: BACK_OFFICE_MESSAGES.imageTooLarge },
    most: { count: MAX_UPLOADS, message: BACK_OFFICE_MESSAGES.tooManyImages(MAX_UPLOADS) },
  }),
  keepImage: z
    .unknown()
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
        (key): key is string => typeof key === "string" && /^[a-f0-9]{32}$/.test(key),
      ),
    ),
  tiers: z
    .unknown()
    .optional()
    .transform((v) => firstText(v)?.slice(0, 2_000)),
};

const productPostFields = { ...productFields, ...postedFields };
type ProductPost = z.output<z.ZodObject<typeof productPostFields>>;

/** The breaks read against the price and case pack they go below. */
const breaksOf = (v: ProductPost) => (v.tiers === undefined ? null : parseTiers(v.tiers, v.price, v.casePack ?? 1));

/** The breaks' problem, said beside them. */
function checkBreaks(v: ProductPost, ctx: z.RefinementCtx): void {
  const breaks = breaksOf(v);
  if (breaks && !breaks.ok) ctx.addIssue({ code: "custom", path: ["tiers"], message: breaks.message });
}

/** The breaks are checked once the price and the case pack they depend on were read. */
const breaksReadable = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => issue.path?.[0] === "price" || issue.path?.[0] === "casePack"),
};

/** A checked post as the save takes it: the product's changes, its new files, the images kept, what the form showed. */
function toProductSave(v: ProductPost) {
  const breaks = breaksOf(v);
  const changes: ProductChanges = {
    sku: v.sku,
    name: v.name,
    description: v.description,
    priceCents: v.price,
    stock: v.quantity,
    ...(v.lowStockThreshold === undefined ? {} : { lowStockThreshold: v.lowStockThreshold }),
    ...(v.bin === undefined ? {} : { bin: v.bin }),
    category: v.category,
    ...sellingUnitFromForm(v),
    ...(breaks?.ok ? { tiers: breaks.tiers } : {}),
  };
  const opened: EditedVersion | null =
    v.version !== undefined && v.stockSeen !== undefined ? { version: v.version, stockSeen: v.stockSeen } : null;
  return { changes, images: v.images, keepKeys: v.keepImage, opened };
}

/** The product form as posted (the edit form): its fields, images and breaks, every problem beside its field. */
export const productFormSchema = z
  .object(productPostFields)
  .superRefine(checkSellingUnit)
  .superRefine(checkBreaks, breaksReadable)
  .transform(toProductSave);

const COMPLIANCE_FIELDS = Object.keys(productComplianceSchema.shape) as (keyof typeof productComplianceSchema.shape)[];

/** The add form: the product and the compliance facts set with it, every field's problem said at once. */
export const newProductSchema = z
  .object({ ...productPostFields, ...productComplianceSchema.shape })
  .superRefine(checkSellingUnit)
  .superRefine(checkBreaks, breaksReadable)
  .transform((v) => ({
    ...toProductSave(v),
    facts: Object.fromEntries(COMPLIANCE_FIELDS.map((field) => [field, v[field]])) as z.output<
      typeof productComplianceSchema
    >,
  }));

/** The files of a checked post, read (their sizes were checked before). */
export function readUploads(files: File[]): Promise<Upload[]> {
  return Promise.all(files.map(async (f) => ({ name: f.name || "image", data: Buffer.from(await f.arrayBuffer()) })));
}

/** Reads the product form: validated fields and the uploaded files (size-checked before reading). */
export async function readProductForm(
  form: FormData,
): Promise<
  | { ok: true; changes: ProductChanges; uploads: Upload[]; keepKeys: string[]; opened: EditedVersion | null }
  | { ok: false; errors: Record<string, string> }
> {
  const parsed = parseForm(form, productFormSchema);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { images, ...read } = parsed.data;
  return { ok: true, ...read, uploads: await readUploads(images) };
}

/**
 * Runs a product save and answers what went wrong in it: a product changed since the form was
 * opened is said above the form without what was posted (the page reloads and shows the saved
 * values); a refusal of a field (a SKU taken, an image refused) is formAction's to say beside it;
 * anything else is logged and answered in the generic words of `failure`.
 */
export async function savingProduct<R>(save: () => Promise<R>, failure: string, form: FormData) {
  try {
    return await save();
  } catch (error) {
    if (error instanceof ProductChangedError) return replyError({ message: error.message }, { status: error.status });
    if (error instanceof DomainError) throw error;
    log.error({ err: error }, "product save failed");
    return replyError({ message: failure }, { form, status: 500 });
  }
}
