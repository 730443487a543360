import { z } from "zod";
import * as DRIVER from "../messages/driver";
import { amountField } from "./amount";

/** An admin's count of a route's cash and checks at the end of the day (issue 40). */
export const settleRouteSchema = z.object({
  routeId: z.coerce.number().int().positive(),
  countedCash: amountField("cash counted", { max: 100_000_000 }),
  countedChecks: amountField("checks counted", { max: 100_000_000 }),
  note: z.string().trim().max(500, DRIVER.noteTooLong).optional().default(""),
});
