import { z } from "zod";

import { CONTACT_LIMITS } from "../form-fields";
import { isMultiline } from "../text";

export { CONTACT_LIMITS };

/** The Get In Touch form. The same schema checks the post on the server. */
export const contactSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters.`)
    .refine((v) => !isMultiline(v), "Name must be on one line."),
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(CONTACT_LIMITS.email, "Email address is too long.")
    .pipe(z.email("Please enter a valid email address.")),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, "Phone number is too long.")
    .refine((v) => v === "" || /^[0-9+().\-\s]{7,}$/.test(v), "Please enter a valid phone number.")
    .optional()
    .transform((v) => v || null),
  message: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`)
    .optional()
    .transform((v) => v || null),
  notRobot: z.literal("on", { error: "Please confirm you are not a robot." }),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
});

export type ContactInput = z.output<typeof contactSchema>;
