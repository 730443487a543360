import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import {
  addDays,
  type LicenseStatus,
  licenseCountsIn,
  licenseTypeLabel,
  licenseTypeStateBound,
  storeToday,
} from "~/lib/business";
import { stateName } from "~/lib/compliance/vocabulary";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import type { LicenseInput } from "~/lib/schemas/business";
import { oneLine } from "~/lib/text";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB, LicenseRow } from "../db/schema";
import { sqlNow } from "../db/time";
import { enqueueJob } from "../jobs/enqueue";
import { defineJob } from "../jobs/registry";
import { kickJobRunners } from "../jobs/wake";
import { MAIL_JOB } from "../mail/outbox";
import { layout, type MailContent } from "../mail/templates";
import { removeDocument, storeDocument } from "../media/documents";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { hitRateLimit, type RateLimitRule, scaledLimit } from "../security/rate-limit";

type Db = Kysely<DB> | Transaction<DB>;

/** A license as its owner and the admins see it (never the document's storage key). */
export interface License {
  id: string;
  userId: string;
  addressId: string | null;
  /** Uploaded for one address: covers that address only, and none once it is deleted (issue 26). */
  addressBound: boolean;
  type: string;
  typeLabel: string;
  number: string;
  issuingState: string;
  expiresOn: string | null;
  documentType: string;
  documentSize: number;
  status: LicenseStatus;
  rejectionReason: string | null;
  replacesId: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

function toLicense(row: LicenseRow): License {
  return {
    id: row.id,
    userId: row.user_id,
    addressId: row.address_id,
    addressBound: Number(row.address_bound) === 1,
    type: row.type,
    typeLabel: licenseTypeLabel(row.type),
    number: row.number,
    issuingState: row.issuing_state,
    expiresOn: row.expires_on,
    documentType: row.document_type,
    documentSize: row.document_size,
    status: row.status,
    rejectionReason: row.rejection_reason,
    replacesId: row.replaces_id,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
  };
}

/** Where a license counts, as its owner and the admins read it: its issuing state, for a state-bound type. */
export function licenseCountsForText(license: Pick<License, "type" | "issuingState">): string {
  return licenseTypeStateBound(license.type)
    ? MESSAGES.licenseCountsFor(stateName(license.issuingState))
    : MESSAGES.licenseCountsEverywhere;
}

/** A refused license change: the message names what is wrong; `field` is the form field. */
export class LicenseError extends DomainError {
  constructor(message: string, field = "form", status = 400) {
    super(message, { field, status });
  }
}

export const LICENSE_NOT_FOUND = MESSAGES.licenseNotFound;

/**
 * The most licenses a business keeps under review or in force (pending and approved; rejected
 * and expired ones do not count). A replacement takes the place of the license it replaces, so a
 * business at the limit can still renew. Each is a private document of up to 10 MB that an admin
 * must read: 20 is several times what a store needs (a sales tax permit, a resale certificate,
 * a state license per product class and place of business).
 */
export const MAX_ACTIVE_LICENSES = 20;

/** License uploads a business may make in an hour, whatever becomes of them (counted in the database). */
export const LICENSE_UPLOADS_PER_HOUR: RateLimitRule = {
  name: "license-upload:business",
  per: "account",
  limit: 10,
  windowMs: 60 * 60 * 1000,
};

/**
 * How many licenses the business keeps, by the rule of MAX_ACTIVE_LICENSES, and whether an upload
 * replacing `replacesId` would take that license's place rather than add one.
 */
async function activeLicenses(
  db: Db,
  userId: string,
  replacesId: string | null,
): Promise<{ kept: number; adds: boolean }> {
  const active = await db
    .selectFrom("licenses")
    .select(["id", "replaces_id"])
    .where("user_id", "=", userId)
    .where("status", "in", ["pending", "approved"])
    .execute();
  const ids = new Set(active.map((l) => l.id));
  const replaced = new Set(active.flatMap((l) => (l.replaces_id && ids.has(l.replaces_id) ? [l.replaces_id] : [])));
  const kept = active.filter((l) => !replaced.has(l.id)).length;
  const takesPlace = !!replacesId && ids.has(replacesId) && !replaced.has(replacesId);
  return { kept, adds: !takesPlace };
}

/**
 * Whether a business may upload a license document now, checked before the document is read:
 * at most LICENSE_UPLOADS_PER_HOUR attempts an hour (this one counts), and no more than
 * MAX_ACTIVE_LICENSES kept. Throws the LicenseError the form shows.
 */
export async function claimLicenseUpload(
  db: Kysely<DB>,
  userId: string,
  replacesId: string | null,
  now = Date.now(),
): Promise<void> {
  const { kept, adds } = await activeLicenses(db, userId, replacesId);
  if (adds && kept >= MAX_ACTIVE_LICENSES) {
    throw new LicenseError(MESSAGES.licenseLimitReached(MAX_ACTIVE_LICENSES), "form", 409);
  }
  const rate = await hitRateLimit(db, LICENSE_UPLOADS_PER_HOUR, userId, now);
  if (!rate.allowed) {
    throw new LicenseError(
      MESSAGES.licenseUploadsPerHour(
        scaledLimit(LICENSE_UPLOADS_PER_HOUR.limit),
        Math.ceil(rate.retryAfterSeconds / 60),
      ),
      "form",
      429,
    );
  }
}

/** A customer's licenses, newest first. */
export async function listLicenses(db: Db, userId: string): Promise<License[]> {
  const rows = await db
    .selectFrom("licenses")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toLicense);
}

/**
 * A license and its document key, for a viewer allowed to see it: its owner or an admin. Anyone
 * else gets null, exactly as for an id that does not exist.
 */
export async function findLicenseFor(
  db: Db,
  id: string,
  viewer: { id: string; role: string; accountId?: string },
): Promise<(License & { documentKey: string }) | null> {
  let q = db.selectFrom("licenses").selectAll().where("id", "=", id);
  if (viewer.role !== "admin") q = q.where("user_id", "=", viewer.accountId ?? viewer.id);
  const row = await q.executeTakeFirst();
  return row ? { ...toLicense(row), documentKey: row.document_key } : null;
}

/**
 * Adds a license with its document to a customer's wallet, pending review. The address (when the
 * license covers one place of business) and the license it replaces must be the customer's own;
 * the document is checked from its bytes. On any refusal nothing is kept.
 */
export async function addLicense(
  db: Kysely<DB>,
  userId: string,
  input: LicenseInput,
  document: Buffer,
  actor: Actor,
  fileName?: string,
): Promise<License> {
  if (input.addressId) {
    const address = await db
      .selectFrom("addresses")
      .select(["id", "state"])
      .where("id", "=", input.addressId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!address) throw new LicenseError(MESSAGES.chooseOwnShippingAddress, "addressId");
    // A state-bound license counts only for orders into its state: for an address in another
    // state it would never count (issue 26).
    if (!licenseCountsIn(input.type, input.issuingState, address.state)) {
      throw new LicenseError(
        ACCOUNT_MESSAGES.licenseStateNotAddressState(stateName(input.issuingState), stateName(address.state)),
        "addressId",
      );
    }
  }
  if (input.replacesId) {
    const replaced = await findLicenseFor(db, input.replacesId, { id: userId, role: "customer" });
    if (!replaced) throw new LicenseError(LICENSE_NOT_FOUND, "replacesId", 404);
  }
  const stored = await storeDocument(document, fileName);
  try {
    return await db.transaction().execute(async (trx) => {
      // The limit holds against two uploads at once: on PostgreSQL the account's row is held
      // while its licenses are counted (SQLite runs one transaction at a time).
      if (dialectOf(db) === "postgres") {
        await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
      }
      const { kept, adds } = await activeLicenses(trx, userId, input.replacesId);
      if (adds && kept >= MAX_ACTIVE_LICENSES) {
        throw new LicenseError(MESSAGES.licenseLimitReached(MAX_ACTIVE_LICENSES), "form", 409);
      }
      const now = sqlNow(dialectOf(db));
      const id = crypto.randomUUID();
      await trx
        .insertInto("licenses")
        .values({
          id,
          user_id: userId,
          address_id: input.addressId,
          address_bound: input.addressId ? 1 : 0,
          type: input.type,
          number: input.number,
          issuing_state: input.issuingState,
          expires_on: input.expiresOn,
          document_key: stored.key,
          document_type: stored.type,
          document_size: stored.size,
          replaces_id: input.replacesId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: input.replacesId ? "license.replace" : "license.add",
        subjectType: "license",
        subjectId: id,
        summary: `${licenseTypeLabel(input.type)} ${input.number} (${input.issuingState}) uploaded${
          input.replacesId ? " as a replacement" : ""
        }`,
        after: {
          type: input.type,
          number: input.number,
          issuingState: input.issuingState,
          expiresOn: input.expiresOn,
          addressId: input.addressId,
          status: "pending",
        },
      });
      const row = await trx.selectFrom("licenses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return toLicense(row);
    });
  } catch (error) {
    await removeDocument(stored.key).catch(() => {});
    throw error;
  }
}

function link(pathname: string): string {
  return new URL(pathname, `${env().BASE_URL}/`).toString();
}

function licenseMail(name: string, subject: string, lines: string[]): MailContent {
  return {
    subject,
    ...layout([MESSAGES.mailGreeting(oneLine(name)), ...lines], {
      label: "Open your business profile",
      url: link("/account/business"),
    }),
  };
}

async function queueLicenseMail(
  db: Db,
  license: { userId: string; id: string },
  content: (name: string) => MailContent,
  uniqueKey?: string,
): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select(["email", "name"])
    .where("id", "=", license.userId)
    .executeTakeFirst();
  if (!user) return false;
  const id = await enqueueJob(db as Kysely<DB>, {
    name: MAIL_JOB,
    payload: { mail: { to: user.email, ...content(user.name) }, context: `license ${license.id}` },
    ...(uniqueKey ? { uniqueKey } : {}),
  });
  return id !== null;
}

export const REJECTION_REASON_REQUIRED = MESSAGES.licenseRejectionNeedsReason;

/**
 * An admin's decision on a pending license: approve, or reject with the reason the customer
 * reads. Conditional on the license still pending (two admins cannot both decide); mails the
 * customer and records the decision, in one transaction.
 */
export async function reviewLicense(
  db: Kysely<DB>,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
  actor: Actor,
): Promise<License> {
  const reason = decision.approve ? null : oneLine(decision.reason).slice(0, 500);
  if (!decision.approve && !reason) throw new LicenseError(REJECTION_REASON_REQUIRED, "reason");
  const license = await db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(db));
    const status: LicenseStatus = decision.approve ? "approved" : "rejected";
    const result = await trx
      .updateTable("licenses")
      .set({ status, rejection_reason: reason, reviewed_by: actor.id, reviewed_at: now, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const exists = await trx.selectFrom("licenses").select("status").where("id", "=", id).executeTakeFirst();
      throw new LicenseError(exists ? MESSAGES.licenseAlreadyReviewed : LICENSE_NOT_FOUND, "form", exists ? 409 : 404);
    }
    const row = await trx.selectFrom("licenses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const license = toLicense(row);
    await recordAudit(trx, actor, {
      action: decision.approve ? "license.approve" : "license.reject",
      subjectType: "license",
      subjectId: id,
      summary: `${license.typeLabel} ${license.number} ${decision.approve ? "approved" : "rejected"}`,
      before: { status: "pending" },
      after: { status, ...(reason ? { reason } : {}) },
    });
    // An approved replacement retires the license it replaces.
    if (decision.approve && license.replacesId) {
      await trx
        .updateTable("licenses")
        .set({ status: "expired", updated_at: now })
        .where("id", "=", license.replacesId)
        .where("user_id", "=", license.userId)
        .where("status", "in", ["approved", "pending"])
        .execute();
    }
    await queueLicenseMail(trx, license, (name) =>
      decision.approve
        ? licenseMail(
            name,
            MESSAGES.licenseApprovedMailSubject(license.typeLabel),
            [
              MESSAGES.licenseApprovedMailBody(license.typeLabel, license.number, license.issuingState),
              license.expiresOn ? MESSAGES.licenseExpiresOnRemind(license.expiresOn) : "",
            ].filter(Boolean),
          )
        : licenseMail(name, MESSAGES.licenseRejectedMailSubject(license.typeLabel), [
            MESSAGES.licenseRejectedMailBody(license.typeLabel, license.number, license.issuingState),
            MESSAGES.rejectionReason(reason),
            MESSAGES.uploadCorrectedDocument,
          ]),
    );
    return license;
  });
  kickJobRunners();
  return license;
}

/**
 * The licenses bound to an address follow it (issue 26). Called inside the address change's
 * transaction, before the change, by accounts/addresses.ts.
 *
 * An address moved to another state: its approved licenses go back to review (a license is for
 * one place; the admin decides whether it covers the new one), each change audit-logged. Pending
 * ones stay pending, and the admin's queue shows the address as it is now. Returns the licenses
 * sent back, for the sentence the customer reads.
 */
export async function reviewLicensesOfMovedAddress(
  trx: Transaction<DB>,
  address: { userId: string; id: string; fromState: string; toState: string },
  actor: Actor,
): Promise<License[]> {
  if (address.fromState === address.toState) return [];
  const rows = await trx
    .updateTable("licenses")
    .set({ status: "pending", updated_at: sqlNow(dialectOf(trx)) })
    .where("user_id", "=", address.userId)
    .where("address_id", "=", address.id)
    .where("status", "=", "approved")
    .returningAll()
    .execute();
  const licenses = rows.map(toLicense);
  for (const license of licenses) {
    await recordAudit(trx, actor, {
      action: "license.review-again",
      subjectType: "license",
      subjectId: license.id,
      summary: `${license.typeLabel} ${license.number} back to review: its address moved from ${address.fromState} to ${address.toState}`,
      before: { status: "approved", addressState: address.fromState },
      after: { status: "pending", addressState: address.toState },
    });
  }
  return licenses;
}

/**
 * An address about to be deleted: the approved and pending licenses bound to it lapse (expired:
 * they count for no order, and none is reviewed for an address that is gone), each audit-logged.
 * They stay bound (migration 0014), so they never widen to the whole business once the address
 * is gone. Returns the licenses that lapsed, for the sentence the customer reads.
 */
export async function lapseLicensesOfDeletedAddress(
  trx: Transaction<DB>,
  address: { userId: string; id: string },
  actor: Actor,
): Promise<License[]> {
  const rows = await trx
    .selectFrom("licenses")
    .selectAll()
    .where("user_id", "=", address.userId)
    .where("address_id", "=", address.id)
    .where("status", "in", ["approved", "pending"])
    .execute();
  const licenses: License[] = [];
  for (const row of rows) {
    const result = await trx
      .updateTable("licenses")
      .set({ status: "expired", updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    const license = toLicense(row);
    await recordAudit(trx, actor, {
      action: "license.lapse",
      subjectType: "license",
      subjectId: license.id,
      summary: `${license.typeLabel} ${license.number} lapsed: the address it covered was deleted`,
      before: { status: row.status, addressId: address.id },
      after: { status: "expired", addressId: null },
    });
    licenses.push({ ...license, status: "expired" });
  }
  return licenses;
}

export const LICENSE_REMINDER_DAYS = [30, 7] as const;
export const LICENSE_EXPIRY_JOB = "license-expiry";

/**
 * The daily license work, idempotent so that running it twice (two servers, a restart) changes
 * nothing more: approved licenses past their expiry date become expired (mail + audit, the
 * update is conditional so each license expires once), and licenses 30 or 7 days (or fewer)
 * from expiry get their reminder, each reminder queued under a unique key so it is sent once.
 */
export async function runLicenseExpiry(
  db: Kysely<DB>,
  now: Date = new Date(),
): Promise<{ expired: number; reminded: number }> {
  const today = storeToday(now);
  let expired = 0;
  const due = await db
    .selectFrom("licenses")
    .selectAll()
    .where("status", "=", "approved")
    .where("expires_on", "is not", null)
    .where("expires_on", "<", today)
    .execute();
  for (const row of due) {
    const done = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("licenses")
        .set({ status: "expired", updated_at: sqlNow(dialectOf(db)) })
        .where("id", "=", row.id)
        .where("status", "=", "approved")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const license = toLicense(row);
      await recordAudit(trx, SYSTEM_ACTOR, {
        action: "license.expire",
        subjectType: "license",
        subjectId: row.id,
        summary: `${license.typeLabel} ${license.number} expired on ${row.expires_on}`,
        before: { status: "approved" },
        after: { status: "expired" },
      });
      await queueLicenseMail(
        trx,
        license,
        (name) =>
          licenseMail(name, MESSAGES.licenseExpiredMailSubject(license.typeLabel), [
            MESSAGES.licenseExpiredMailBody(license.typeLabel, license.number, license.issuingState, row.expires_on),
            MESSAGES.uploadRenewedLicense,
          ]),
        `license-expired:${row.id}`,
      );
      return true;
    });
    if (done) expired++;
  }

  let reminded = 0;
  const soon = await db
    .selectFrom("licenses")
    .selectAll()
    .where("status", "=", "approved")
    .where("expires_on", ">=", today)
    .where("expires_on", "<=", addDays(today, LICENSE_REMINDER_DAYS[0]))
    .execute();
  for (const row of soon) {
    const license = toLicense(row);
    const daysLeft = Math.round(
      (Date.parse(`${row.expires_on}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
    );
    // The nearest reminder point reached: 7 within a week, else 30.
    const point = LICENSE_REMINDER_DAYS.filter((d) => daysLeft <= d).at(-1);
    if (point === undefined) continue;
    // Queued under a unique key: a reminder already queued (by this run or another server's) is
    // not queued again.
    const queued = await queueLicenseMail(
      db,
      license,
      (name) =>
        licenseMail(name, MESSAGES.licenseExpiresInMailSubject(license.typeLabel, daysLeft), [
          MESSAGES.licenseExpiresOnMailBody(license.typeLabel, license.number, license.issuingState, row.expires_on),
          MESSAGES.uploadRenewedLicenseBeforeExpiry,
        ]),
      `license-reminder:${row.id}:${point}`,
    );
    if (queued) reminded++;
  }
  if (expired || reminded) kickJobRunners();
  return { expired, reminded };
}

export const licenseExpiryJob = defineJob(LICENSE_EXPIRY_JOB, async (_payload, { db, now }) => {
  await runLicenseExpiry(db, new Date(now));
});

/** What the admin's user list shows of an account's licenses. */
export interface LicenseSummary {
  approved: number;
  pending: number;
  rejected: number;
  expired: number;
  /** The earliest expiry date among approved licenses, if any expires. */
  nextExpiry: string | null;
}

export async function licenseSummaries(db: Db, userIds: string[]): Promise<Map<string, LicenseSummary>> {
  const out = new Map<string, LicenseSummary>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom("licenses")
    .select(["user_id", "status", "expires_on"])
    .where("user_id", "in", [...new Set(userIds)])
    .execute();
  for (const r of rows) {
    const s = out.get(r.user_id) ?? { approved: 0, pending: 0, rejected: 0, expired: 0, nextExpiry: null };
    s[r.status]++;
    if (r.status === "approved" && r.expires_on && (!s.nextExpiry || r.expires_on < s.nextExpiry)) {
      s.nextExpiry = r.expires_on;
    }
    out.set(r.user_id, s);
  }
  return out;
}
