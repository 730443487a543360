import * as MESSAGES from "./messages";

/** Field choices and rules the forms show; the zod schemas use the same values. */

export const GENDERS = ["Male", "Female", "Other"] as const;

export const USERNAME_RULE = MESSAGES.usernameRule;
