import type { z } from "zod";
import type { FieldName } from "~/lib/form-reply";
import { DomainError } from "../runtime/domain-error";
import { type FieldErrors, firstError, parseForm, replyError } from "./forms";
import { redirectWithToast } from "./toast";

/**
 * The one way an action handles a form (issue 37, decision 0012): validate the posted form with the
 * schema the form uses, run the work with its typed input, and answer a refusal (a DomainError)
 * in the form contract: beside its field when the schema has that field, above the form
 * otherwise. Anything else is not the person's to fix: it is rethrown (logged, 500). The work
 * answers the success itself (replyOk, a redirect).
 *
 * Options:
 * - `summary`: also say a field's problem above the form, in these words (forms that show one
 *   message at the top);
 * - `fields`: the fields the form shows refusals beside (by default every field of the schema; []
 *   for a form that says everything above it);
 * - `data`: what the page needs with a failure (a way out);
 * - `back`: the page a form posted before its JavaScript ran came from (a safe path): a problem or
 *   a refusal goes back there, said in an error toast (its first problem only).
 */
export async function formAction<S extends z.ZodType, R, D = undefined>(
  form: FormData,
  schema: S,
  work: (input: z.output<S>) => Promise<R>,
  options: {
    summary?: (message: string) => string;
    fields?: readonly FieldName<S>[];
    data?: D;
    back?: string | null;
  } = {},
) {
  const parsed = parseForm(form, schema);
  const back = options.back;
  const extra = options.data !== undefined ? { data: options.data } : {};
  const shown = options.fields ? new Set<string>(options.fields) : schemaFields(schema);
  if (!parsed.ok) {
    if (back) return redirectWithToast(back, { type: "error", message: firstError(parsed.errors) });
    // Problems of fields the form shows go beside them; the first of the others above the form.
    const beside = Object.entries(parsed.errors).filter(([field]) => shown.has(field));
    const above = Object.entries(parsed.errors).find(([field]) => !shown.has(field))?.[1];
    const first = above ?? firstError(parsed.errors);
    const message = options.summary ? options.summary(first) : above;
    const fieldErrors = beside.length ? (Object.fromEntries(beside) as FieldErrors<FieldName<S>>) : undefined;
    return replyError<D, S>(
      { ...(message ? { message } : {}), ...(fieldErrors ? { fieldErrors } : {}) },
      { form, schema, ...extra },
    );
  }
  try {
    return await work(parsed.data);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (back) return redirectWithToast(back, { type: "error", message: error.message });
    const beside = error.field !== "form" && shown.has(error.field);
    const message = beside ? options.summary?.(error.message) : (options.summary?.(error.message) ?? error.message);
    const fieldErrors = beside ? ({ [error.field]: error.message } as FieldErrors<FieldName<S>>) : undefined;
    return replyError<D, S>(
      { ...(message ? { message } : {}), ...(fieldErrors ? { fieldErrors } : {}) },
      { form, schema, status: error.status, ...extra },
    );
  }
}

/**
 * The top-level field names of an object schema; of a discriminated union (a form of several
 * intents), those of every intent but the intent itself, whose problem is said above the form.
 */
function schemaFields(schema: z.ZodType): Set<string> {
  // A transformed schema is a pipe: its fields are those of what it reads.
  let current: unknown = schema;
  while (current && typeof current === "object" && !("shape" in current) && "in" in current) current = current.in;
  const union = current as { options?: unknown[]; def?: { discriminator?: string } } | undefined;
  if (Array.isArray(union?.options)) {
    const fields = new Set<string>();
    for (const option of union.options) for (const field of schemaFields(option as z.ZodType)) fields.add(field);
    if (union.def?.discriminator) fields.delete(union.def.discriminator);
    return fields;
  }
  const shape = (current as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}
