import { z } from "zod";

/**
 * Ids and page numbers from URLs and forms, parsed one way everywhere. A value that is not one
 * reads as null (ids: the caller answers 404) or as the first page.
 */
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/** A positive integer id (products, orders), or null. */
export function idParam(value: unknown): number | null {
  if (typeof value !== "string" || !ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** A 1-based page number, at most `max` (default 100,000); anything else is page 1. */
export function pageParam(value: string | null | undefined, max = 100_000): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  return Math.min(max, Math.max(1, Number(value)));
}

/**
 * A form's hidden id (the product, the list a button acts on): its id, or null when it is missing
 * or not one (the action answers 404, as for a URL's id).
 */
export const idOrNull = z
  .unknown()
  .optional()
  .transform((value) => idParam(value));

/** A form's hidden text (a token, an invitation's id), cut to `max` characters; "" when missing. */
export const hiddenText = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" ? value.slice(0, max) : ""));
