import { z } from "zod";
import { isMultiline } from "../text";

/** A required one-line text field (names, streets...): line breaks are refused. */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !isMultiline(v), `${label} must be on one line.`);
