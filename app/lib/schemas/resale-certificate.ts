import { z } from "zod";
import { normalizeTaxPermit } from "../business";
import { isCalendarDay } from "../calendar-days";
import { PRODUCT_CLASS_VALUES, type ProductClass } from "../compliance/vocabulary";
import * as CERTIFICATES from "../messages/certificates";
import { phoneSchema, stateSchema, text, zipSchema } from "./account";
import { optionalText } from "./text";

/**
 * The forms of a resale certificate (Texas Form 01-339; issue 41): signed on the site, or
 * uploaded signed on paper; and the admin's verify, reject and revoke. The server reads every
 * post with the same schema the form is typed by. `today` is the store's calendar day: a
 * signing date, and the day the admin checked the permit, are not after it.
 */

/** The most characters of a drawn signature's PNG data URL (a pad's drawing is a few dozen KB). */
export const MAX_SIGNATURE_DATA_URL = 1_500_000;

/** Checkboxes post one value, several, or none. */
const productClasses = z
  .preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string()).max(PRODUCT_CLASS_VALUES.length),
  )
  .transform((values) =>
    [...new Set(values)].filter((v): v is ProductClass => PRODUCT_CLASS_VALUES.includes(v as ProductClass)),
  )
  .refine((v) => v.length > 0, CERTIFICATES.chooseProductClass);

const permitNumber = z
  .string()
  .optional()
  .transform((v) => normalizeTaxPermit(v?.trim() ?? ""))
  .refine((v) => v === "" || /^\d{11}$/.test(v), CERTIFICATES.permitDigits)
  .transform((v) => (v === "" ? null : v));

function signedOn(today: string) {
  return z
    .string({ error: CERTIFICATES.signedOnFormat })
    .trim()
    .refine((v) => isCalendarDay(v), CERTIFICATES.signedOnFormat)
    .refine((v) => !isCalendarDay(v) || v <= today, CERTIFICATES.signedInFuture);
}

/** The fields both kinds share: what the certificate covers, its permit, and who signed it when. */
function coverFields(today: string) {
  return {
    permitNumber,
    permitPendingReason: optionalText("The reason your permit is pending", 300, { oneLine: true }),
    productClasses,
    signerName: text("Signer's name", 120),
    signerTitle: optionalText("Signer's title", 120, { oneLine: true }),
    signedOn: signedOn(today),
  };
}

/** A permit number, or the reason it is pending: one of the two, said at the permit field. */
function permitOrReason(v: { permitNumber: string | null; permitPendingReason: string | null }, ctx: z.RefinementCtx) {
  if (!v.permitNumber && !v.permitPendingReason) {
    ctx.addIssue({ code: "custom", path: ["permitNumber"], message: CERTIFICATES.permitOrPendingReason });
  } else if (v.permitNumber && v.permitPendingReason) {
    ctx.addIssue({ code: "custom", path: ["permitPendingReason"], message: CERTIFICATES.permitAndPendingReason });
  }
}

export function signCertificateSchema(today: string) {
  return z
    .object({
      purchaserName: text("Purchaser's name", 120),
      purchaserStreet: text("Street address", 200),
      purchaserCity: text("City", 80),
      purchaserState: stateSchema,
      purchaserZip: zipSchema,
      purchaserPhone: phoneSchema.optional().transform((v) => v ?? ""),
      businessDescription: text("Description of your business", 300),
      itemsDescription: z
        .string({ error: CERTIFICATES.itemsDescriptionRequired })
        .trim()
        .min(1, CERTIFICATES.itemsDescriptionRequired)
        .max(600, CERTIFICATES.itemsDescriptionRequired),
      ...coverFields(today),
      signatureKind: z.enum(["drawn", "typed"], { error: CERTIFICATES.chooseSignatureKind }),
      signatureImage: z.string().max(MAX_SIGNATURE_DATA_URL, CERTIFICATES.signatureUnreadable).optional(),
      signatureText: z.string().trim().max(120).optional(),
    })
    .superRefine((v, ctx) => {
      permitOrReason(v, ctx);
      if (v.signatureKind === "drawn" && !v.signatureImage) {
        ctx.addIssue({ code: "custom", path: ["signatureImage"], message: CERTIFICATES.signatureEmpty });
      } else if (v.signatureKind === "drawn" && !v.signatureImage?.startsWith("data:image/png;base64,")) {
        ctx.addIssue({ code: "custom", path: ["signatureImage"], message: CERTIFICATES.signatureUnreadable });
      }
      if (v.signatureKind === "typed" && !v.signatureText) {
        ctx.addIssue({ code: "custom", path: ["signatureText"], message: CERTIFICATES.typedSignatureEmpty });
      } else if (
        v.signatureKind === "typed" &&
        v.signatureText &&
        v.signatureText.replace(/\s+/g, " ").toLowerCase() !== v.signerName.replace(/\s+/g, " ").toLowerCase()
      ) {
        ctx.addIssue({ code: "custom", path: ["signatureText"], message: CERTIFICATES.typedSignatureNotSigner });
      }
    });
}
export type SignCertificateInput = z.output<ReturnType<typeof signCertificateSchema>>;

/** A certificate signed on paper and uploaded: the document is checked apart (its bytes). */
export function uploadCertificateSchema(today: string) {
  return z.object(coverFields(today)).superRefine(permitOrReason);
}
export type UploadCertificateInput = z.output<ReturnType<typeof uploadCertificateSchema>>;

/** The admin's decisions on a certificate. */
export function reviewCertificateSchema(today: string) {
  const certificateId = z.string().trim().min(1).max(64);
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("verify"),
      certificateId,
      permitChecked: z.literal("on", { error: CERTIFICATES.checkPermitSearch }),
      permitCheckedOn: z
        .string({ error: CERTIFICATES.checkedOnFormat })
        .trim()
        .refine((v) => isCalendarDay(v), CERTIFICATES.checkedOnFormat)
        .refine((v) => !isCalendarDay(v) || v <= today, CERTIFICATES.checkedInFuture),
      expiresOn: z
        .string()
        .trim()
        .optional()
        .refine((v) => !v || isCalendarDay(v), CERTIFICATES.expiresOnFormat)
        .refine((v) => !v || !isCalendarDay(v) || v > today, CERTIFICATES.expiresOnPast)
        .transform((v) => (v ? v : null)),
    }),
    z.object({
      intent: z.literal("reject"),
      certificateId,
      reason: z
        .string({ error: CERTIFICATES.rejectionReasonRequired })
        .trim()
        .min(1, CERTIFICATES.rejectionReasonRequired)
        .max(500, CERTIFICATES.rejectionReasonRequired),
    }),
    z.object({
      intent: z.literal("revoke"),
      certificateId,
      reason: z
        .string({ error: CERTIFICATES.revocationReasonRequired })
        .trim()
        .min(1, CERTIFICATES.revocationReasonRequired)
        .max(500, CERTIFICATES.revocationReasonRequired),
    }),
  ]);
}
export type ReviewCertificateInput = z.output<ReturnType<typeof reviewCertificateSchema>>;
