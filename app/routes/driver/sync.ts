import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { applyDriverAction } from "~/.server/flows/driver-actions";
import { formOf, signedInViewer } from "~/.server/request/context";
import { DomainError } from "~/.server/runtime/domain-error";
import { log } from "~/.server/runtime/log";
import { type DriverActionResult, driverActionSchema } from "~/lib/driver";
import * as DRIVER from "~/lib/messages/driver";
import { MB, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/sync";

/** A few actions a request, each with its signature and a photo the phone made small. */
export const handle: RouteHandle = { bodyLimitBytes: 16 * MB, maxFields: 5, refusal: DRIVER.driversOnly };

const MAX_ACTIONS = 20;

/**
 * POST actions=[...] (JSON): the phone's queued actions, applied in order, each answered by its
 * key: applied, applied before (the same key again), or refused with why. An action the store
 * could not apply for a reason not the driver's (a fault) ends the batch: it and those after it
 * get no answer and the phone sends them again.
 */
export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const driver = { id: viewer.id, name: viewer.name, email: viewer.email };
  const posted = formOf(context).get("actions");
  let raw: unknown = null;
  try {
    if (typeof posted === "string") raw = JSON.parse(posted);
  } catch {
    raw = null;
  }
  if (!Array.isArray(raw) || raw.length > MAX_ACTIONS)
    return data({ results: [], message: DRIVER.unknownAction }, { status: 400 });
  const results: DriverActionResult[] = [];
  for (const item of raw) {
    const parsed = driverActionSchema.safeParse(item);
    if (!parsed.success) {
      const key = typeof item?.key === "string" ? item.key.slice(0, 100) : "";
      results.push({ key, ok: false, message: parsed.error.issues[0]?.message ?? DRIVER.unknownAction });
      continue;
    }
    try {
      results.push(await applyDriverAction(getDb(), driver, parsed.data));
    } catch (error) {
      if (error instanceof DomainError) {
        results.push({ key: parsed.data.key, ok: false, message: error.message });
        continue;
      }
      log.error({ err: error, key: parsed.data.key }, "driver action failed");
      break;
    }
  }
  return data({ results });
}

export async function loader() {
  throw data("Page not found", { status: 404 });
}
