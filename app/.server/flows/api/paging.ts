import { z } from "zod";
import * as API_MESSAGES from "~/lib/messages/api";

/**
 * Every list of the API is paged by a cursor (opaque: the last row's key, base64url) and may be
 * cut to the rows changed since a moment (`updated_since`, ISO 8601). Rows come in key order, so a
 * client walking the pages sees each row once even while rows change.
 */
export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 50;

export function encodeCursor(key: number | string): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

function decodeCursor(value: string): number | string | null {
  try {
    const key: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (typeof key === "number" && Number.isInteger(key) && key >= 0) return key;
    if (typeof key === "string" && key.length <= 100) return key;
  } catch {
    // Not one of ours.
  }
  return null;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const listQueryFields = {
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_LIMIT))
    .optional()
    .meta({ description: `1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})` }),
  cursor: z
    .string()
    .max(200)
    .transform((v, ctx) => {
      const key = decodeCursor(v);
      if (key === null) {
        ctx.addIssue({ code: "custom", message: API_MESSAGES.cursorInvalid });
        return z.NEVER;
      }
      return key;
    })
    .optional()
    .meta({ description: "next_cursor of the previous page" }),
  updated_since: z
    .string()
    .max(40)
    .transform((v, ctx) => {
      const ms = ISO_DATE_TIME.test(v) ? Date.parse(v) : Number.NaN;
      if (!Number.isFinite(ms)) {
        ctx.addIssue({ code: "custom", message: API_MESSAGES.updatedSinceInvalid });
        return z.NEVER;
      }
      return new Date(ms).toISOString();
    })
    .optional()
    .meta({ description: "only rows changed at or after this moment (ISO 8601)" }),
};
export const listQuery = z.strictObject(listQueryFields);
export type ListQuery = z.output<typeof listQuery>;

export function numericCursor(query: ListQuery): number {
  return typeof query.cursor === "number" ? query.cursor : 0;
}

export function textCursor(query: ListQuery): string {
  return typeof query.cursor === "string" ? query.cursor : "";
}

export function limitOf(query: ListQuery): number {
  return query.limit ?? DEFAULT_LIMIT;
}

/** A page of rows read with one more than the limit: the rows and the next page's cursor. */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => number | string) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(key(last)) : null };
}

/** A list answer's schema: its rows and the next page's cursor (null on the last page). */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), next_cursor: z.string().nullable() });
}
