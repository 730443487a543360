import { data } from "react-router";
import { AccountError } from "./accounts/errors";

/** Headers for anything personal: never stored by a browser cache, proxy or CDN. */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** The form answer for an AccountError: its message beside its field, with its status. */
export function accountErrorResponse(error: unknown, extra: Record<string, unknown> = {}) {
  if (error instanceof AccountError) {
    return data({ ok: false as const, errors: { [error.field]: error.message }, ...extra }, { status: error.status });
  }
  throw error;
}

/** Reads the `intent` of a form post (one action, several buttons). */
export function intentOf(form: FormData): string {
  const v = form.get("intent");
  return typeof v === "string" ? v : "";
}
