import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { DB } from "../db/schema";
import { readVersions } from "../db/versions";

/**
 * The listings' filter counts, kept in memory (issue 38; decision 0065). Counting a category's
 * or a common search's facets reads every line of it (about 100 ms at 17,000 lines on SQLite);
 * the counts are the same for every viewer of the same listing (they carry no price; "sold to my
 * address" is in the key as the refusals it applies) until the catalog or the rules change. So an
 * entry is valid for the counters it was made under: 'catalog' (lines, variants, brands, a stock
 * crossing zero; migrations 0002, 0036) and 'compliance' (rules and facts; migration 0007), read
 * on each request (one small query), so no page shows counts older than a committed change.
 */
interface Stored {
  versions: string;
  value: unknown;
}

interface Store {
  kept: LRUCache<string, Stored>;
  computing: Map<string, Promise<unknown>>;
}

// One store per database handle (tests open several databases in one process).
const stores = new WeakMap<object, Store>();

/** Listings remembered: a few kilobytes each. */
const MAX_ENTRIES = 2000;

function storeFor(db: Kysely<DB>): Store {
  let store = stores.get(db);
  if (!store) {
    store = { kept: new LRUCache<string, Stored>({ max: MAX_ENTRIES }), computing: new Map() };
    stores.set(db, store);
  }
  return store;
}

/**
 * The counts of the listing named `key` (everything they depend on but the counters), made by
 * `count` when the counters moved since they were last made. Concurrent requests for counts
 * being made wait for the same.
 */
export async function rememberedCounts<T>(db: Kysely<DB>, key: string, count: () => Promise<T>): Promise<T> {
  const { kept, computing } = storeFor(db);
  const v = await readVersions(db);
  const versions = `${v.catalog}.${v.compliance}`;
  const stored = kept.get(key);
  if (stored && stored.versions === versions) return stored.value as T;
  const inFlight = `${versions}|${key}`;
  const pending = computing.get(inFlight);
  if (pending) return pending as Promise<T>;
  const made = count()
    .then((value) => {
      kept.set(key, { versions, value });
      return value;
    })
    .finally(() => computing.delete(inFlight));
  computing.set(inFlight, made);
  return made;
}
