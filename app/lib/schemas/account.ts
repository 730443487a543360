import { z } from "zod";
import { GENDERS, USERNAME_RULE } from "../form-fields";
import * as MESSAGES from "../messages";
import { US_STATE_CODES } from "../us-states";
import { zipStateMismatch } from "../zip-states";
import { businessSchema } from "./business";
import { optionalDayField } from "./day";
import { hiddenText } from "./params";
import { text } from "./text";

/** Form schemas of the account screens; the server checks every post with the same one. */
export { text };

export const phoneSchema = z
  .string()
  .trim()
  .max(30, MESSAGES.phoneTooLong30)
  .refine((v) => v === "" || /^[0-9+().\-\s]{7,30}$/.test(v), MESSAGES.enterValidPhone);

export const zipSchema = z
  .string({ error: MESSAGES.zipRequired })
  .trim()
  .regex(/^\d{5}(-?\d{4})?$/, MESSAGES.zipFormat)
  .transform((v) => (v.length === 9 ? `${v.slice(0, 5)}-${v.slice(5)}` : v));

export const stateSchema = z
  .string({ error: MESSAGES.stateRequired })
  .trim()
  .toUpperCase()
  .refine((v) => US_STATE_CODES.includes(v), MESSAGES.chooseUsState);

/**
 * A ZIP code must belong to the state typed beside it (issue 26): carriers route by the ZIP, and
 * the compliance rules decide by the state. Said next to the ZIP field, also when other fields of
 * the form are wrong (so everything is said at once).
 */
function zipMatchesState(value: { state?: unknown; zip?: unknown }, ctx: z.RefinementCtx): void {
  const mismatch = zipStateMismatch(String(value.zip ?? ""), String(value.state ?? ""));
  if (mismatch) ctx.addIssue({ code: "custom", path: ["zip"], message: mismatch });
}

const stateAndZipValid = {
  when: (payload: z.core.ParsePayload) => {
    const v = payload.value as { state?: unknown; zip?: unknown } | undefined;
    return stateSchema.safeParse(v?.state).success && zipSchema.safeParse(v?.zip).success;
  },
};

export { GENDERS, USERNAME_RULE };

export const usernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(3, MESSAGES.usernameMustBe)
  .max(30, MESSAGES.usernameMustBe)
  .regex(/^[a-zA-Z0-9_.]+$/, MESSAGES.usernameMustBe);

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailTooLong)
  .pipe(z.email(MESSAGES.enterValidEmail));

export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(8, MESSAGES.passwordTooShort)
  .max(128, MESSAGES.passwordTooLong);

export const registerSchema = businessSchema
  .extend({
    name: text("Name", 100),
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    address: text("Street address", 200),
    city: text("City", 100),
    state: stateSchema,
    zip: zipSchema,
    phone: phoneSchema.optional().transform((v) => v || null),
    dob: optionalDayField("date of birth", { earliest: () => "1900-01-01", latest: (today) => today }),
    gender: z
      .enum(["", ...GENDERS], { error: MESSAGES.chooseGender })
      .optional()
      .transform((v) => v || null),
  })
  .superRefine(zipMatchesState, stateAndZipValid);
export type RegisterInput = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  identifier: z
    .string({ error: MESSAGES.enterEmailOrUsername })
    .trim()
    .min(1, MESSAGES.enterEmailOrUsername)
    .max(254, MESSAGES.emailOrUsernameTooLong),
  password: z
    .string({ error: MESSAGES.enterPassword })
    .min(1, MESSAGES.enterPassword)
    .max(128, MESSAGES.passwordTooLong),
  redirectTo: z.string().max(2000).optional(),
});

export const forgotSchema = z.object({ email: emailSchema });

export const PASSWORDS_DO_NOT_MATCH = MESSAGES.passwordsDoNotMatch;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, MESSAGES.resetLinkNotValid).max(500),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.confirmNewPassword }).max(128),
  })
  .refine((d) => d.password === d.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORDS_DO_NOT_MATCH,
    // Also when the password itself is refused, so both errors show at once.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v?.confirmPassword === "string";
    },
  });

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: MESSAGES.bothPasswordsRequired }).min(1, MESSAGES.bothPasswordsRequired).max(128),
  newPassword: z
    .string({ error: MESSAGES.bothPasswordsRequired })
    .min(1, MESSAGES.bothPasswordsRequired)
    .pipe(newPasswordSchema),
});

export const settingsSchema = z.object({ phone: phoneSchema });

const addressFields = {
  businessName: text("Business name", 120),
  street: text("Street address", 200),
  city: text("City", 100),
  state: stateSchema,
  zip: zipSchema,
  phone: phoneSchema,
  isDefault: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
};

export const addressSchema = z.object(addressFields).superRefine(zipMatchesState, stateAndZipValid);

/**
 * The id of the address a post changes: "" when the form has none (the add form posts no id; a
 * field absent from the post must be optional, or zod refuses it before any transform runs).
 */
const addressId = hiddenText(100)
  .optional()
  .transform((id) => id ?? "");

/** The address book's save: the address, and the id of the one it changes ("" for a new one). */
export const addressSaveSchema = z
  .object({ ...addressFields, id: addressId })
  .superRefine(zipMatchesState, stateAndZipValid);

/** The address book's delete and make-default: the address's id ("" when missing: not found). */
export const addressIdSchema = z.object({ id: addressId });
export type AddressInput = z.output<typeof addressSchema>;
