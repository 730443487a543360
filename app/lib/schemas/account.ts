import { z } from "zod";
import { businessSchema } from "../business";
import { GENDERS, USERNAME_RULE } from "../form-fields";
import * as MESSAGES from "../messages";
import { US_STATE_CODES } from "../us-states";
import { text } from "./text";

/** Form schemas of the account screens; the server checks every post with the same one. */
export { text };

export const phoneSchema = z
  .string()
  .trim()
  .max(30, "Phone number must be at most 30 characters.")
  .refine((v) => v === "" || /^[0-9+().\-\s]{7,30}$/.test(v), "Please enter a valid phone number.");

export const zipSchema = z
  .string({ error: "ZIP code is required." })
  .trim()
  .regex(/^\d{5}(-?\d{4})?$/, "ZIP code must be 5 digits or ZIP+4 (12345-6789).")
  .transform((v) => (v.length === 9 ? `${v.slice(0, 5)}-${v.slice(5)}` : v));

export const stateSchema = z
  .string({ error: "State is required." })
  .trim()
  .toUpperCase()
  .refine((v) => US_STATE_CODES.includes(v), "Please choose a US state.");

export { GENDERS, USERNAME_RULE };

export const usernameSchema = z
  .string({ error: "Username is required." })
  .trim()
  .min(3, `Username must be ${USERNAME_RULE}`)
  .max(30, `Username must be ${USERNAME_RULE}`)
  .regex(/^[a-zA-Z0-9_.]+$/, `Username must be ${USERNAME_RULE}`);

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Please enter a valid email address."));

export const newPasswordSchema = z
  .string({ error: "Password is required." })
  .min(8, "Password must be at least 8 characters.")
  .max(128, "Password must be at most 128 characters.");

export const registerSchema = businessSchema.extend({
  name: text("Name", 100),
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  address: text("Street address", 200),
  city: text("City", 100),
  state: stateSchema,
  zip: zipSchema,
  phone: phoneSchema.optional().transform((v) => v || null),
  dob: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), "Please enter a valid date.")
    .transform((v) => v || null),
  gender: z
    .enum(["", ...GENDERS], { error: "Please choose Male, Female, Other or leave it unselected." })
    .optional()
    .transform((v) => v || null),
});
export type RegisterInput = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  identifier: z
    .string({ error: "Please enter your email or username." })
    .trim()
    .min(1, "Please enter your email or username.")
    .max(254, "That is too long for an email or username."),
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(128, "Password must be at most 128 characters."),
  redirectTo: z.string().max(2000).optional(),
});

export const forgotSchema = z.object({ email: emailSchema });

export const PASSWORDS_DO_NOT_MATCH = "The passwords do not match.";

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is not valid.").max(500),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm the new password." }).max(128),
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

export const addressSchema = z.object({
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
});
export type AddressInput = z.output<typeof addressSchema>;
