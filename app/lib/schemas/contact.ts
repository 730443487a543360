import { z } from "zod";

import { CONTACT_LIMITS } from "../contact-limits";
import * as MESSAGES from "../messages";
import { isMultiline } from "../text";

export { CONTACT_LIMITS };

/** The Get In Touch form. The same schema checks the post on the server. */
export const contactSchema = z.object({
  name: z
    .string({ error: MESSAGES.enterYourName })
    .trim()
    .min(1, MESSAGES.enterYourName)
    .max(CONTACT_LIMITS.name, MESSAGES.nameAtMost(CONTACT_LIMITS.name))
    .refine((v) => !isMultiline(v), MESSAGES.nameOneLine),
  email: z
    .string({ error: MESSAGES.enterYourEmail })
    .trim()
    .min(1, MESSAGES.enterYourEmail)
    .max(CONTACT_LIMITS.email, MESSAGES.emailAddressTooLong)
    .pipe(z.email(MESSAGES.enterValidEmail)),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, MESSAGES.phoneTooLong)
    .refine((v) => v === "" || /^[0-9+().\-\s]{7,}$/.test(v), MESSAGES.enterValidPhone)
    .optional()
    .transform((v) => v || null),
  message: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.message, MESSAGES.messageAtMost(CONTACT_LIMITS.message))
    .optional()
    .transform((v) => v || null),
  notRobot: z.literal("on", { error: MESSAGES.confirmNotRobot }),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
});

export type ContactInput = z.output<typeof contactSchema>;
