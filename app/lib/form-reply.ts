import type { z } from "zod";

/**
 * The names of a form's fields, as the form's zod schema declares them; for a form of several
 * intents (a discriminated union), the fields of every intent.
 */
export type FieldName<S extends z.ZodType> = KeysOf<z.input<S>>;

/** The keys of each member of a union (keyof a union alone gives only the keys they share). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** One sentence per field, keyed by the form's field names. */
export type FieldMessages<F extends string = string> = Partial<Record<F, string>>;

/**
 * The one shape every form action answers with (docs/decisions/0012-one-form-contract.md).
 * A component reads `message` (one sentence for the whole form, shown above it), `fieldErrors`
 * (shown next to their fields) and, after a failure, `values` (what was posted, so a form that was
 * submitted before the page's JavaScript ran, or re-rendered by the server, keeps what was typed).
 * `F` names the form's fields (`FieldName<typeof schema>`, see `ReplyOf`): a misspelt field name
 * given to fieldError or postedValue, or to the server's replyError, fails the type check.
 */
export interface FormReply<D = undefined, F extends string = string> {
  ok: boolean;
  message?: string;
  fieldErrors?: FieldMessages<F>;
  /** Posted values echoed after a failure (never passwords, tokens or files). */
  values?: FieldMessages<F>;
  /** What the answer hands the page (an id after a success, a way out after a failure...). */
  data?: D;
}

/**
 * A reply that names no field: a success, or a failure said for the whole form. Among an action's
 * answers it gives way to the replies that name the form's fields (a `FormReply<D, never>` would
 * do the opposite: having no field errors, it would stand for every reply and type none).
 */
export interface FormWideReply<D = undefined> {
  ok: boolean;
  message?: string;
  fieldErrors?: undefined;
  values?: FieldMessages;
  data?: D;
}

/** The reply naming the fields `F`, or a form-wide one when `F` is none. */
export type ReplyNaming<D, F extends string> = [F] extends [never] ? FormWideReply<D> : FormReply<D, F>;

/** The reply of a form whose fields are those of `S` (plus `Extra`: an intent, a hidden id). */
export type ReplyOf<S extends z.ZodType, D = undefined, Extra extends string = never> = FormReply<
  D,
  FieldName<S> | Extra
>;

/**
 * The field names of a reply type; a union of replies (an action's several answers) names the
 * fields of each, and a success (no fields) adds none.
 */
export type FieldsOf<R> = R extends { fieldErrors?: infer E }
  ? [NonNullable<E>] extends [never]
    ? never
    : Extract<keyof NonNullable<E>, string>
  : never;

type AnyReply = FormReply<unknown, string>;

/** The field error of `name`, if the reply has one. */
export function fieldError<R extends AnyReply>(reply: R | null | undefined, name: FieldsOf<R>): string | undefined {
  return (reply?.fieldErrors as FieldMessages | undefined)?.[name];
}

/** What the user had posted in `name`, after a failed submission (else `fallback`). */
export function postedValue<R extends AnyReply>(
  reply: R | null | undefined,
  name: FieldsOf<R>,
  fallback?: string,
): string | undefined {
  const values = reply && !reply.ok ? (reply.values as FieldMessages | undefined) : undefined;
  return values && name in values ? values[name] : fallback;
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
