import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { wordsOf } from "./text";

/** The longest phrase (in words) a synonym may stand for. */
export const MAX_PHRASE_WORDS = 3;

/** Each phrase of a query with its synonyms, as words: "geek bar" → [["geekbar"]]. */
export type Synonyms = Map<string, string[][]>;

/** The runs of one to MAX_PHRASE_WORDS consecutive words of a query, as phrases. */
export function phrasesOf(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) out.add(words.slice(i, i + n).join(" "));
  return [...out];
}

/**
 * The synonyms of the phrases a query holds, from search_synonyms (data, migration 0035; how to
 * add one: docs/operations.md). One indexed query.
 */
export async function findSynonyms(db: Kysely<DB>, words: readonly string[]): Promise<Synonyms> {
  const phrases = phrasesOf(words);
  const found: Synonyms = new Map();
  if (phrases.length === 0) return found;
  const rows = await db
    .selectFrom("search_synonyms")
    .select(["phrase", "synonym"])
    .where("phrase", "in", phrases)
    .orderBy("phrase")
    .orderBy("synonym")
    .execute();
  for (const row of rows) {
    const synonym = wordsOf(row.synonym);
    if (synonym.length === 0) continue;
    const list = found.get(row.phrase) ?? [];
    list.push(synonym);
    found.set(row.phrase, list);
  }
  return found;
}
