import type { z } from "zod";
import type { FieldName } from "~/lib/form-reply";
import { DomainError } from "../runtime/domain-error";
import { type FieldErrors, firstError, parseForm, replyError } from "./forms";

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
 * - `data`: what the page needs with a failure (a way out).
 */
export async function formAction<S extends z.ZodType, R, D = undefined>(
  form: FormData,
  schema: S,
  work: (input: z.output<S>) => Promise<R>,
  options: { summary?: (message: string) => string; fields?: readonly FieldName<S>[]; data?: D } = {},
) {
  const parsed = parseForm(form, schema);
  const extra = options.data !== undefined ? { data: options.data } : {};
  const shown = options.fields ? new Set<string>(options.fields) : schemaFields(schema);
  if (!parsed.ok) {
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
    const beside = error.field !== "form" && shown.has(error.field);
    const message = beside ? options.summary?.(error.message) : (options.summary?.(error.message) ?? error.message);
    const fieldErrors = beside ? ({ [error.field]: error.message } as FieldErrors<FieldName<S>>) : undefined;
    return replyError<D, S>(
      { ...(message ? { message } : {}), ...(fieldErrors ? { fieldErrors } : {}) },
      { form, schema, status: error.status, ...extra },
    );
  }
}

/** The top-level field names of an object schema (none for other schemas). */
function schemaFields(schema: z.ZodType): Set<string> {
  // A transformed schema is a pipe: its fields are those of what it reads.
  let current: unknown = schema;
  while (current && typeof current === "object" && !("shape" in current) && "in" in current) current = current.in;
  const shape = (current as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}
