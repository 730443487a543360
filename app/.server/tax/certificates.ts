import crypto from "node:crypto";
import type { Readable } from "node:stream";
import type { Kysely, RawBuilder, Selectable, Transaction, UpdateObject } from "kysely";
import { storeToday } from "~/lib/business";
import { productClassLabel } from "~/lib/compliance/vocabulary";
import * as CERTIFICATES from "~/lib/messages/certificates";
import type { SignCertificateInput, UploadCertificateInput } from "~/lib/schemas/resale-certificate";
import { oneLine } from "~/lib/text";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB, ResaleCertificatesTable } from "../db/schema";
import { sqlNow } from "../db/time";
import { checkDocument, DocumentRejectedError, readDocument, removeDocument, storeDocument } from "../media/documents";
import { DomainError } from "../runtime/domain-error";
import { storeInfo } from "../runtime/store-info";
import { hitRateLimit, type RateLimitRule, scaledLimit } from "../security/rate-limit";
import { certificatePdf } from "./certificate-pdf";

/**
 * Resale certificates (issue 41; Texas Form 01-339, Tax Code 151.152, 34 TAC 3.285): a business
 * signs one on the site (the store draws its PDF) or uploads one signed on paper; either is a
 * private document, pending until an admin verifies it (after checking the permit in the
 * Comptroller's permit search), or rejects it; a verified one may be revoked later. Every change
 * is audited. Whether a certificate exempts a sale is the sales-tax engine's business: it reads
 * status, expires_on and revoked_at.
 */
type Db = Kysely<DB> | Transaction<DB>;
type Row = Selectable<ResaleCertificatesTable>;

export type CertificateStatus = "pending" | "verified" | "rejected" | "revoked";

/** A certificate as its business's owners and the admins see it (never the document's storage key). */
export interface Certificate {
  id: string;
  userId: string;
  kind: "signed" | "uploaded";
  purchaserName: string;
  purchaserAddress: string;
  purchaserPhone: string;
  permitNumber: string | null;
  permitPendingReason: string | null;
  businessDescription: string;
  itemsDescription: string;
  productClasses: string[];
  productClassLabels: string[];
  signerName: string;
  signerTitle: string;
  signedOn: string;
  signatureKind: "drawn" | "typed" | "paper";
  documentType: string;
  documentSize: number;
  status: CertificateStatus;
  rejectionReason: string | null;
  permitCheckedOn: string | null;
  verifiedAt: string | null;
  expiresOn: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
  createdAt: string;
}

function parseClasses(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

function toCertificate(row: Row): Certificate {
  const classes = parseClasses(row.product_classes);
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    purchaserName: row.purchaser_name,
    purchaserAddress: [row.purchaser_street, row.purchaser_city, `${row.purchaser_state} ${row.purchaser_zip}`.trim()]
      .filter(Boolean)
      .join(", "),
    purchaserPhone: row.purchaser_phone,
    permitNumber: row.permit_number,
    permitPendingReason: row.permit_pending_reason,
    businessDescription: row.business_description,
    itemsDescription: row.items_description,
    productClasses: classes,
    productClassLabels: classes.map(productClassLabel),
    signerName: row.signer_name,
    signerTitle: row.signer_title,
    signedOn: row.signed_on,
    signatureKind: row.signature_kind,
    documentType: row.document_type,
    documentSize: Number(row.document_size),
    status: row.status,
    rejectionReason: row.rejection_reason,
    permitCheckedOn: row.permit_checked_on,
    verifiedAt: row.verified_at,
    expiresOn: row.expires_on,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    createdAt: row.created_at,
  };
}

/** A refused certificate change: the message names what is wrong; `field` is the form field. */
export class CertificateError extends DomainError {
  constructor(message: string, field = "form", status = 400) {
    super(message, { field, status });
  }
}

/** Certificates a business may add in an hour, signed or uploaded (counted in the database). */
export const CERTIFICATES_PER_HOUR: RateLimitRule = {
  name: "resale-certificate:business",
  per: "account",
  limit: 10,
  windowMs: 60 * 60 * 1000,
};

/** A business's certificates, newest first. */
export async function listCertificates(db: Db, userId: string): Promise<Certificate[]> {
  const rows = await db
    .selectFrom("resale_certificates")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toCertificate);
}

/** A certificate with its business's name, for the admin's list. */
export interface ReviewedCertificate extends Certificate {
  businessName: string;
  email: string;
}

/** Every certificate (or those of one status), pending first then newest, for the admin. */
export async function listCertificatesForReview(
  db: Db,
  filter: { status?: CertificateStatus | null; userId?: string | null } = {},
): Promise<ReviewedCertificate[]> {
  let q = db
    .selectFrom("resale_certificates as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("businesses as b", "b.user_id", "c.user_id")
    .selectAll("c")
    .select(["u.email as email", "b.legal_name as legal_name"]);
  if (filter.status) q = q.where("c.status", "=", filter.status);
  if (filter.userId) q = q.where("c.user_id", "=", filter.userId);
  const rows = await q.orderBy("c.created_at", "desc").orderBy("c.id").limit(500).execute();
  const order: Record<CertificateStatus, number> = { pending: 0, verified: 1, rejected: 2, revoked: 3 };
  return rows
    .map((r) => ({ ...toCertificate(r), businessName: r.legal_name ?? r.purchaser_name, email: r.email }))
    .sort((a, b) => order[a.status] - order[b.status]);
}

/**
 * A certificate and its document key, for a viewer allowed to see it: its business's owners (the
 * route's group says who is an owner; `accountId` is their business) or an admin. Anyone else
 * gets null, exactly as for an id that does not exist.
 */
export async function findCertificateFor(
  db: Db,
  id: string,
  viewer: { role: string; accountId: string } | "admin",
): Promise<(Certificate & { documentKey: string }) | null> {
  let q = db.selectFrom("resale_certificates").selectAll().where("id", "=", id);
  if (viewer !== "admin") {
    if (viewer.role === "admin") return null;
    q = q.where("user_id", "=", viewer.accountId);
  }
  const row = await q.executeTakeFirst();
  return row ? { ...toCertificate(row), documentKey: row.document_key } : null;
}

const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/** A certificate's document as a download: its bytes as a stream, type, size and file name. */
export interface CertificateDocument {
  body: Readable;
  size: number | null;
  type: string;
  fileName: string;
}

/**
 * The stored document of a certificate (the drawn PDF or the uploaded paper), by id, for code that
 * has already decided who may have it (the document routes, the audit ZIP). Null when the id or
 * the file is missing.
 */
export async function findCertificateDocument(db: Db, id: string): Promise<CertificateDocument | null> {
  const row = await db
    .selectFrom("resale_certificates")
    .select(["id", "document_key", "document_type", "permit_number", "signed_on"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const file = await readDocument(row.document_key);
  if (!file) return null;
  const permit = (row.permit_number ?? "pending").replace(/[^A-Za-z0-9-]/g, "");
  return {
    body: file.body,
    size: file.size,
    type: row.document_type,
    fileName: `resale-certificate-${permit}-${row.signed_on}.${EXTENSION[row.document_type] ?? "bin"}`,
  };
}

/** What the signing form starts with: the business profile and its default address, where known. */
export interface CertificatePrefill {
  purchaserName: string;
  purchaserStreet: string;
  purchaserCity: string;
  purchaserState: string;
  purchaserZip: string;
  purchaserPhone: string;
  permitNumber: string;
  signerName: string;
}

export async function certificatePrefill(
  db: Db,
  userId: string,
  signer: { name: string },
): Promise<CertificatePrefill> {
  const [business, address] = await Promise.all([
    db.selectFrom("businesses").select(["legal_name", "tax_permit"]).where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("addresses")
      .select(["street", "city", "state", "zip", "phone"])
      .where("user_id", "=", userId)
      .orderBy("is_default", "desc")
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    purchaserName: business?.legal_name ?? "",
    purchaserStreet: address?.street ?? "",
    purchaserCity: address?.city ?? "",
    purchaserState: address?.state ?? "TX",
    purchaserZip: address?.zip ?? "",
    purchaserPhone: address?.phone ?? "",
    permitNumber: business?.tax_permit ?? "",
    signerName: signer.name,
  };
}

/**
 * Whether a business may add a certificate now: at most CERTIFICATES_PER_HOUR attempts an hour
 * (this one counts). Throws the CertificateError the form shows.
 */
export async function claimCertificateSlot(db: Kysely<DB>, userId: string, now = Date.now()): Promise<void> {
  const rate = await hitRateLimit(db, CERTIFICATES_PER_HOUR, userId, now);
  if (!rate.allowed) {
    throw new CertificateError(
      CERTIFICATES.certificatesPerHour(
        scaledLimit(CERTIFICATES_PER_HOUR.limit),
        Math.ceil(rate.retryAfterSeconds / 60),
      ),
      "form",
      429,
    );
  }
}

/** A permit number that is another account's business's (businesses.tax_permit) is refused. */
async function checkPermitIsOwn(db: Db, userId: string, permit: string | null): Promise<void> {
  if (!permit) return;
  const other = await db
    .selectFrom("businesses")
    .select("user_id")
    .where("tax_permit", "=", permit)
    .where("user_id", "!=", userId)
    .executeTakeFirst();
  if (other) throw new CertificateError(CERTIFICATES.permitOfAnotherBusiness, "permitNumber", 409);
}

/** The day checks the schema makes, made again for callers that did not go through a form. */
function checkSignedOn(signedOn: string, today: string): void {
  if (signedOn > today) throw new CertificateError(CERTIFICATES.signedInFuture, "signedOn");
}

function checkCover(input: UploadCertificateInput): void {
  if (input.permitNumber !== null && !/^\d{11}$/.test(input.permitNumber)) {
    throw new CertificateError(CERTIFICATES.permitDigits, "permitNumber");
  }
  if (!input.permitNumber && !input.permitPendingReason) {
    throw new CertificateError(CERTIFICATES.permitOrPendingReason, "permitNumber");
  }
  if (input.productClasses.length === 0) throw new CertificateError(CERTIFICATES.chooseProductClass, "productClasses");
}

interface NewCertificate {
  kind: "signed" | "uploaded";
  purchaser: {
    name: string;
    street: string;
    city: string;
    state: string;
    zip: string;
    phone: string;
  };
  businessDescription: string;
  itemsDescription: string;
  signatureKind: "drawn" | "typed" | "paper";
  signatureText: string | null;
}

async function insertCertificate(
  db: Kysely<DB>,
  userId: string,
  input: UploadCertificateInput,
  made: NewCertificate,
  stored: { key: string; type: string; size: number },
  id: string,
  actor: Actor,
): Promise<Certificate> {
  try {
    return await db.transaction().execute(async (trx) => {
      const now = sqlNow(dialectOf(db));
      await trx
        .insertInto("resale_certificates")
        .values({
          id,
          user_id: userId,
          kind: made.kind,
          purchaser_name: made.purchaser.name,
          purchaser_street: made.purchaser.street,
          purchaser_city: made.purchaser.city,
          purchaser_state: made.purchaser.state,
          purchaser_zip: made.purchaser.zip,
          purchaser_phone: made.purchaser.phone,
          permit_number: input.permitNumber,
          permit_pending_reason: input.permitNumber ? null : input.permitPendingReason,
          business_description: made.businessDescription,
          items_description: made.itemsDescription,
          product_classes: JSON.stringify(input.productClasses),
          signer_name: input.signerName,
          signer_title: input.signerTitle ?? "",
          signed_on: input.signedOn,
          signature_kind: made.signatureKind,
          signature_text: made.signatureText,
          document_key: stored.key,
          document_type: stored.type,
          document_size: stored.size,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: made.kind === "signed" ? "resale-certificate.sign" : "resale-certificate.upload",
        subjectType: "resale-certificate",
        subjectId: id,
        summary: `Resale certificate ${input.permitNumber ?? "(permit pending)"} ${
          made.kind === "signed" ? "signed on the site" : "uploaded"
        } by ${oneLine(input.signerName)}`,
        after: {
          userId,
          permitNumber: input.permitNumber,
          permitPendingReason: input.permitNumber ? null : input.permitPendingReason,
          productClasses: input.productClasses,
          signedOn: input.signedOn,
          signatureKind: made.signatureKind,
          status: "pending",
        },
      });
      const row = await trx
        .selectFrom("resale_certificates")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return toCertificate(row);
    });
  } catch (error) {
    await removeDocument(stored.key).catch(() => {});
    throw error;
  }
}

/**
 * A certificate signed on the site: the store draws its PDF (the seller is the store), keeps it
 * as a private document, and the certificate waits for an admin. A drawn signature must be a PNG
 * that decodes; the permit must not be another business's. On any refusal nothing is kept.
 */
export async function signCertificate(
  db: Kysely<DB>,
  userId: string,
  input: SignCertificateInput,
  actor: Actor,
  today = storeToday(),
): Promise<Certificate> {
  checkCover(input);
  checkSignedOn(input.signedOn, today);
  await checkPermitIsOwn(db, userId, input.permitNumber);
  let signature: { kind: "typed"; text: string } | { kind: "drawn"; png: Buffer };
  if (input.signatureKind === "drawn") {
    const data = input.signatureImage ?? "";
    const png = Buffer.from(data.slice(data.indexOf(",") + 1), "base64");
    if (!data.startsWith("data:image/png;base64,") || png.length === 0) {
      throw new CertificateError(CERTIFICATES.signatureEmpty, "signatureImage");
    }
    const type = await checkDocument(png, "signature.png").catch((error: unknown) => {
      if (error instanceof DocumentRejectedError)
        throw new CertificateError(CERTIFICATES.signatureUnreadable, "signatureImage");
      throw error;
    });
    if (type !== "image/png") throw new CertificateError(CERTIFICATES.signatureUnreadable, "signatureImage");
    signature = { kind: "drawn", png };
  } else {
    const text = oneLine(input.signatureText ?? "");
    if (!text) throw new CertificateError(CERTIFICATES.typedSignatureEmpty, "signatureText");
    signature = { kind: "typed", text };
  }
  const id = crypto.randomUUID();
  const store = storeInfo();
  const pdf = await certificatePdf({
    id,
    purchaserName: input.purchaserName,
    purchaserStreet: input.purchaserStreet,
    purchaserCity: input.purchaserCity,
    purchaserState: input.purchaserState,
    purchaserZip: input.purchaserZip,
    purchaserPhone: input.purchaserPhone,
    permitNumber: input.permitNumber,
    permitPendingReason: input.permitPendingReason,
    businessDescription: input.businessDescription,
    itemsDescription: input.itemsDescription,
    productClasses: input.productClasses,
    seller: { name: store.name, address: store.address },
    signerName: input.signerName,
    signerTitle: input.signerTitle ?? "",
    signedOn: input.signedOn,
    signature,
  });
  const stored = await storeDocument(pdf, "resale-certificate.pdf");
  return insertCertificate(
    db,
    userId,
    input,
    {
      kind: "signed",
      purchaser: {
        name: input.purchaserName,
        street: input.purchaserStreet,
        city: input.purchaserCity,
        state: input.purchaserState,
        zip: input.purchaserZip,
        phone: input.purchaserPhone,
      },
      businessDescription: input.businessDescription,
      itemsDescription: input.itemsDescription,
      signatureKind: signature.kind,
      signatureText: signature.kind === "typed" ? signature.text : null,
    },
    stored,
    id,
    actor,
  );
}

/**
 * A certificate signed on paper and uploaded (PDF, JPEG or PNG, checked from its bytes exactly as
 * a license's document is). The purchaser's name and address are the business profile's and its
 * default address's, as the store knows them; the paper itself is what the admin reads.
 */
export async function uploadCertificate(
  db: Kysely<DB>,
  userId: string,
  input: UploadCertificateInput,
  document: Buffer,
  actor: Actor,
  fileName?: string,
  today = storeToday(),
): Promise<Certificate> {
  checkCover(input);
  checkSignedOn(input.signedOn, today);
  await checkPermitIsOwn(db, userId, input.permitNumber);
  const prefill = await certificatePrefill(db, userId, { name: input.signerName });
  const stored = await storeDocument(document, fileName);
  return insertCertificate(
    db,
    userId,
    input,
    {
      kind: "uploaded",
      purchaser: {
        name: prefill.purchaserName || input.signerName,
        street: prefill.purchaserStreet,
        city: prefill.purchaserCity,
        state: prefill.purchaserState,
        zip: prefill.purchaserZip,
        phone: prefill.purchaserPhone,
      },
      businessDescription: "",
      itemsDescription: input.productClasses.map(productClassLabel).join(", "),
      signatureKind: "paper",
      signatureText: null,
    },
    stored,
    crypto.randomUUID(),
    actor,
  );
}

async function decide(
  db: Kysely<DB>,
  id: string,
  from: CertificateStatus,
  status: CertificateStatus,
  set: (now: RawBuilder<string>) => UpdateObject<DB, "resale_certificates">,
  audit: { action: string; summary: (c: Certificate) => string; after: Record<string, unknown> },
  actor: Actor,
): Promise<Certificate> {
  return db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(db));
    const result = await trx
      .updateTable("resale_certificates")
      .set({ ...set(now), status, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const exists = await trx
        .selectFrom("resale_certificates")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!exists) throw new CertificateError(CERTIFICATES.certificateNotFound, "form", 404);
      throw new CertificateError(
        from === "verified" ? CERTIFICATES.certificateNotVerified : CERTIFICATES.certificateNotPending,
        "form",
        409,
      );
    }
    const row = await trx.selectFrom("resale_certificates").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const certificate = toCertificate(row);
    await recordAudit(trx, actor, {
      action: audit.action,
      subjectType: "resale-certificate",
      subjectId: id,
      summary: audit.summary(certificate),
      before: { status: from },
      after: { status, ...audit.after },
    });
    return certificate;
  });
}

function named(c: Certificate): string {
  return `Resale certificate ${c.permitNumber ?? "(permit pending)"} of ${oneLine(c.purchaserName)}`;
}

/**
 * An admin verifies a pending certificate: they ticked that they checked the permit in the
 * Comptroller's permit search on `permitCheckedOn` (not after today); `expiresOn` is the store's
 * renewal date (after today) or null.
 */
export async function verifyCertificate(
  db: Kysely<DB>,
  id: string,
  input: { permitChecked: boolean; permitCheckedOn: string; expiresOn: string | null },
  actor: Actor,
  today = storeToday(),
): Promise<Certificate> {
  if (!input.permitChecked) throw new CertificateError(CERTIFICATES.checkPermitSearch, "permitChecked");
  if (input.permitCheckedOn > today) throw new CertificateError(CERTIFICATES.checkedInFuture, "permitCheckedOn");
  if (input.expiresOn !== null && input.expiresOn <= today) {
    throw new CertificateError(CERTIFICATES.expiresOnPast, "expiresOn");
  }
  return decide(
    db,
    id,
    "pending",
    "verified",
    (now) => ({
      permit_checked_on: input.permitCheckedOn,
      verified_by: actor.id,
      verified_at: now,
      expires_on: input.expiresOn,
      rejection_reason: null,
    }),
    {
      action: "resale-certificate.verify",
      summary: (c) => `${named(c)} verified (permit checked on ${input.permitCheckedOn})`,
      after: { permitCheckedOn: input.permitCheckedOn, expiresOn: input.expiresOn },
    },
    actor,
  );
}

/** An admin rejects a pending certificate, with the reason the business reads. */
export async function rejectCertificate(
  db: Kysely<DB>,
  id: string,
  reason: string,
  actor: Actor,
): Promise<Certificate> {
  const why = oneLine(reason).slice(0, 500);
  if (!why) throw new CertificateError(CERTIFICATES.rejectionReasonRequired, "reason");
  return decide(
    db,
    id,
    "pending",
    "rejected",
    () => ({ rejection_reason: why }),
    { action: "resale-certificate.reject", summary: (c) => `${named(c)} rejected`, after: { reason: why } },
    actor,
  );
}

/**
 * An admin revokes a verified certificate, with the reason the business reads: from now on it
 * exempts no sale (orders already placed keep the tax they were charged: the sales-tax engine
 * reads revoked_at).
 */
export async function revokeCertificate(
  db: Kysely<DB>,
  id: string,
  reason: string,
  actor: Actor,
): Promise<Certificate> {
  const why = oneLine(reason).slice(0, 500);
  if (!why) throw new CertificateError(CERTIFICATES.revocationReasonRequired, "reason");
  return decide(
    db,
    id,
    "verified",
    "revoked",
    (now) => ({ revoked_at: now, revoked_by: actor.id, revoked_reason: why }),
    { action: "resale-certificate.revoke", summary: (c) => `${named(c)} revoked`, after: { reason: why } },
    actor,
  );
}
