import { z } from "zod";
import * as MESSAGES from "../messages";
import * as WEBHOOK_MESSAGES from "../messages/webhooks";
import { WEBHOOK_EVENTS } from "../webhooks";
import { checkboxes } from "./rule-book";
import { optionalText } from "./text";

/** The endpoint's URL as typed: a URL of http(s) syntax; the server judges https and the address. */
const url = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(2000, WEBHOOK_MESSAGES.urlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid);

const events = checkboxes(WEBHOOK_EVENTS, WEBHOOK_MESSAGES.unknownEvent).refine(
  (v) => v.length > 0,
  WEBHOOK_MESSAGES.chooseEvents,
);

/** /admin/webhooks: register an endpoint. */
export const newWebhookSchema = z.object({
  url,
  description: optionalText("Description", 200, { oneLine: true }).transform((v) => v ?? ""),
  events,
});

/** /admin/webhooks/:id: its events, a secret roll, disable or enable, replay a delivery. */
export const webhookSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("events"), events }),
    z.object({ intent: z.literal("roll") }),
    z.object({ intent: z.literal("disable") }),
    z.object({ intent: z.literal("enable") }),
    z.object({ intent: z.literal("replay"), messageId: z.string().trim().max(100).default("") }),
  ],
  { error: MESSAGES.chooseAction },
);
