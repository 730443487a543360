/**
 * What a search reads of what was typed, on both databases alike (decision 0053): the query
 * bounded, folded (lower case, accents off) and cut into words at every character that is not a
 * letter or a digit, as the index cuts the documents (FTS5's unicode61 with diacritics removed;
 * PostgreSQL's folded text, migration 0035).
 */

export const MAX_QUERY_LENGTH = 100;
/** Words a query is read for; the rest are ignored (a search box is not a document). */
export const MAX_QUERY_WORDS = 8;
/** A word longer than this is cut (no product's word is, and a long one only costs work). */
const MAX_WORD_LENGTH = 40;

/** Trims and bounds a search query (control characters count as spaces); "" for nothing searchable. */
export function normalizeQuery(input: string | null | undefined): string {
  return (input ?? "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

/** Lower case without accents: "Piña" is "pina". */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a text, folded, in order. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** The words a query searches for: at most MAX_QUERY_WORDS, repeats dropped. */
export function queryWords(query: string): string[] {
  return [...new Set(wordsOf(normalizeQuery(query)))].slice(0, MAX_QUERY_WORDS);
}

/** Whether a word has a letter (only such words are in the vocabulary typos are corrected against). */
export function hasLetter(word: string): boolean {
  return /\p{L}/u.test(word);
}
