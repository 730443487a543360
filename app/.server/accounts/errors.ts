import { isAPIError } from "better-auth/api";
import { replyError } from "../http/forms";

/** A refusal the user can act on, optionally tied to one form field. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly field: string = "form",
    readonly status: number = 400,
  ) {
    super(message);
  }
}

/** better-auth's error code and message, when the error is one of its API errors. */
export function authErrorInfo(error: unknown): { code: string; message: string } | null {
  if (!isAPIError(error)) return null;
  const body = (error as { body?: { code?: string; message?: string } }).body;
  return { code: body?.code ?? "", message: body?.message ?? error.message };
}

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
