import { DomainError } from "../runtime/domain-error";
import { replyError } from "./forms";

/** Headers for anything personal: never stored by a browser cache, proxy or CDN. */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * The form answer to a refusal (a DomainError): its message beside its field, or above the form
 * when it has none, with its status, in the one form contract. Anything else is not the user's to
 * fix: rethrown. Options, for the forms that need them:
 * - `form`: the posted form, given back so the person keeps what they typed;
 * - `fields`: the fields the form shows errors beside (a refusal about another field, or about
 *   one the form does not show, is said above the form);
 * - `summary`: also say it above the form, in these words (the message of the whole form);
 * - `data`: what the page needs with the answer.
 */
export function domainErrorReply<D = undefined>(
  error: unknown,
  options: {
    form?: FormData | null;
    fields?: readonly string[];
    summary?: (message: string) => string;
    data?: D;
  } = {},
) {
  if (!(error instanceof DomainError)) throw error;
  const beside = error.field !== "form" && (!options.fields || options.fields.includes(error.field));
  const message = beside ? options.summary?.(error.message) : (options.summary?.(error.message) ?? error.message);
  return replyError<D>(
    { ...(message ? { message } : {}), ...(beside ? { fieldErrors: { [error.field]: error.message } } : {}) },
    {
      form: options.form ?? null,
      status: error.status,
      ...(options.data !== undefined ? { data: options.data } : {}),
    },
  );
}
