import type { Kysely } from "kysely";
import { licenseTypeLabel } from "~/lib/business";
import { evaluateSale } from "~/lib/compliance/engine";
import type { SaleTestResult } from "~/lib/compliance/sale-test";
import type { SaleTestInput } from "~/lib/schemas/rule-book";
import type { DB } from "../db/schema";
import { saleToTest } from "../rule-book/test-sale";
import { buyerLicenses } from "./check";
import { loadFacts } from "./facts";
import { listRules } from "./rules";

/**
 * The compliance page's "test a sale" box: the rule-book's sale (rule-book/test-sale.ts), decided
 * by every rule, enabled or not, as stored now, with the customer's licenses.
 */
export async function testSale(
  db: Kysely<DB>,
  input: SaleTestInput,
): Promise<{ ok: true; result: SaleTestResult } | { ok: false; field: string; message: string }> {
  const found = await saleToTest(db, input, loadFacts);
  if (!found.ok) return found;
  const { sale } = found;
  const verdict = evaluateSale(
    sale.facts,
    sale.destination,
    await buyerLicenses(db, sale.userId),
    sale.date,
    await listRules(db),
  );
  return {
    ok: true,
    result: {
      productName: sale.productName,
      destination: sale.where,
      customer: sale.customer,
      date: sale.date,
      outcome: verdict.outcome,
      reason: verdict.reason,
      licenseLabel: verdict.licenseType ? licenseTypeLabel(verdict.licenseType) : null,
      deciding: verdict.deciding,
      applied: verdict.applied,
    },
  };
}
