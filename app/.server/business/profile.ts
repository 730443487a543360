import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { type ApprovalMode, type ApprovalState, type BusinessType, businessDisplayName } from "~/lib/business";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { BusinessInput } from "~/lib/schemas/business";
import { oneLine } from "~/lib/text";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { BusinessRow, DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { emitWebhook } from "../webhooks/events";

type Db = Kysely<DB> | Transaction<DB>;

/** The business behind a customer account. */
export interface Business {
  userId: string;
  legalName: string;
  dba: string | null;
  businessType: BusinessType;
  taxPermit: string | null;
  approval: ApprovalState;
  rejectionReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

function toBusiness(row: BusinessRow): Business {
  return {
    userId: row.user_id,
    legalName: row.legal_name,
    dba: row.dba,
    businessType: row.business_type as BusinessType,
    taxPermit: row.tax_permit,
    approval: row.approval,
    rejectionReason: row.rejection_reason,
    reviewedAt: row.reviewed_at,
    createdAt: row.created_at,
  };
}

/** How the store decides who may see prices and order (ACCOUNT_APPROVAL). */
export function approvalMode(): ApprovalMode {
  return env().ACCOUNT_APPROVAL;
}

/**
 * What an admin reviews of a business, as a short fingerprint: the review queue's form sends the
 * one it showed, and a decision on a business that changed since is refused (reviewBusiness).
 */
export function reviewedVersion(b: Pick<Business, "legalName" | "dba" | "businessType" | "taxPermit">): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([b.legalName, b.dba, b.businessType, b.taxPermit]))
    .digest("base64url")
    .slice(0, 22);
}

/** The same legal name, but for case and spacing ("Acme  llc" is "Acme LLC"). */
function sameName(a: string, b: string): boolean {
  const norm = (v: string) => v.replace(/\s+/g, " ").trim().toLowerCase();
  return norm(a) === norm(b);
}

export async function findBusiness(db: Db, userId: string): Promise<Business | null> {
  const row = await db.selectFrom("businesses").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row ? toBusiness(row) : null;
}

/**
 * Creates or updates the business of an account. A new business waits for approval. Recorded in
 * the audit log.
 *
 * With ACCOUNT_APPROVAL=manual, a business the store has reviewed (approved or rejected) whose
 * legal name or sales tax permit changes goes back to review: the store approved that name and
 * permit, not the new ones (decision 0028). Until an admin decides again it sees no prices and
 * cannot order. Its DBA and type, and a change of case or spacing in its name, keep the decision.
 * Returns whether it went back to review.
 */
export async function saveBusiness(
  db: Kysely<DB>,
  userId: string,
  input: BusinessInput,
  actor: Actor,
): Promise<{ backToReview: boolean }> {
  return db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(db));
    // PostgreSQL: hold the row, so an admin's decision and this change come one after the other.
    let read = trx.selectFrom("businesses").selectAll().where("user_id", "=", userId);
    if (dialectOf(db) === "postgres") read = read.forUpdate();
    const row = await read.executeTakeFirst();
    const current = row ? toBusiness(row) : null;
    const fields = {
      legalName: input.legalName,
      dba: input.dba,
      businessType: input.businessType,
      taxPermit: input.taxPermit,
    };
    if (!current) {
      await trx
        .insertInto("businesses")
        .values({
          user_id: userId,
          legal_name: input.legalName,
          dba: input.dba,
          business_type: input.businessType,
          tax_permit: input.taxPermit,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // Its founder is its first owner (decision 0032), unless they already belong to a business.
      await trx
        .insertInto("business_members")
        .values({ user_id: userId, business_id: userId, role: "owner", order_limit_cents: null, created_at: now })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
      await recordAudit(trx, actor, {
        action: "business.create",
        subjectType: "business",
        subjectId: userId,
        summary: `Business ${businessDisplayName(input)} registered`,
        after: fields,
      });
      return { backToReview: false };
    }
    const diff = changedFields(
      {
        legalName: current.legalName,
        dba: current.dba,
        businessType: current.businessType,
        taxPermit: current.taxPermit,
      },
      fields,
    );
    if (!diff) return { backToReview: false };
    const backToReview =
      approvalMode() === "manual" &&
      current.approval !== "pending" &&
      (!sameName(current.legalName, input.legalName) || (current.taxPermit ?? "") !== (input.taxPermit ?? ""));
    await trx
      .updateTable("businesses")
      .set({
        legal_name: input.legalName,
        dba: input.dba,
        business_type: input.businessType,
        tax_permit: input.taxPermit,
        updated_at: now,
        ...(backToReview ? { approval: "pending", rejection_reason: null, reviewed_by: null, reviewed_at: null } : {}),
      })
      .where("user_id", "=", userId)
      .execute();
    await recordAudit(trx, actor, {
      action: "business.update",
      subjectType: "business",
      subjectId: userId,
      summary: backToReview
        ? `Business ${businessDisplayName(input)} edited: back to review (was ${current.approval})`
        : `Business ${businessDisplayName(input)} edited`,
      before: { ...diff.before, ...(backToReview ? { approval: current.approval } : {}) },
      after: { ...diff.after, ...(backToReview ? { approval: "pending" } : {}) },
    });
    return { backToReview };
  });
}

export const BUSINESS_REVIEWED = MESSAGES.businessAlreadyReviewed;

export class BusinessChangedError extends DomainError {
  constructor() {
    super(BACK_OFFICE_MESSAGES.businessChangedSinceOpened, { status: 409 });
  }
}

/**
 * An admin's decision on a business (ACCOUNT_APPROVAL=manual): approve, or reject with the reason
 * the customer reads. `seen` is the reviewedVersion of the business the admin looked at: if it
 * changed since (its owner renamed it), the decision is refused (BusinessChangedError), never
 * applied to what the admin did not see. Recorded in the audit log; the customer is mailed.
 */
export async function reviewBusiness(
  db: Kysely<DB>,
  userId: string,
  decision: ({ approve: true } | { approve: false; reason: string }) & { seen: string },
  actor: Actor,
): Promise<Business | null> {
  const reason = decision.approve ? null : oneLine(decision.reason).slice(0, 500);
  if (!decision.approve && !reason) throw new Error("A rejection needs a reason.");
  const result = await db.transaction().execute(async (trx) => {
    let read = trx.selectFrom("businesses").selectAll().where("user_id", "=", userId);
    if (dialectOf(db) === "postgres") read = read.forUpdate();
    const row = await read.executeTakeFirst();
    if (!row) return null;
    const current = toBusiness(row);
    if (reviewedVersion(current) !== decision.seen) throw new BusinessChangedError();
    const next: ApprovalState = decision.approve ? "approved" : "rejected";
    if (current.approval === next) return current;
    const now = sqlNow(dialectOf(db));
    await trx
      .updateTable("businesses")
      .set({ approval: next, rejection_reason: reason, reviewed_by: actor.id, reviewed_at: now, updated_at: now })
      .where("user_id", "=", userId)
      .where("approval", "=", current.approval)
      .execute();
    await recordAudit(trx, actor, {
      action: decision.approve ? "business.approve" : "business.reject",
      subjectType: "business",
      subjectId: userId,
      summary: `Business ${businessDisplayName(current)} ${decision.approve ? "approved" : "rejected"}`,
      before: { approval: current.approval },
      after: { approval: next, ...(reason ? { reason } : {}) },
    });
    if (decision.approve) await emitWebhook(trx, "business.approved", { businessId: userId });
    const user = await trx.selectFrom("users").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
    if (user) {
      const lines = decision.approve
        ? [MESSAGES.businessApprovedMailBody(businessDisplayName(current))]
        : [MESSAGES.businessRejectedMailBody(businessDisplayName(current)), MESSAGES.rejectionReason(reason)];
      await enqueueMail(
        trx,
        {
          to: user.email,
          subject: decision.approve ? MESSAGES.businessApprovedMailSubject : MESSAGES.businessRejectedMailSubject,
          ...layout([MESSAGES.mailGreeting(oneLine(user.name)), ...lines], {
            label: "Open your business profile",
            url: new URL("/account/business", `${env().BASE_URL}/`).toString(),
          }),
        },
        `business ${userId} review`,
      );
    }
    return findBusiness(trx, userId);
  });
  kickJobRunners();
  return result;
}
