import { data } from "react-router";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Turns form data into an object: repeated names become arrays, files are skipped. */
export function formToObject(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/** Validates form data with the schema the form uses; the first problem of each field, in words. */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): FormResult<z.output<S>> {
  const result = schema.safeParse(formToObject(form));
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "form";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The first problem of a failed form, for a form that shows one message rather than one per field. */
export function firstError(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? "Check the fields.";
}

/** The answer to a form post that failed validation: 400 with the field errors. */
export function invalid(errors: FieldErrors, extra: Record<string, unknown> = {}) {
  return data({ ok: false as const, errors, ...extra }, { status: 400 });
}
