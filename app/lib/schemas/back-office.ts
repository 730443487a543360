import { z } from "zod";
import * as MESSAGES from "../messages";
import * as BACK_OFFICE_MESSAGES from "../messages/back-office";
import * as TEAM_MESSAGES from "../messages/team";
import { ORDER_STATUSES, parseSeenLines } from "../orders";
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

const QUANTITY = /^\d{1,5}$/;

/** An order's page, cancelling: the status the page showed (a stale page is refused). */
export const orderCancelSchema = z.object({
  seen: z.enum(ORDER_STATUSES, { message: MESSAGES.reloadAndRetry }),
});

/** An order's page, adding a product: its SKU, how many, and the lines as the page showed them. */
export const orderAddSchema = z.object({
  sku: z.string({ message: MESSAGES.skuRequired }).trim().min(1, MESSAGES.skuRequired).max(64, MESSAGES.skuRequired),
  quantity: z
    .string({ message: MESSAGES.orderEditQuantity })
    .trim()
    .refine((v) => QUANTITY.test(v) && Number(v) >= 1, MESSAGES.orderEditQuantity)
    .transform(Number),
  seenLines: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const seen = parseSeenLines((v ?? "").trim());
      if (seen === null) {
        ctx.addIssue({ code: "custom", message: MESSAGES.reloadAndRetry });
        return z.NEVER;
      }
      return seen;
    }),
});

/** An order's page, a line's quantity or its removal: the line, its quantity as the page showed it, the new one. */
export const orderLineSchema = z.object({
  lineId: idField(MESSAGES.orderEditChanged),
  seen: z
    .string({ message: MESSAGES.orderEditChanged })
    .trim()
    .refine((v) => QUANTITY.test(v), MESSAGES.orderEditChanged)
    .transform(Number),
  quantity: z
    .string()
    .optional()
    .refine((v) => v === undefined || QUANTITY.test(v.trim()), MESSAGES.orderEditQuantity)
    .transform((v) => (v === undefined ? null : Number(v.trim()))),
});
