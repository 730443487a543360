import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { type ProductComplianceInput, productComplianceSchema } from "~/lib/schemas/compliance";
import type { Actor } from "../audit/log";
import { lockProducts } from "../catalog/product-locks";
import type { DB } from "../db/schema";
import { parseForm } from "../http/forms";
import { DocumentRejectedError, MAX_DOCUMENT_BYTES } from "../media/documents";
import { findProductCompliance, saveLabReport, saveProductCompliance } from "./facts";

export const LAB_REPORT_TOO_LARGE = MESSAGES.labReportTooLarge;

/** The compliance facts fields of a form (edit page's Compliance form, or the new-product form). */
export function readComplianceFacts(
  form: FormData,
): { ok: true; facts: ProductComplianceInput } | { ok: false; errors: Record<string, string> } {
  const parsed = parseForm(form, productComplianceSchema);
  return parsed.ok ? { ok: true, facts: parsed.data } : { ok: false, errors: parsed.errors };
}

/**
 * The compliance section of the product form: the facts, and optionally a new lab report (checked
 * from its bytes, kept in the private document store). Returns field errors, or null when saved.
 */
export async function saveComplianceForm(
  db: Kysely<DB>,
  productId: number,
  form: FormData,
  actor: Actor,
): Promise<Record<string, string> | null> {
  const parsed = readComplianceFacts(form);
  const file = form.get("labReport");
  const upload = typeof file !== "string" && file && !(file.name === "" && file.size === 0) ? file : null;
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
  if (upload && upload.size > MAX_DOCUMENT_BYTES) errors.labReport = LAB_REPORT_TOO_LARGE;
  if (!parsed.ok || Object.keys(errors).length) return errors;
  if (upload) {
    try {
      await saveLabReport(db, productId, Buffer.from(await upload.arrayBuffer()), actor);
    } catch (error) {
      if (error instanceof DocumentRejectedError) return { labReport: error.message };
      throw error;
    }
  }
  await saveProductCompliance(db, productId, parsed.facts, actor);
  return null;
}

/**
 * Bulk: the facts given (not blank) are set on every selected product; the others stay. The
 * directory states given are added to those each product is already listed in. On PostgreSQL the
 * selected products' rows are all held first, by id (decision 0005), and written in that order:
 * an order of the same products waits for the change, or the change for the order, never both.
 */
export async function bulkSetCompliance(
  db: Kysely<DB>,
  ids: readonly number[],
  bulk: Partial<
    Pick<
      ProductComplianceInput,
      | "brand"
      | "productClass"
      | "flavorClass"
      | "country"
      | "mlPerUnit"
      | "cartridgesPerUnit"
      | "vapeSystem"
      | "containsNicotine"
    >
  > & {
    addDirectoryStates?: readonly string[];
  },
  actor: Actor,
): Promise<number> {
  const { addDirectoryStates, ...given } = bulk;
  // Blank bulk fields stay as they are (an excise fact left blank is not cleared).
  const changes = Object.fromEntries(
    Object.entries(given).filter(([, v]) => v !== undefined && v !== null),
  ) as typeof given;
  return db.transaction().execute(async (trx) => {
    await lockProducts(trx, ids, "share");
    const existing = await trx
      .selectFrom("products")
      .select("id")
      .where("id", "in", [...ids])
      .orderBy("id")
      .execute();
    for (const { id } of existing) {
      const current = await findProductCompliance(trx, id);
      const { labReport: _kept, ...facts } = current;
      const directoryStates = [...new Set([...facts.directoryStates, ...(addDirectoryStates ?? [])])];
      await saveProductCompliance(trx, id, { ...facts, ...changes, directoryStates }, actor);
    }
    return existing.length;
  });
}
