import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { log } from "../../runtime/log";
import { hasLetter, wordsOf } from "./text";
import { editDistance, typosAllowed } from "./typos";

/** At most this many words are kept in memory: a catalog's own words are some thousands. */
export const MAX_VOCABULARY = 250_000;
/** At most this many corrections of one typed word are searched for, the closest first. */
export const MAX_CORRECTIONS = 6;

/** A catalog word a typed word may have meant: the whole word, or (as one types) its start. */
export interface Correction {
  term: string;
  prefix: boolean;
  distance: number;
}

/**
 * Which letters a word holds (a-z and 0-9 as bits, anything else as one more): k edits change at
 * most 2k of them, so a word whose letters differ more is no correction, told apart without
 * computing its distance.
 */
function lettersOf(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    mask |= 1 << (c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 + ((c - 48) % 5) : 31);
  }
  return mask;
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Words of one length with their letters. */
interface Bucket {
  words: string[];
  letters: number[];
}

/** The catalog's words (search_terms), in memory: which words exist, which starts, and the words a typo meant. */
export class Vocabulary {
  private readonly words = new Set<string>();
  private sorted: string[] = [];
  private unsorted = false;
  private readonly byLength = new Map<number, Bucket>();
  private readonly prefixes = new Map<number, Bucket>();

  get size(): number {
    return this.words.size;
  }

  /** Adds stored terms (cut again as the query tokenizer cuts: the databases' cutting differs at the edges). */
  add(terms: Iterable<string>): void {
    for (const raw of terms) {
      for (const word of wordsOf(raw)) {
        if (word.length < 2 || !hasLetter(word) || this.words.has(word)) continue;
        if (this.words.size >= MAX_VOCABULARY) return;
        this.words.add(word);
        this.sorted.push(word);
        this.unsorted = true;
        const bucket = this.byLength.get(word.length) ?? { words: [], letters: [] };
        bucket.words.push(word);
        bucket.letters.push(lettersOf(word));
        this.byLength.set(word.length, bucket);
        this.prefixes.clear();
      }
    }
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  private ordered(): string[] {
    if (this.unsorted) {
      this.sorted.sort();
      this.unsorted = false;
    }
    return this.sorted;
  }

  /** Whether some catalog word starts with `prefix` (the word itself included). */
  hasPrefix(prefix: string): boolean {
    const list = this.ordered();
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((list[mid] as string) < prefix) low = mid + 1;
      else high = mid;
    }
    return low < list.length && (list[low] as string).startsWith(prefix);
  }

  /** The distinct starts of `length` characters of the words longer than that. */
  private startsOf(length: number): Bucket {
    let starts = this.prefixes.get(length);
    if (!starts) {
      const seen = new Set<string>();
      for (const word of this.words) if (word.length > length) seen.add(word.slice(0, length));
      starts = { words: [...seen], letters: [...seen].map(lettersOf) };
      this.prefixes.set(length, starts);
    }
    return starts;
  }

  /** The words of `bucket` within `max` edits of `word` (but not it). */
  private near(word: string, bucket: Bucket | undefined, max: number, prefix: boolean, into: Correction[]): void {
    if (!bucket) return;
    const letters = lettersOf(word);
    const { words } = bucket;
    for (let i = 0; i < words.length; i++) {
      if (bitCount(letters ^ (bucket.letters[i] as number)) > 2 * max) continue;
      const term = words[i] as string;
      const distance = editDistance(word, term, max);
      if (distance > 0 && distance <= max && !into.some((f) => f.term === term)) into.push({ term, prefix, distance });
    }
  }

  /**
   * The catalog words `word` may be a typo of: words within typosAllowed(word) edits, and with
   * `asPrefix` (the word being typed) starts of longer words within as many edits. The closest
   * first, whole words before starts, at most MAX_CORRECTIONS. The word itself is not one.
   */
  corrections(word: string, asPrefix: boolean): Correction[] {
    const max = typosAllowed(word);
    if (max === 0) return [];
    const found: Correction[] = [];
    for (let length = word.length - max; length <= word.length + max; length++)
      this.near(word, this.byLength.get(length), max, false, found);
    if (asPrefix && word.length >= 5) this.near(word, this.startsOf(word.length), max, true, found);
    return found
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          Number(a.prefix) - Number(b.prefix) ||
          (a.term < b.term ? -1 : a.term > b.term ? 1 : 0),
      )
      .slice(0, MAX_CORRECTIONS);
  }

  /**
   * Two catalog words run together: "geekbar" as "geek" + "bar…" (the first a whole word, the
   * second the start of one). Each half at least two characters.
   */
  splits(word: string): [string, string][] {
    const out: [string, string][] = [];
    for (let i = 2; i <= word.length - 2; i++) {
      const left = word.slice(0, i);
      const right = word.slice(i);
      if (this.words.has(left) && this.hasPrefix(right)) out.push([left, right]);
    }
    return out.slice(0, MAX_CORRECTIONS);
  }
}

interface Loaded {
  vocabulary: Vocabulary;
  lastId: number;
  pending: Promise<void> | null;
  warned: boolean;
}

const loaded = new WeakMap<object, Loaded>();

/**
 * The vocabulary of the database `db`, brought up to date: one small query for the newest id
 * of search_terms, then only the words added since (ids only grow; migration 0035). Several
 * callers at once share one read.
 */
export async function vocabularyOf(db: Kysely<DB>): Promise<Vocabulary> {
  let state = loaded.get(db);
  if (!state) {
    state = { vocabulary: new Vocabulary(), lastId: 0, pending: null, warned: false };
    loaded.set(db, state);
  }
  const s = state;
  while (s.pending) await s.pending;
  const newest = await db
    .selectFrom("search_terms")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  if (Number(newest?.id ?? 0) <= s.lastId) return s.vocabulary;
  while (s.pending) await s.pending;
  s.pending = (async () => {
    const rows = await db
      .selectFrom("search_terms")
      .select(["id", "term"])
      .where("id", ">", s.lastId)
      .orderBy("id")
      .execute();
    s.vocabulary.add(rows.map((r) => r.term));
    s.lastId = Math.max(s.lastId, ...rows.slice(-1).map((r) => r.id));
    if (s.vocabulary.size >= MAX_VOCABULARY && !s.warned) {
      s.warned = true;
      log.warn({ words: s.vocabulary.size }, "Search vocabulary full: words added later are not corrected to");
    }
  })().finally(() => {
    s.pending = null;
  });
  await s.pending;
  return s.vocabulary;
}
