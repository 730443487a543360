import type { FormReply } from "./form-reply";

/**
 * A form sent while the connection is down never reaches the store: fetch rejects with a
 * TypeError. Routes whose forms must survive that (Account Settings, checkout) catch it in a
 * clientAction and answer an `offline` reply, so the page and what was typed stay, with the
 * failure said next to the form; loaders are then not revalidated (that request would fail too
 * and replace the page with the error screen).
 */
export type OfflineReply<D = undefined> = FormReply<D> & { offline: true };

export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

export function offlineReply<D = undefined>(message: string, data?: D): OfflineReply<D> {
  return { ok: false, offline: true, message, ...(data === undefined ? {} : { data }) };
}

export function isOfflineReply(value: unknown): boolean {
  return !!value && typeof value === "object" && (value as { offline?: unknown }).offline === true;
}

/** A route's shouldRevalidate: as usual, except after a form that could not reach the store. */
export function revalidateUnlessOffline({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  return isOfflineReply(actionResult) ? false : defaultShouldRevalidate;
}
