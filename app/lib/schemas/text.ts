import { z } from "zod";
import * as MESSAGES from "../messages";
import { isMultiline } from "../text";

/** A required one-line text field (names, streets...): line breaks are refused. */
export const text = (label: string, max: number) =>
  z
    .string({ error: MESSAGES.fieldRequired(label) })
    .trim()
    .min(1, MESSAGES.fieldRequired(label))
    .max(max, MESSAGES.fieldTooLong(label, max))
    .refine((v) => !isMultiline(v), MESSAGES.fieldOneLine(label));

/**
 * An optional text field: blank (or only spaces) is null. `oneLine` refuses line breaks (a PO
 * number); without it, line breaks are kept (notes).
 */
export const optionalText = (label: string, max: number, options: { oneLine?: boolean } = {}) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .refine((v) => v.length <= max, MESSAGES.fieldTooLong(label, max))
    .refine((v) => !options.oneLine || !isMultiline(v), MESSAGES.fieldOneLine(label))
    .transform((v) => (v === "" ? null : v));
