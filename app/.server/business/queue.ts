import type { Kysely } from "kysely";
import {
  type ApprovalMode,
  type BusinessType,
  businessDisplayName,
  licenseCountsIn,
  licenseTypeLabel,
} from "~/lib/business";
import { stateName } from "~/lib/compliance/vocabulary";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { DB } from "../db/schema";
import { licenseCountsForText } from "./licenses";
import { approvalMode, reviewedVersion } from "./profile";

/** A license waiting for review, with the business and person it belongs to. */
export interface PendingLicense {
  id: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  /** The business as shown everywhere (businessDisplayName), or the customer's name without one. */
  businessName: string;
  typeLabel: string;
  number: string;
  issuingState: string;
  expiresOn: string | null;
  documentType: string;
  replacesId: string | null;
  createdAt: string;
  /** Where it counts: "Counts for orders to Texas" (issue 26). */
  countsFor: string;
  /** What it covers: the address as it is now, the whole business, or an address that was removed. */
  covers: string;
  /** Its address is now in a state where it does not count (the address moved: issue 26). */
  addressProblem: string | null;
}

export interface PendingBusiness {
  userId: string;
  /** As shown everywhere (businessDisplayName). */
  name: string;
  legalName: string;
  dba: string | null;
  businessType: string;
  taxPermit: string | null;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  /** What the admin is shown, as its fingerprint: the decision names it (reviewBusiness). */
  seen: string;
}

export const QUEUE_LIMIT = 100;

/**
 * The review queue, oldest first: licenses pending review and, when the store approves businesses
 * itself (ACCOUNT_APPROVAL=manual), businesses waiting for approval. With automatic approval no
 * business waits for anything, so none is listed or counted (issue 26).
 */
export async function reviewQueue(
  db: Kysely<DB>,
  mode: ApprovalMode = approvalMode(),
): Promise<{
  mode: ApprovalMode;
  licenses: PendingLicense[];
  businesses: PendingBusiness[];
  pendingLicenses: number;
  pendingBusinesses: number;
}> {
  const [licenses, businesses, counts] = await Promise.all([
    db
      .selectFrom("licenses")
      .innerJoin("users", "users.id", "licenses.user_id")
      .leftJoin("businesses", "businesses.user_id", "licenses.user_id")
      .leftJoin("addresses", "addresses.id", "licenses.address_id")
      .select([
        "licenses.id",
        "licenses.user_id",
        "licenses.address_bound",
        "addresses.business_name as address_name",
        "addresses.street as address_street",
        "addresses.city as address_city",
        "addresses.state as address_state",
        "licenses.type",
        "licenses.number",
        "licenses.issuing_state",
        "licenses.expires_on",
        "licenses.document_type",
        "licenses.replaces_id",
        "licenses.created_at",
        "users.name as customer_name",
        "users.email as customer_email",
        "businesses.legal_name",
        "businesses.dba",
      ])
      .where("licenses.status", "=", "pending")
      .orderBy("licenses.created_at")
      .orderBy("licenses.id")
      .limit(QUEUE_LIMIT)
      .execute(),
    // Automatic approval: no business waits, whatever its record says.
    mode === "automatic"
      ? []
      : db
          .selectFrom("businesses")
          .innerJoin("users", "users.id", "businesses.user_id")
          .select([
            "businesses.user_id",
            "businesses.legal_name",
            "businesses.dba",
            "businesses.business_type",
            "businesses.tax_permit",
            "businesses.created_at",
            "users.name as customer_name",
            "users.email as customer_email",
          ])
          .where("businesses.approval", "=", "pending")
          .orderBy("businesses.created_at")
          .limit(QUEUE_LIMIT)
          .execute(),
    countPendingReviews(db, mode),
  ]);
  return {
    mode,
    licenses: licenses.map((r) => ({
      ...coverageOf(r),
      id: r.id,
      userId: r.user_id,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      businessName: businessDisplayName({ legalName: r.legal_name, dba: r.dba }, r.customer_name),
      typeLabel: licenseTypeLabel(r.type),
      number: r.number,
      issuingState: r.issuing_state,
      expiresOn: r.expires_on,
      documentType: r.document_type,
      replacesId: r.replaces_id,
      createdAt: r.created_at,
    })),
    businesses: businesses.map((r) => ({
      userId: r.user_id,
      name: businessDisplayName({ legalName: r.legal_name, dba: r.dba }),
      legalName: r.legal_name,
      dba: r.dba,
      businessType: r.business_type,
      taxPermit: r.tax_permit,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      createdAt: r.created_at,
      seen: reviewedVersion({
        legalName: r.legal_name,
        dba: r.dba,
        businessType: r.business_type as BusinessType,
        taxPermit: r.tax_permit,
      }),
    })),
    ...counts,
  };
}

/**
 * How many licenses and businesses wait for review (the admin overview shows the sum); businesses
 * only when the store approves them itself.
 */
export async function countPendingReviews(
  db: Kysely<DB>,
  mode: ApprovalMode = approvalMode(),
): Promise<{ pendingLicenses: number; pendingBusinesses: number }> {
  const [l, b] = await Promise.all([
    db
      .selectFrom("licenses")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("businesses")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("approval", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  return { pendingLicenses: Number(l.n), pendingBusinesses: mode === "manual" ? Number(b.n) : 0 };
}

function coverageOf(r: {
  type: string;
  issuing_state: string;
  address_bound: number;
  address_name: string | null;
  address_street: string | null;
  address_city: string | null;
  address_state: string | null;
}): Pick<PendingLicense, "countsFor" | "covers" | "addressProblem"> {
  const countsFor = licenseCountsForText({ type: r.type, issuingState: r.issuing_state });
  if (r.address_state === null) {
    return {
      countsFor,
      covers: Number(r.address_bound) === 1 ? MESSAGES.licenseAddressDeleted : "Covers the whole business",
      addressProblem: null,
    };
  }
  return {
    countsFor,
    covers: `Covers ${r.address_name}, ${r.address_street}, ${r.address_city} ${r.address_state}`,
    addressProblem: licenseCountsIn(r.type, r.issuing_state, r.address_state)
      ? null
      : BACK_OFFICE_MESSAGES.licenseAddressInOtherState(stateName(r.address_state), stateName(r.issuing_state)),
  };
}
