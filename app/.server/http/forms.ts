import { data } from "react-router";
import { z } from "zod";
import type { FieldMessages, FieldName, FormReply, FormWideReply, ReplyNaming } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import { hasControlCharacters } from "~/lib/text";

/**
 * Reading form posts, and answering them in the one form contract (app/lib/form-reply.ts).
 * The root middleware reads every posted body once with readFormBody(); actions get it with
 * formOf(context) and validate it with parseForm() and the schema the form uses.
 */
/** Field errors of a form; the key "form" holds a message for the whole form. */
export type FieldErrors<F extends string = string> = FieldMessages<F | "form">;

export type FormResult<T, F extends string = string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

export const UNSUPPORTED_BODY = MESSAGES.formWrongEncoding;
export const UNREADABLE_FORM = MESSAGES.formUnreadable;
export const TOO_MANY_FIELDS = MESSAGES.formTooManyFields;
export const CONTROL_CHARACTERS = MESSAGES.fieldControlCharacters;

function isFormContentType(type: string | null): boolean {
  if (!type) return false;
  const lower = type.toLowerCase();
  if (lower.startsWith("application/x-www-form-urlencoded")) return true;
  return lower.startsWith("multipart/form-data") && /;\s*boundary=\S/.test(lower);
}

/** Fields in a form body at most: separators of an urlencoded body, boundaries of a multipart one. */
function countFields(body: Buffer, type: string): number {
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
  const separator = boundary ? Buffer.from(`--${boundary}`) : Buffer.from("&");
  let count = boundary ? 0 : 1;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, at + separator.length)) count++;
  // A multipart body's last boundary closes it rather than opening a field.
  return boundary ? count - 1 : count;
}

function refuse(status: number, message: string, fieldErrors?: FieldErrors): never {
  throw data({ ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) } satisfies FormReply, { status });
}

/**
 * Reads a posted form and checks it before any action sees it: a body that is not a form is a
 * 415, one that cannot be parsed a 400, one with more than `maxFields` fields a 413, and a text
 * value with control characters (NUL and the like) a 400 naming the field. The parsers and this
 * check are linear in the size of the body, which the server has already capped.
 */
export async function readFormBody(request: Request, maxFields: number): Promise<FormData> {
  const type = request.headers.get("content-type");
  const body = Buffer.from(await request.arrayBuffer().catch(() => refuse(400, UNREADABLE_FORM)));
  // A POST without a body (a logout button, `fetch(url, { method: "POST" })`) is an empty form.
  if (type === null && body.length === 0) return new FormData();
  if (!isFormContentType(type)) refuse(415, UNSUPPORTED_BODY);
  // Count the fields in the raw bytes first (a native search that makes no objects), so a body
  // of thousands of empty fields is refused before anything parses it.
  if (countFields(body, type as string) > maxFields) refuse(413, TOO_MANY_FIELDS);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type as string } }).formData();
  } catch {
    refuse(400, UNREADABLE_FORM);
  }
  let count = 0;
  for (const [name, value] of form.entries()) {
    if (++count > maxFields) refuse(413, TOO_MANY_FIELDS);
    if (hasControlCharacters(name)) refuse(400, UNREADABLE_FORM);
    if (typeof value === "string" && hasControlCharacters(value)) {
      refuse(400, CONTROL_CHARACTERS, { [name.slice(0, 100)]: CONTROL_CHARACTERS });
    }
  }
  return form;
}

/** A posted value: the text of a field, or a file of a file input. */
export type FormValue = string | File;

/**
 * Turns form data into an object: repeated names become arrays. Files are kept as File values: a
 * schema reads them with uploadedFiles(); a field it reads as text refuses one, as any non-text.
 * Linear.
 */
function formToObject(form: FormData): Record<string, FormValue | FormValue[]> {
  const out: Record<string, FormValue | FormValue[]> = Object.create(null);
  for (const [key, value] of form.entries()) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[key] = [existing, value];
  }
  return out;
}

/** A file chosen in a file input: an input left empty still posts one nameless, empty file. */
function isChosenFile(value: unknown): value is File {
  return value instanceof File && !(value.name === "" && value.size === 0);
}

/**
 * The files posted in a file input (`<input type="file" multiple>`), in the order they came: none
 * when nothing was chosen. Text posted in their place is not a file and is left out. Checked, in
 * this order, against `largerThan` (the first file over `bytes` is refused in the words of
 * `message(name)`) and `most` (more files than `count`).
 */
export function uploadedFiles(
  limits: {
    largerThan?: { bytes: number; message: (fileName: string) => string };
    most?: { count: number; message: string };
  } = {},
) {
  return z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(isChosenFile),
    z.array(z.instanceof(File)).superRefine((files, ctx) => {
      const { largerThan, most } = limits;
      const tooBig = largerThan ? files.find((f) => f.size > largerThan.bytes) : undefined;
      if (largerThan && tooBig) ctx.addIssue({ code: "custom", message: largerThan.message(tooBig.name) });
      if (most && files.length > most.count) ctx.addIssue({ code: "custom", message: most.message });
    }),
  );
}

/** Validates form data with the schema the form uses; the first problem of each field, in words. */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): FormResult<z.output<S>, FieldName<S>> {
  const result = schema.safeParse(formToObject(form));
  if (result.success) return { ok: true, data: result.data };
  // Keyed by the issue's path: a top-level field of the schema, or "form".
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "form";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The first problem of a failed form, for a form that shows one message rather than one per field. */
export function firstError(errors: FieldErrors<string>): string {
  return Object.values(errors)[0] ?? MESSAGES.checkTheFields;
}

const NEVER_ECHOED = /password|token|secret/i;
const MAX_ECHO = 20_000;

/** What was posted, to give back with a failure (never passwords, tokens or files). */
function postedValues(form: FormData | null | undefined): Record<string, string> | undefined {
  if (!form) return undefined;
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || NEVER_ECHOED.test(key) || key in values) continue;
    values[key] = value.slice(0, MAX_ECHO);
  }
  return values;
}

/** A successful answer: an optional message for the whole form, and data for the page. */
export function replyOk<D = undefined>(message?: string, payload?: D, init?: ResponseInit) {
  // It names no field, so among an action's answers it leaves the form's field names as they are.
  const reply: FormWideReply<D> = {
    ok: true,
    ...(message ? { message } : {}),
    ...(payload !== undefined ? { data: payload } : {}),
  };
  return data(reply, init);
}

/** What `data()` makes of a reply: the reply, with its status and headers. */
type Answer<R> = ReturnType<typeof data<R>>;

interface ReplyErrorOptions<D> {
  form?: FormData | null;
  status?: number;
  headers?: HeadersInit;
  data?: D;
}

/**
 * A failed answer: field errors (the key "form" holds a message for the whole form), the posted
 * values, what the page needs to offer a way out (`data`), and the status (400 unless told).
 * Given the form's `schema` (used for its type only), the field errors must name its fields; else
 * the answer's field names are those of `fieldErrors` (a parseForm result's are the schema's).
 */
export function replyError<D = undefined, S extends z.ZodType = z.ZodType>(
  problems: { message?: string; fieldErrors?: FieldErrors<FieldName<S>> },
  options: ReplyErrorOptions<D> & { schema: S },
): Answer<ReplyNaming<D, Exclude<FieldName<S>, "form">>>;
export function replyError<D = undefined, F extends string = string>(
  problems: { message?: string; fieldErrors?: FieldErrors<F> },
  options?: ReplyErrorOptions<D>,
): Answer<ReplyNaming<D, Exclude<F, "form">>>;
export function replyError<D>(
  problems: { message?: string; fieldErrors?: FieldErrors<string> },
  options: ReplyErrorOptions<D> & { schema?: z.ZodType } = {},
): Answer<FormReply<D, string>> | Answer<FormWideReply<D>> {
  const { form: formMessage, ...fields } = problems.fieldErrors ?? {};
  const message = problems.message ?? formMessage;
  const reply: FormReply<D> = {
    ok: false,
    ...(message ? { message } : {}),
    ...(Object.keys(fields).length ? { fieldErrors: fields } : {}),
    ...(options.form ? { values: postedValues(options.form) } : {}),
    ...(options.data !== undefined ? { data: options.data } : {}),
  };
  return data(reply, { status: options.status ?? 400, ...(options.headers ? { headers: options.headers } : {}) });
}

/** The answer to a form that failed validation: 400 with the field errors and the posted values. */
export function invalid<F extends string>(errors: FieldErrors<F>, form?: FormData | null) {
  return replyError<undefined, F>({ fieldErrors: errors }, { form: form ?? null });
}
