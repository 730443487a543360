import { z } from "zod";
import * as FORM_MESSAGES from "../messages/forms";
import { isMultiline } from "../text";

/** A required one-line text field (names, streets...): line breaks are refused. */
export const text = (label: string, max: number) =>
  z
    .string({ error: FORM_MESSAGES.fieldRequired(label) })
    .trim()
    .min(1, FORM_MESSAGES.fieldRequired(label))
    .max(max, FORM_MESSAGES.fieldTooLong(label, max))
    .refine((v) => !isMultiline(v), FORM_MESSAGES.fieldOneLine(label));

/**
 * An optional text field: blank (or only spaces) is null. `oneLine` refuses line breaks (a PO
 * number); without it, line breaks are kept (notes).
 */
export const optionalText = (label: string, max: number, options: { oneLine?: boolean } = {}) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .refine((v) => v.length <= max, FORM_MESSAGES.fieldTooLong(label, max))
    .refine((v) => !options.oneLine || !isMultiline(v), FORM_MESSAGES.fieldOneLine(label))
    .transform((v) => (v === "" ? null : v));
