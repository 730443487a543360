import { AccountError } from "./accounts/errors";
import { replyError } from "./forms";

/** Headers for anything personal: never stored by a browser cache, proxy or CDN. */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * The form answer for an AccountError: its message beside its field (or above the form), with
 * its status, in the one form contract. Anything else is not the user's to fix: rethrown.
 */
export function accountErrorResponse(error: unknown, form?: FormData | null) {
  if (error instanceof AccountError) {
    return replyError({ fieldErrors: { [error.field]: error.message } }, { form: form ?? null, status: error.status });
  }
  throw error;
}
