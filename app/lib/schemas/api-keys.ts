import { z } from "zod";
import { API_SCOPES, DEFAULT_API_RATE_PER_MINUTE, MAX_API_RATE_PER_MINUTE } from "../api-scopes";
import * as MESSAGES from "../messages";
import * as API_MESSAGES from "../messages/api";
import { isMultiline } from "../text";
import { idOrNull } from "./params";

/** The API keys page's forms (issue 42): create a key (name, scopes, rate), revoke one. */
export const apiKeysSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("create"),
      name: z
        .string({ error: API_MESSAGES.keyNameRequired })
        .trim()
        .min(1, API_MESSAGES.keyNameRequired)
        .max(80, API_MESSAGES.keyNameTooLong)
        .refine((v) => !isMultiline(v), API_MESSAGES.keyNameTooLong),
      scopes: z
        .union([z.string(), z.array(z.string())], { error: API_MESSAGES.chooseScope })
        .optional()
        .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
        .pipe(z.array(z.enum(API_SCOPES, { error: API_MESSAGES.chooseScope })).min(1, API_MESSAGES.chooseScope))
        .transform((v) => [...new Set(v)]),
      rate: z
        .string({ error: API_MESSAGES.rateInvalid })
        .trim()
        .optional()
        .transform((v, ctx) => {
          if (v === undefined || v === "") return DEFAULT_API_RATE_PER_MINUTE;
          const n = /^\d{1,6}$/.test(v) ? Number(v) : 0;
          if (n < 1 || n > MAX_API_RATE_PER_MINUTE) {
            ctx.addIssue({ code: "custom", message: API_MESSAGES.rateInvalid });
            return z.NEVER;
          }
          return n;
        }),
    }),
    z.object({ intent: z.literal("revoke"), keyId: idOrNull }),
  ],
  { error: MESSAGES.chooseAction },
);
