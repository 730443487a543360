import type { Outcome, RuleResult } from "./engine";

/** What the admin's "test a sale" box shows (.server/compliance/test-sale.ts decides it). */
export interface SaleTestResult {
  productName: string;
  destination: string;
  customer: string | null;
  date: string;
  outcome: Outcome;
  reason: string | null;
  licenseLabel: string | null;
  deciding: RuleResult[];
  applied: RuleResult[];
}
