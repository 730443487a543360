import { z } from "zod";
import { isCalendarDay } from "../calendar-days";
import { DISPATCH_STATUSES } from "../dispatch";
import * as MESSAGES from "../messages";
import * as DISPATCH_MESSAGES from "../messages/dispatch";
import { idOrNull } from "./params";
import { optionalText, text } from "./text";

/** The day a dispatch page shows (?day=YYYY-MM-DD): a calendar day, or null for the store's today. */
export function dispatchDayParam(value: string | null): string | null {
  return isCalendarDay(value) ? value : null;
}

/** The day page's form: build the day's routes. */
export const dispatchDaySchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("build"), day: z.string().refine(isCalendarDay, DISPATCH_MESSAGES.chooseDay) })],
  { error: MESSAGES.chooseAction },
);

/** A route page's forms: move a stop, suggest the order, set driver and vehicle, set the status. */
export const dispatchRouteSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("move"),
      stopId: idOrNull,
      to: z.string({ error: DISPATCH_MESSAGES.chooseDirection }).transform((v, ctx): "up" | "down" | number => {
        if (v === "up" || v === "down") return v;
        if (/^\d{1,4}$/.test(v.trim()) && Number(v) >= 1) return Number(v);
        ctx.addIssue({ code: "custom", message: DISPATCH_MESSAGES.positionInvalid });
        return z.NEVER;
      }),
    }),
    z.object({ intent: z.literal("suggest") }),
    z.object({
      intent: z.literal("assign"),
      driverId: z
        .string()
        .max(100)
        .optional()
        .transform((v) => (v ? v : null)),
      vehicleId: idOrNull,
    }),
    z.object({
      intent: z.literal("status"),
      status: z.enum(DISPATCH_STATUSES, { error: DISPATCH_MESSAGES.chooseStatus }),
    }),
  ],
  { error: MESSAGES.chooseAction },
);

const vehicleName = text("Vehicle name", 60);
const plate = optionalText("Plate", 20, { oneLine: true }).transform((v) => v ?? "");

/** The vehicles' forms: add one, rename one (name and plate), deactivate or activate one. */
export const vehiclesSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), name: vehicleName, plate }),
    z.object({ intent: z.literal("rename"), vehicleId: idOrNull, name: vehicleName, plate }),
    z.object({ intent: z.literal("deactivate"), vehicleId: idOrNull }),
    z.object({ intent: z.literal("activate"), vehicleId: idOrNull }),
  ],
  { error: MESSAGES.chooseAction },
);
