import { z } from "zod";
import { text } from "./schemas/account";
import { isMultiline } from "./text";
import { US_STATE_CODES } from "./us-states";

/**
 * Business accounts: the business behind a customer account and the licenses it holds. Shared by
 * the forms (browser) and the domain (server).
 */
export const BUSINESS_TYPES = [
  { value: "convenience-store", label: "Convenience store" },
  { value: "gas-station", label: "Gas station" },
  { value: "smoke-vape-shop", label: "Smoke or vape shop" },
  { value: "grocery", label: "Grocery" },
  { value: "other", label: "Other" },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]["value"];

export const LICENSE_TYPES = [
  { value: "sales-tax-permit", label: "Sales tax permit / resale certificate", expires: false },
  { value: "tx-ecig-retailer", label: "Texas e-cigarette retailer permit", expires: true },
  { value: "tx-dshs-hemp", label: "Texas DSHS hemp retail registration", expires: true },
  { value: "state-tobacco-vape", label: "Other state tobacco or vape license", expires: true },
  { value: "other", label: "Other", expires: false },
] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number]["value"];

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

export type ApprovalState = "pending" | "approved" | "rejected";

export const APPROVAL_LABEL: Record<ApprovalState, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
};

/** Texas sales tax permit numbers are 11 digits; people type them with spaces or dashes. */
export const TAX_PERMIT_FORMAT = "A Texas sales tax permit number has 11 digits.";

export function normalizeTaxPermit(value: string): string {
  return value.replace(/[\s-]/g, "");
}

const taxPermit = z
  .string()
  .trim()
  .transform(normalizeTaxPermit)
  .refine((v) => v === "" || /^\d{11}$/.test(v), TAX_PERMIT_FORMAT)
  .transform((v) => (v === "" ? null : v));

export const businessSchema = z.object({
  legalName: text("Legal business name", 120),
  dba: z
    .string()
    .trim()
    .max(120, "Keep the DBA under 120 characters.")
    .refine((v) => !isMultiline(v), "The DBA must be on one line.")
    .transform((v) => (v === "" ? null : v))
    .optional()
    .transform((v) => v ?? null),
  businessType: z.enum(BUSINESS_TYPES.map((t) => t.value) as [BusinessType, ...BusinessType[]], {
    error: "Choose the type of business.",
  }),
  taxPermit: taxPermit.optional().transform((v) => v ?? null),
});
export type BusinessInput = z.output<typeof businessSchema>;

/** Today's calendar date in the store's time zone (Dallas), as YYYY-MM-DD. */
export function storeToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(now);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const LICENSE_NUMBER_FORMAT = "Enter the license number as printed (letters, digits and dashes).";
export const EXPIRY_REQUIRED = "Enter the expiry date printed on the license.";
export const EXPIRY_IN_PAST = "This license has already expired. Upload a current one.";

export function licenseSchema(today: string) {
  return z
    .object({
      type: z.enum(LICENSE_TYPES.map((t) => t.value) as [LicenseType, ...LicenseType[]], {
        error: "Choose the type of license.",
      }),
      number: z.string().trim().min(1, "Enter the license number.").max(40, LICENSE_NUMBER_FORMAT),
      issuingState: z
        .string({ error: "Choose the state that issued the license." })
        .trim()
        .toUpperCase()
        .refine((v) => US_STATE_CODES.includes(v), "Choose the state that issued the license."),
      expiresOn: z
        .string()
        .trim()
        .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "Enter the date as YYYY-MM-DD.")
        .optional()
        .transform((v) => (v ? v : null)),
      addressId: z
        .string()
        .trim()
        .max(64)
        .optional()
        .transform((v) => (v ? v : null)),
      replacesId: z
        .string()
        .trim()
        .max(64)
        .optional()
        .transform((v) => (v ? v : null)),
    })
    .superRefine((v, ctx) => {
      const number = v.type === "sales-tax-permit" ? normalizeTaxPermit(v.number) : v.number;
      if (v.type === "sales-tax-permit" && v.issuingState === "TX" && !/^\d{11}$/.test(number)) {
        ctx.addIssue({ code: "custom", path: ["number"], message: TAX_PERMIT_FORMAT });
      } else if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,39}$/.test(number)) {
        ctx.addIssue({ code: "custom", path: ["number"], message: LICENSE_NUMBER_FORMAT });
      }
      if (licenseTypeExpires(v.type) && !v.expiresOn) {
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: EXPIRY_REQUIRED });
      }
      if (v.expiresOn) {
        const valid = !Number.isNaN(Date.parse(`${v.expiresOn}T00:00:00Z`));
        if (!valid) ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "Enter the date as YYYY-MM-DD." });
        else if (v.expiresOn < today) ctx.addIssue({ code: "custom", path: ["expiresOn"], message: EXPIRY_IN_PAST });
      }
    })
    .transform((v) => ({
      ...v,
      number: v.type === "sales-tax-permit" ? normalizeTaxPermit(v.number) : v.number.toUpperCase(),
    }));
}
export type LicenseInput = z.output<ReturnType<typeof licenseSchema>>;
