import type { Kysely } from "kysely";
import type { z } from "zod";
import * as MESSAGES from "~/lib/messages";
import { type ProductComplianceInput, productComplianceSchema } from "~/lib/schemas/compliance";
import type { Actor } from "../audit/log";
import { lockProducts } from "../catalog/product-locks";
import type { DB } from "../db/schema";
import { parseForm, uploadedFiles } from "../http/forms";
import { DocumentRejectedError, MAX_DOCUMENT_BYTES } from "../media/documents";
import { DomainError } from "../runtime/domain-error";
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
 * The product edit page's Compliance form: the facts, and optionally a new lab report (one file,
 * checked for size here and from its bytes when kept).
 */
export const complianceFormSchema = productComplianceSchema.extend({
  labReport: uploadedFiles({ largerThan: { bytes: MAX_DOCUMENT_BYTES, message: () => LAB_REPORT_TOO_LARGE } }),
});
export type ComplianceFormInput = z.output<typeof complianceFormSchema>;

/**
 * Saves the Compliance form: a new lab report first (kept in the private document store; one that
 * is not a PDF, JPEG or PNG is refused beside its field, and then no fact changes), then the facts.
 */
export async function saveComplianceForm(
  db: Kysely<DB>,
  productId: number,
  input: ComplianceFormInput,
  actor: Actor,
): Promise<void> {
  const { labReport, ...facts } = input;
  const [upload] = labReport;
  if (upload) {
    try {
      await saveLabReport(db, productId, Buffer.from(await upload.arrayBuffer()), actor);
    } catch (error) {
      if (error instanceof DocumentRejectedError) throw new DomainError(error.message, { field: "labReport" });
      throw error;
    }
  }
  await saveProductCompliance(db, productId, facts, actor);
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
