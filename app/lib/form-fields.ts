import * as MESSAGES from "./messages";

/** Field limits and choices the forms show; the zod schemas use the same values. */
export const CONTACT_LIMITS = { name: 100, email: 200, phone: 30, message: 5000 } as const;

export const GENDERS = ["Male", "Female", "Other"] as const;

export const USERNAME_RULE = MESSAGES.usernameRule;
