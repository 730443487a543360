/**
 * The one shape every form action answers with (docs/decisions/0012-one-form-contract.md).
 * A component reads `message` (one sentence for the whole form, shown above it), `fieldErrors`
 * (shown next to their fields) and, after a failure, `values` (what was posted, so a form that was
 * submitted before the page's JavaScript ran, or re-rendered by the server, keeps what was typed).
 */
export interface FormReply<D = undefined> {
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  /** Posted values echoed after a failure (never passwords, tokens or files). */
  values?: Record<string, string>;
  /** What the answer hands the page (an id after a success, a way out after a failure...). */
  data?: D;
}

/** The field error of `name`, if the reply has one. */
export function fieldError(reply: FormReply<unknown> | null | undefined, name: string): string | undefined {
  return reply?.fieldErrors?.[name];
}

/** What the user had posted in `name`, after a failed submission (else `fallback`). */
export function postedValue(
  reply: FormReply<unknown> | null | undefined,
  name: string,
  fallback?: string,
): string | undefined {
  return reply && !reply.ok && reply.values && name in reply.values ? reply.values[name] : fallback;
}

/**
 * The `intent` of a form (one action, several buttons; each button posts `name="intent"`), or ""
 * when there is none. Actions read it from the posted form, components from a navigation's or a
 * fetcher's form data: the one way to read it.
 */
export function intentOf(form: FormData | null | undefined): string {
  const value = form?.get("intent");
  return typeof value === "string" ? value : "";
}

/**
 * A route's shouldRevalidate for forms that are refused (409) when the page is out of date: the
 * page's data is read again, so the page shows the order, product or business as it is now, as
 * the refusal says (issue 26). React Router reads nothing again after a refused form otherwise.
 */
export function revalidateAfterConflict({
  actionStatus,
  defaultShouldRevalidate,
}: {
  actionStatus?: number | undefined;
  defaultShouldRevalidate: boolean;
}): boolean {
  return actionStatus === 409 || defaultShouldRevalidate;
}
