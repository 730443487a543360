import { isAPIError } from "better-auth/api";
import { DomainError } from "../runtime/domain-error";

/** A refusal the user can act on, optionally tied to one form field. */
export class AccountError extends DomainError {
  constructor(message: string, field = "form", status = 400) {
    super(message, { field, status });
  }
}

/** Sign-in refused because the email is not verified yet: the page offers to send the link again. */
export class UnverifiedEmailError extends AccountError {
  constructor(message: string) {
    super(message, "form", 403);
  }
}

/** better-auth's error code and message, when the error is one of its API errors. */
export function authErrorInfo(error: unknown): { code: string; message: string } | null {
  if (!isAPIError(error)) return null;
  const body = (error as { body?: { code?: string; message?: string } }).body;
  return { code: body?.code ?? "", message: body?.message ?? error.message };
}
