import type { Synonyms } from "./synonyms";
import { MAX_PHRASE_WORDS } from "./synonyms";
import { hasLetter } from "./text";
import type { Vocabulary } from "./vocabulary";

/**
 * What a query asks the index for, as a tree of words (decision 0053), rendered for FTS5 or
 * PostgreSQL by search-index.ts. A word with `prefix` matches any word that starts with it.
 */
export type Expr =
  | { kind: "word"; text: string; prefix: boolean }
  | { kind: "and"; of: Expr[] }
  | { kind: "or"; of: Expr[] }
  /** The documents `match` finds that `unless` does not: the next tier of a ranking. */
  | { kind: "not"; match: Expr; unless: Expr };

const word = (text: string, prefix: boolean): Expr => ({ kind: "word", text, prefix });

function and(of: Expr[]): Expr {
  return of.length === 1 ? (of[0] as Expr) : { kind: "and", of };
}

function or(of: Expr[]): Expr {
  return of.length === 1 ? (of[0] as Expr) : { kind: "or", of };
}

export function butNot(match: Expr, unless: Expr): Expr {
  return { kind: "not", match, unless };
}

export function either(a: Expr, b: Expr): Expr {
  return or([a, b]);
}

/** A run of the query's words that the ranking treats as one: a word, or a phrase that has synonyms. */
export interface Slot {
  words: string[];
  synonyms: string[][];
}

/** The query's words in slots: the longest phrase with synonyms first, else a word alone. */
export function slotsOf(words: readonly string[], synonyms: Synonyms): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < words.length; ) {
    let taken = 1;
    let found: string[][] = [];
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1; n--) {
      const list = synonyms.get(words.slice(i, i + n).join(" "));
      if (list) {
        taken = n;
        found = list;
        break;
      }
    }
    slots.push({ words: words.slice(i, i + taken), synonyms: found });
    i += taken;
  }
  return slots;
}

/**
 * A word typed, as the start of a word. A query of one character alone matches that word whole:
 * "b" as a start is most of the catalog (every SKU "B…"), sorted by name for nothing.
 */
function typedWord(w: string, alone: boolean): Expr {
  return word(w, !alone || w.length >= 2);
}

/** A slot as typed: its words as word starts, or one of its synonyms. */
function asTyped(slot: Slot, alone = false): Expr[] {
  return [
    and(slot.words.map((w) => typedWord(w, alone))),
    ...slot.synonyms.map((synonym) => and(synonym.map((w) => word(w, true)))),
  ];
}

/** Whether the query is one word. */
function isAlone(slots: readonly Slot[]): boolean {
  return slots.length === 1 && (slots[0] as Slot).words.length === 1;
}

/** Tier 1: every word (or a synonym of its phrase) matched as the start of a word of the document. */
export function typedExpr(slots: readonly Slot[]): Expr {
  return and(slots.map((slot) => or(asTyped(slot, isAlone(slots)))));
}

export interface ForgivingOptions {
  /** The last word is still being typed (suggestions): its typos are corrected to the starts of words too. */
  typing: boolean;
  /** Correct every word, known ones too (when the words as typed find nothing together). */
  correctKnown: boolean;
}

/**
 * Tier 2: as tier 1, and also each word that is no catalog word's start (or, with correctKnown,
 * any word) may be a word one or two edits away, or two catalog words run together ("geekbar"
 * as "geek bar"), and two neighboring words may be one catalog word typed apart ("cloud king"
 * for "CloudKing"). Null when there is nothing to forgive (tier 2 would be tier 1).
 */
export function forgivingExpr(slots: readonly Slot[], vocabulary: Vocabulary, options: ForgivingOptions): Expr | null {
  let forgiven = false;
  const parts: Expr[] = [];
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as Slot;
    const alternatives = asTyped(slot, isAlone(slots));
    const only = slot.words.length === 1 && slot.synonyms.length === 0 ? (slot.words[0] as string) : null;
    if (only !== null && hasLetter(only) && (options.correctKnown || !vocabulary.hasPrefix(only))) {
      const last = i === slots.length - 1;
      for (const c of vocabulary.corrections(only, options.typing && last)) alternatives.push(word(c.term, c.prefix));
      for (const [left, right] of vocabulary.splits(only))
        alternatives.push(and([word(left, false), word(right, true)]));
    }
    let expr = or(alternatives);
    if (alternatives.length > asTyped(slot, isAlone(slots)).length) forgiven = true;
    // Two neighboring words that are one catalog word's start when run together.
    const next = slots[i + 1];
    const nextOnly = next && next.words.length === 1 && next.synonyms.length === 0 ? (next.words[0] as string) : null;
    if (only !== null && nextOnly !== null && hasLetter(only) && hasLetter(nextOnly)) {
      const joined = only + nextOnly;
      if (vocabulary.hasPrefix(joined)) {
        expr = or([and([expr, or(asTyped(next as Slot))]), word(joined, true)]);
        forgiven = true;
        i++;
      }
    }
    parts.push(expr);
  }
  return forgiven ? and(parts) : null;
}
