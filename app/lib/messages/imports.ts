/**
 * The limits of a file imported (the product import, quick order's CSV). The store's shared
 * sentences are in ../messages.ts; these live apart so that a page carries only the sentences its
 * code names (decisions 0020 and 0078). Import as a namespace:
 * `import * as IMPORT_MESSAGES from "~/lib/messages/imports"`.
 */

/** 'The file is larger than 16 MB. Split it into smaller files.' */
export function importTooLarge(megabytes: number): string {
  return `The file is larger than ${megabytes} MB. Split it into smaller files.`;
}

/** 'This file writes 50,000 products; the store's built-in database takes at most 10,000 in one Apply…' */
export function importTooManyWrites(writes: number, limit: number): string {
  return `This file adds, changes or deletes ${writes.toLocaleString("en-US")} products; the store's built-in database takes at most ${limit.toLocaleString("en-US")} in one Apply (every page waits while it writes). Split the file into smaller ones and apply them one after the other.`;
}
