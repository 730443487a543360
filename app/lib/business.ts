import * as MESSAGES from "./messages";

/**
 * Business accounts: the business behind a customer account and the licenses it holds. Shared by
 * the forms (browser) and the domain (server). The forms' schemas are in schemas/business.ts, so
 * a page that only lists business types does not bring zod into the browser.
 */
export const BUSINESS_TYPES = [
  { value: "convenience-store", label: "Convenience store" },
  { value: "gas-station", label: "Gas station" },
  { value: "smoke-vape-shop", label: "Smoke or vape shop" },
  { value: "grocery", label: "Grocery" },
  { value: "other", label: "Other" },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]["value"];

/**
 * The license types, each with where it counts (issue 26). A state-bound license counts only for
 * orders shipped into the state that issued it: a rule that requires a type requires one issued
 * for the destination's state. `issuedBy` names the one state that issues a type, when there is
 * one (Texas's own permits), and the wallet refuses another issuing state for it.
 *
 * - sales-tax-permit: a state's sales tax permit or resale certificate is that state's: bound.
 * - tx-ecig-retailer, tx-dshs-hemp: Texas permits, issued by Texas only: bound to Texas.
 * - state-tobacco-vape: a state's tobacco or vape license: bound to its state.
 * - other: what it is is known only from its document, so it counts, like the rest, for the state
 *   that issued it and no other.
 *
 * No type the store knows is valid across states by nature. One that is (a federal permit, such
 * as a TTB permit) would be declared `stateBound: false` here, with the reason, and would then
 * count for every destination.
 */
export const LICENSE_TYPES = [
  {
    value: "sales-tax-permit",
    label: "Sales tax permit / resale certificate",
    expires: false,
    stateBound: true,
    issuedBy: null,
  },
  {
    value: "tx-ecig-retailer",
    label: "Texas e-cigarette retailer permit",
    expires: true,
    stateBound: true,
    issuedBy: "TX",
  },
  {
    value: "tx-dshs-hemp",
    label: "Texas DSHS hemp retail registration",
    expires: true,
    stateBound: true,
    issuedBy: "TX",
  },
  {
    value: "state-tobacco-vape",
    label: "Other state tobacco or vape license",
    expires: true,
    stateBound: true,
    issuedBy: null,
  },
  { value: "other", label: "Other", expires: false, stateBound: true, issuedBy: null },
] as const satisfies readonly {
  value: string;
  label: string;
  expires: boolean;
  stateBound: boolean;
  issuedBy: string | null;
}[];
export type LicenseType = (typeof LICENSE_TYPES)[number]["value"];

type LicenseTypeInfo = { stateBound: boolean; issuedBy: string | null };

function licenseTypeInfo(type: string): LicenseTypeInfo | undefined {
  return (LICENSE_TYPES as readonly (LicenseTypeInfo & { value: string })[]).find((t) => t.value === type);
}

/** Whether a type counts only in the state that issued it (a type the store does not know does). */
export function licenseTypeStateBound(type: string): boolean {
  return licenseTypeInfo(type)?.stateBound ?? true;
}

/** The one state that issues a type, or null when any state may. */
export function licenseTypeIssuedBy(type: string): string | null {
  return licenseTypeInfo(type)?.issuedBy ?? null;
}

/** Whether a license of a type, issued by a state, counts for an order shipped into `state`. */
export function licenseCountsIn(type: string, issuingState: string, state: string): boolean {
  return !licenseTypeStateBound(type) || issuingState.trim().toUpperCase() === state.trim().toUpperCase();
}

export function licenseTypeLabel(type: string): string {
  return LICENSE_TYPES.find((t) => t.value === type)?.label ?? type;
}

export function licenseTypeExpires(type: string): boolean {
  return LICENSE_TYPES.find((t) => t.value === type)?.expires ?? false;
}

export type LicenseStatus = "pending" | "approved" | "rejected" | "expired";

export const LICENSE_STATUS_LABEL: Record<LicenseStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};

/** A business's names as stored: its legal name and its trade name (DBA), either possibly missing. */
export interface BusinessNames {
  legalName?: string | null | undefined;
  dba?: string | null | undefined;
}

const sameWords = (a: string, b: string) =>
  a.replace(/\s+/g, " ").toLocaleLowerCase("en-US") === b.replace(/\s+/g, " ").toLocaleLowerCase("en-US");

/**
 * The one name a business is shown by, everywhere (screens, banner, PDFs, CSV files, mails, the
 * audit log): its trade name with its legal name in brackets when both are known and differ
 * ("Demo Corner Store (Demo Corner Store LLC)"); the one name when they are the same or one is
 * missing; `fallback` (the account holder's name) when it has neither.
 */
export function businessDisplayName(business: BusinessNames | null | undefined, fallback = ""): string {
  const legal = business?.legalName?.trim() ?? "";
  const trade = business?.dba?.trim() ?? "";
  if (legal && trade && !sameWords(legal, trade)) return `${trade} (${legal})`;
  return trade || legal || fallback;
}

export type ApprovalState = "pending" | "approved" | "rejected";

export const APPROVAL_LABEL: Record<ApprovalState, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
};

/**
 * How the store decides who may see prices and order (ACCOUNT_APPROVAL): automatic (a verified
 * email is enough) or manual (an admin approves each business first).
 */
export type ApprovalMode = "automatic" | "manual";

/**
 * A business's approval as the store states it. With automatic approval no business waits for
 * anything, whatever its record says (issue 26): it is never shown as waiting.
 */
export function approvalShown(
  mode: ApprovalMode,
  approval: ApprovalState,
): { label: string; tone: "ok" | "warn" | "danger" } {
  if (mode === "automatic") return { label: "No approval needed", tone: "ok" };
  return {
    label: APPROVAL_LABEL[approval],
    tone: approval === "approved" ? "ok" : approval === "rejected" ? "danger" : "warn",
  };
}

/** Texas sales tax permit numbers are 11 digits; people type them with spaces or dashes. */
export const TAX_PERMIT_FORMAT = MESSAGES.texasPermitDigits;

export function normalizeTaxPermit(value: string): string {
  return value.replace(/[\s-]/g, "");
}

// Made once: building a formatter with a time zone costs about as much as serving a cached page.
let dallasDate: Intl.DateTimeFormat | undefined;
const HOUR_MS = 3_600_000;
/** Today's store date and the UTC hour it was worked out in (every signed-in page asks). */
let today: { date: string; hour: number } | undefined;

/**
 * Today's calendar date in the store's time zone (Dallas), as YYYY-MM-DD. Asked without a date,
 * it is formatted once per UTC hour: the zone's offsets are whole hours, so its date changes only
 * when a UTC hour begins.
 */
export function storeToday(now?: Date): string {
  dallasDate ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" });
  if (now) return dallasDate.format(now);
  const hour = Math.floor(Date.now() / HOUR_MS);
  if (today?.hour !== hour) today = { date: dallasDate.format(new Date(hour * HOUR_MS)), hour };
  return today.date;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const LICENSE_NUMBER_FORMAT = MESSAGES.licenseNumberFormat;
export const EXPIRY_REQUIRED = MESSAGES.enterLicenseExpiry;
export const EXPIRY_IN_PAST = MESSAGES.licenseAlreadyExpired;
