import { z } from "zod";
import {
  BUSINESS_TYPES,
  type BusinessType,
  EXPIRY_IN_PAST,
  EXPIRY_REQUIRED,
  LICENSE_NUMBER_FORMAT,
  LICENSE_TYPES,
  type LicenseType,
  licenseTypeExpires,
  licenseTypeIssuedBy,
  licenseTypeLabel,
  normalizeTaxPermit,
  TAX_PERMIT_FORMAT,
} from "../business";
import { isCalendarDay } from "../calendar-days";
import { stateName } from "../compliance/vocabulary";
import * as MESSAGES from "../messages";
import * as ACCOUNT_MESSAGES from "../messages/account";
import { isMultiline } from "../text";
import { US_STATE_CODES } from "../us-states";
import { text } from "./text";

/** The business profile (registration and /account/business) and a license of the wallet. */
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
    .max(120, MESSAGES.dbaTooLong)
    .refine((v) => !isMultiline(v), MESSAGES.dbaOneLine)
    .transform((v) => (v === "" ? null : v))
    .optional()
    .transform((v) => v ?? null),
  businessType: z.enum(BUSINESS_TYPES.map((t) => t.value) as [BusinessType, ...BusinessType[]], {
    error: MESSAGES.chooseBusinessType,
  }),
  taxPermit: taxPermit.optional().transform((v) => v ?? null),
});
export type BusinessInput = z.output<typeof businessSchema>;

export function licenseSchema(today: string) {
  return z
    .object({
      type: z.enum(LICENSE_TYPES.map((t) => t.value) as [LicenseType, ...LicenseType[]], {
        error: MESSAGES.chooseLicenseType,
      }),
      number: z.string().trim().min(1, MESSAGES.enterLicenseNumber).max(40, LICENSE_NUMBER_FORMAT),
      issuingState: z
        .string({ error: MESSAGES.chooseLicenseState })
        .trim()
        .toUpperCase()
        .refine((v) => US_STATE_CODES.includes(v), MESSAGES.chooseLicenseState),
      expiresOn: z
        .string()
        .trim()
        .refine((v) => v === "" || isCalendarDay(v), MESSAGES.enterIsoDate)
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
      // A state's own permit is issued by that state only (lib/business.ts).
      const issuedBy = licenseTypeIssuedBy(v.type);
      if (issuedBy && v.issuingState !== issuedBy) {
        ctx.addIssue({
          code: "custom",
          path: ["issuingState"],
          message: ACCOUNT_MESSAGES.licenseIssuedOnlyBy(licenseTypeLabel(v.type), stateName(issuedBy)),
        });
      }
      if (licenseTypeExpires(v.type) && !v.expiresOn) {
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: EXPIRY_REQUIRED });
      }
      // A calendar day (checked above); one in the past is refused, none is too far ahead: it
      // is the day printed on the license, which an admin reviews.
      if (v.expiresOn && v.expiresOn < today)
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: EXPIRY_IN_PAST });
    })
    .transform((v) => ({
      ...v,
      number: v.type === "sales-tax-permit" ? normalizeTaxPermit(v.number) : v.number.toUpperCase(),
    }));
}
export type LicenseInput = z.output<ReturnType<typeof licenseSchema>>;
