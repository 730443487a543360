import type { Kysely, Transaction } from "kysely";
import type { ApprovalState, BusinessType } from "~/lib/business";
import * as MESSAGES from "~/lib/messages";
import type { BusinessInput } from "~/lib/schemas/business";
import { oneLine } from "~/lib/text";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { BusinessRow, DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { env } from "../env";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";

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

export async function findBusiness(db: Db, userId: string): Promise<Business | null> {
  const row = await db.selectFrom("businesses").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row ? toBusiness(row) : null;
}

/**
 * Creates or updates the business of an account. A new business waits for approval; editing it
 * does not change the store's decision. Recorded in the audit log.
 */
export async function saveBusiness(db: Kysely<DB>, userId: string, input: BusinessInput, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(db));
    const current = await findBusiness(trx, userId);
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
      await recordAudit(trx, actor, {
        action: "business.create",
        subjectType: "business",
        subjectId: userId,
        summary: `Business ${input.legalName} registered`,
        after: fields,
      });
      return;
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
    if (!diff) return;
    await trx
      .updateTable("businesses")
      .set({
        legal_name: input.legalName,
        dba: input.dba,
        business_type: input.businessType,
        tax_permit: input.taxPermit,
        updated_at: now,
      })
      .where("user_id", "=", userId)
      .execute();
    await recordAudit(trx, actor, {
      action: "business.update",
      subjectType: "business",
      subjectId: userId,
      summary: `Business ${input.legalName} edited`,
      ...diff,
    });
  });
}

export const BUSINESS_REVIEWED = MESSAGES.businessAlreadyReviewed;

/**
 * An admin's decision on a business (ACCOUNT_APPROVAL=manual): approve, or reject with the reason
 * the customer reads. Recorded in the audit log; the caller mails the customer.
 */
export async function reviewBusiness(
  db: Kysely<DB>,
  userId: string,
  decision: { approve: true } | { approve: false; reason: string },
  actor: Actor,
): Promise<Business | null> {
  const reason = decision.approve ? null : oneLine(decision.reason).slice(0, 500);
  if (!decision.approve && !reason) throw new Error("A rejection needs a reason.");
  const result = await db.transaction().execute(async (trx) => {
    const current = await findBusiness(trx, userId);
    if (!current) return null;
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
      summary: `Business ${current.legalName} ${decision.approve ? "approved" : "rejected"}`,
      before: { approval: current.approval },
      after: { approval: next, ...(reason ? { reason } : {}) },
    });
    const user = await trx.selectFrom("users").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
    if (user) {
      const lines = decision.approve
        ? [MESSAGES.businessApprovedMailBody(current.legalName)]
        : [MESSAGES.businessRejectedMailBody(current.legalName), MESSAGES.rejectionReason(reason)];
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
