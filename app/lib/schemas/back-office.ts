import { z } from "zod";
import * as MESSAGES from "../messages";
import * as BACK_OFFICE_MESSAGES from "../messages/back-office";
import * as TEAM_MESSAGES from "../messages/team";
import { ORDER_STATUSES } from "../orders";
import { oneLine } from "../text";
import { idParam } from "./params";

/**
 * Small back-office forms (issue 37: every form under the one contract): an order's status, a
 * review decision.
 */

/** A positive integer id posted as text, as a number; `message` when it is not one. */
export function idField(message: string) {
  return z
    .string({ message })
    .refine((v) => idParam(v) !== null, { message })
    .transform((v) => Number(v));
}

/** The orders list's status change: the order, the status wanted and the status the page showed. */
export const orderStatusSchema = z.object({
  orderId: idField(BACK_OFFICE_MESSAGES.chooseOrderAndStatus),
  status: z.enum(ORDER_STATUSES, { message: BACK_OFFICE_MESSAGES.chooseOrderAndStatus }),
  seen: z.enum(ORDER_STATUSES, { message: BACK_OFFICE_MESSAGES.chooseOrderAndStatus }),
});

/**
 * A review in the approvals queue: a license or a business, approved or rejected with a reason,
 * and for a business what the queue showed of it (`seen`: a decision on one changed since is refused).
 */
export const reviewSchema = z
  .object({
    subject: z.enum(["license", "business"], { message: BACK_OFFICE_MESSAGES.chooseWhatToReview }),
    id: z
      .string({ message: BACK_OFFICE_MESSAGES.chooseWhatToReview })
      .trim()
      .min(1, BACK_OFFICE_MESSAGES.chooseWhatToReview)
      .max(64, BACK_OFFICE_MESSAGES.chooseWhatToReview),
    decision: z.string().optional(),
    reason: z
      .string()
      .optional()
      .transform((v) => oneLine(v ?? "").slice(0, 500)),
    seen: z
      .string()
      .optional()
      .transform((v) => (v ?? "").slice(0, 64)),
  })
  .transform(({ decision, ...rest }) => ({ ...rest, approve: decision === "approve" }))
  .superRefine((review, ctx) => {
    if (!review.approve && !review.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: MESSAGES.licenseRejectionNeedsReason });
  });

/** A sales rep or an admin choosing the business they order for. */
export const actForSchema = z.object({
  // An empty choice is no business of theirs: the acting itself refuses it (403), as any other.
  businessId: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= 100, TEAM_MESSAGES.notYourBusiness),
});

/** An owner's decision on a buyer's order waiting for them: approve or decline, which order. */
export const approvalDecisionSchema = z.object({
  intent: z.enum(["approve", "decline"], { message: TEAM_MESSAGES.chooseApproveOrDecline }),
  orderId: idField(TEAM_MESSAGES.chooseApproveOrDecline),
});
