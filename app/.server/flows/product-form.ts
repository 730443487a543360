import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { productSchema } from "~/lib/schemas/product";
import { sellingUnitFromForm } from "~/lib/schemas/selling-unit";
import { parseTiers } from "~/lib/tiers";
import { parseForm, replyError } from "../http/forms";
import { domainErrorReply } from "../http/http";
import { MAX_UPLOAD_BYTES } from "../media/intake";
import { DomainError } from "../runtime/domain-error";
import { log } from "../runtime/log";
import { type EditedVersion, ProductChangedError, type ProductChanges, type Upload } from "./product-admin";

export const MAX_UPLOADS = 10;

/** The quantity breaks of the form (issue 16), when it has the field; checked against the price and case pack. */
function readTiers(form: FormData, d: { price: number; casePack?: number | undefined }) {
  const text = form.get("tiers");
  if (typeof text !== "string") return null;
  return parseTiers(text.slice(0, 2_000), d.price, d.casePack ?? 1);
}

/** Reads the product form: validated fields and the uploaded files (size-checked before reading). */
export async function readProductForm(
  form: FormData,
): Promise<
  | { ok: true; changes: ProductChanges; uploads: Upload[]; keepKeys: string[]; opened: EditedVersion | null }
  | { ok: false; errors: Record<string, string> }
> {
  const parsed = parseForm(form, productSchema);
  // An empty file input still posts one nameless, empty part: that is "no file", not a bad one.
  const files = form
    .getAll("images")
    .filter((f): f is File => typeof f !== "string" && !(f.name === "" && f.size === 0));
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
  if (files.length > MAX_UPLOADS) errors.images = BACK_OFFICE_MESSAGES.tooManyImages(MAX_UPLOADS);
  const tooBig = files.find((f) => f.size > MAX_UPLOAD_BYTES);
  if (tooBig) errors.images = BACK_OFFICE_MESSAGES.imageTooLarge(tooBig.name);
  const tiers = parsed.ok ? readTiers(form, parsed.data) : null;
  if (tiers && !tiers.ok) errors.tiers = tiers.message;
  if (!parsed.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const uploads = await Promise.all(
    files.map(async (f) => ({ name: f.name || "image", data: Buffer.from(await f.arrayBuffer()) })),
  );
  const keepKeys = form
    .getAll("keepImage")
    .filter((v): v is string => typeof v === "string" && /^[a-f0-9]{32}$/.test(v));
  const d = parsed.data;
  return {
    ok: true,
    changes: {
      sku: d.sku,
      name: d.name,
      description: d.description,
      priceCents: d.price,
      stock: d.quantity,
      ...(d.lowStockThreshold === undefined ? {} : { lowStockThreshold: d.lowStockThreshold }),
      category: d.category,
      ...sellingUnitFromForm(d),
      ...(tiers?.ok ? { tiers: tiers.tiers } : {}),
    },
    uploads,
    keepKeys,
    opened:
      d.version !== undefined && d.stockSeen !== undefined ? { version: d.version, stockSeen: d.stockSeen } : null,
  };
}

/** The answer to a save that failed: the user's words for what they can fix, a generic one otherwise. */
export function productSaveError(error: unknown, failure: string, form: FormData) {
  // The page reloads a product changed since: the form shows the saved values, not what was posted.
  if (error instanceof DomainError) {
    return domainErrorReply(error, {
      form: error instanceof ProductChangedError ? null : form,
      fields: ["images", "sku"],
    });
  }
  log.error({ err: error }, "product save failed");
  return replyError({ message: failure }, { form, status: 500 });
}
