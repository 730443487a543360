import type { Kysely } from "kysely";
import type { Viewer } from "../../app/.server/accounts/viewer";
import { searchProducts, suggestProducts } from "../../app/.server/catalog/search/engine";
import type { DB } from "../../app/.server/db/schema";
import { type Audience, audienceFor, pricedForAudience, VISITOR_AUDIENCE } from "../../app/.server/flows/audience";
import { categoryPage } from "../../app/.server/flows/category-page";
import { searchPage } from "../../app/.server/flows/search-page";
import type { FacetChoice } from "../../app/lib/facets";
import { BENCH_EXPLICIT_GROUP, benchUpc } from "./names";

/**
 * The search at scale (issue 38; decision 0053): what the header's suggestions and the search
 * page's loader do for a query (the engine, then prices and notes for the audience; the page's
 * flow with its filters' counts), in-process, for what buyers type on the catalog npm run
 * bench:data filled; then the search and category pages with facets chosen (LISTINGS). Targets:
 * suggestions p95 < 30 ms, a search or category page with facets p95 < 100 ms.
 */
export const SEARCH_QUERIES = {
  "one letter": "a",
  "one word": "mint",
  "common word": "disposable",
  "word start": "wat",
  "two words": "blue razz",
  "brand + flavor": "vaporlux blue",
  "three words": "vaporlux blue razz",
  "any order": "razz blue vaporlux",
  "words typed apart": "cloud king",
  "brand + strain": "kratom maeng da",
  typo: "vaporlx",
  "typos, three words": "lone stra leaf",
  "typing with a typo": "monsoon botanicls",
  "count + word": "6000 disp",
  SKU: "BENCH-42424",
  "SKU start": "bench-4242",
  UPC: benchUpc(4242),
  "no match": "xyzzy",
  synonym: "geekbar",
} as const;

/** Pages with filters chosen: a search or a category (a brand page is a category page of one brand). */
export const LISTINGS: Record<
  string,
  {
    query?: string;
    category?: "disposable-vapes" | "kratom" | null;
    facets: FacetChoice;
    inStockOnly?: boolean;
    soldHere?: boolean;
  }
> = {
  "search, brand facet": { query: "blue razz", facets: { brand: ["vaporlux"] } },
  "search, flavor + in stock": { query: "disposable", facets: { flavor: ["mint"] }, inStockOnly: true },
  "search, sold to me": { query: "mint", facets: {}, soldHere: true },
  "category, no filter": { category: "disposable-vapes", facets: {} },
  "category, flavor": { category: "disposable-vapes", facets: { flavor: ["blue-razz"] } },
  "category, brand + nicotine": { category: "disposable-vapes", facets: { brand: ["cloudking"], nicotine: ["5pct"] } },
  "category, in stock, sold to me": { category: "kratom", facets: {}, inStockOnly: true, soldHere: true },
  "all, two flavors": { category: null, facets: { flavor: ["cool-mint", "grape-ice"] } },
};

async function benchCustomer(db: Kysely<DB>): Promise<Audience> {
  const row = await db
    .selectFrom("users")
    .innerJoin("customer_price_groups", "customer_price_groups.user_id", "users.id")
    .innerJoin("price_groups", "price_groups.id", "customer_price_groups.group_id")
    .select(["users.id", "users.name", "users.email"])
    .where("price_groups.name", "=", BENCH_EXPLICIT_GROUP)
    .limit(1)
    .executeTakeFirst();
  if (!row) return VISITOR_AUDIENCE;
  const viewer: Viewer = {
    id: row.id,
    name: row.name,
    email: row.email,
    username: null,
    role: "customer",
    emailVerified: true,
    approved: true,
    accountId: row.id,
    memberRole: "owner",
    orderLimitCents: null,
    actingFor: null,
  };
  return audienceFor(db, viewer);
}

type Figures = { p50: number; p95: number; max: number };

export async function searchTimings(db: Kysely<DB>, runs = 20) {
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const figures = (samples: number[]): Figures => {
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      p50: Number(percentile(sorted, 50).toFixed(2)),
      p95: Number(percentile(sorted, 95).toFixed(2)),
      max: Number((sorted.at(-1) ?? 0).toFixed(2)),
    };
  };
  const customer = await benchCustomer(db);
  const audiences = { visitor: VISITOR_AUDIENCE, customer };
  const suggestion = (audience: Audience, q: string) => async () =>
    pricedForAudience(db, audience, await suggestProducts(db, q, 5));
  const page = (audience: Audience, q: string) => async () =>
    searchPage(db, audience, { query: q, page: 1, facets: {}, inStockOnly: false, soldHere: false });
  const listing = (audience: Audience, l: (typeof LISTINGS)[string]) => async () =>
    l.query !== undefined
      ? searchPage(db, audience, {
          query: l.query,
          page: 1,
          facets: l.facets,
          inStockOnly: l.inStockOnly ?? false,
          soldHere: l.soldHere ?? false,
        })
      : categoryPage(db, audience, {
          category: l.category ?? null,
          brandId: null,
          sort: "name",
          cursor: null,
          facets: l.facets,
          inStockOnly: l.inStockOnly ?? false,
          soldHere: l.soldHere ?? false,
        });
  const listings: Record<string, Figures & { cold: number }> = {};
  const allListings: number[] = [];
  for (const [name, l] of Object.entries(LISTINGS)) {
    // The first is cold: its counts are made, then remembered until the catalog changes (counts-memo.ts).
    const started = performance.now();
    await listing(customer, l)();
    const cold = Number((performance.now() - started).toFixed(2));
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const run = listing(i % 2 ? customer : VISITOR_AUDIENCE, l);
      const t = performance.now();
      await run();
      samples.push(performance.now() - t);
    }
    allListings.push(...samples);
    listings[name] = { ...figures(samples), cold };
  }
  const out: Record<string, { suggestions: Figures; page: Figures; results: number; counting: number }> = {};
  const all = { suggestions: [] as number[], page: [] as number[] };
  for (const [name, q] of Object.entries(SEARCH_QUERIES)) {
    const samples = { suggestions: [] as number[], page: [] as number[] };
    // Once before timing: the first search of a process reads the vocabulary, and the first page of
    // a query counts its filters (then remembered until the catalog changes: counts-memo.ts).
    const results = (await searchProducts(db, q, { limit: 49 })).products.length;
    await suggestProducts(db, q, 5);
    const started = performance.now();
    await page(audiences.customer, q)();
    const counting = Number((performance.now() - started).toFixed(2));
    for (let i = 0; i < runs; i++) {
      const audience = i % 2 ? audiences.customer : audiences.visitor;
      for (const kind of ["suggestions", "page"] as const) {
        const run = kind === "suggestions" ? suggestion(audience, q) : page(audience, q);
        const t = performance.now();
        await run();
        samples[kind].push(performance.now() - t);
      }
    }
    all.suggestions.push(...samples.suggestions);
    all.page.push(...samples.page);
    out[name] = { suggestions: figures(samples.suggestions), page: figures(samples.page), results, counting };
  }
  return {
    queries: out,
    suggestions: figures(all.suggestions),
    page: figures(all.page),
    listings,
    filtered: figures(allListings),
  };
}

/** The figures as lines for the console. */
export function searchTimingLines(t: Awaited<ReturnType<typeof searchTimings>>): string[] {
  return [
    ...Object.entries(t.queries).map(
      ([name, v]) =>
        `  ${name.padEnd(20)} ${JSON.stringify(SEARCH_QUERIES[name as keyof typeof SEARCH_QUERIES]).padEnd(22)} suggestions ${String(v.suggestions.p95).padStart(6)}  page ${String(v.page.p95).padStart(6)}  (${v.results} results; the first page, counting: ${v.counting})`,
    ),
    `  all queries: suggestions p95 ${t.suggestions.p95} (p50 ${t.suggestions.p50}, max ${t.suggestions.max}), page p95 ${t.page.p95} (p50 ${t.page.p50}, max ${t.page.max})`,
    ...Object.entries(t.listings).map(
      ([name, v]) =>
        `  ${name.padEnd(32)} p95 ${String(v.p95).padStart(6)}  (p50 ${v.p50}; the first, counting: ${v.cold})`,
    ),
    `  pages with filters: p95 ${t.filtered.p95} (p50 ${t.filtered.p50}, max ${t.filtered.max})`,
  ];
}
