import type { FieldName, FormReply } from "../form-reply";
import type { ruleSchema, saleTestSchema } from "../schemas/compliance";
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

/**
 * The compliance page's answer to a post: which form it answers (intent) and, for a test, its
 * result. Its field names are the rule form's and the test box's (a typo fails the type check).
 */
export type ComplianceReply = FormReply<
  { test?: SaleTestResult; intent: string },
  FieldName<typeof ruleSchema> | FieldName<typeof saleTestSchema>
>;
