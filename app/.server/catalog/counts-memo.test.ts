import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/accounts/viewer";
import { viewerContext } from "~/.server/request/context";
import { type RuleInput, ruleSchema } from "~/lib/schemas/compliance";
import { loader as categoryLoader } from "~/routes/store/category";
import { loader as searchLoader } from "~/routes/store/search";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { saveProductCompliance } from "../compliance/facts";
import { createRule } from "../compliance/rules";
import { insertProduct } from "./product-writes";

/**
 * The filters' counts are remembered per listing (decision 0065), but "sold to my address" is the
 * asking buyer's: two customers whose addresses the rules treat differently each get their own
 * count of the same listing, whoever asked first, on the category page and on a search.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
let dallas: Viewer;
let indiana: Viewer;

function viewer(id: string, email: string): Viewer {
  return {
    id,
    name: email,
    email,
    username: null,
    role: "customer",
    emailVerified: true,
    approved: true,
    accountId: id,
    memberRole: "owner",
    orderLimitCents: null,
    actingFor: null,
  };
}

function rule(): RuleInput {
  const parsed = ruleSchema.safeParse({
    name: "Kratom bans",
    classes: "kratom",
    states: "IN",
    effectiveFrom: "2025-01-01",
    effect: "block",
    reason: "Kratom cannot be shipped to Indiana (state ban).",
    label: "state ban",
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  for (const [i, name] of ["Memo Maeng Da", "Memo Red Bali", "Memo Green Malay"].entries()) {
    const id = await insertProduct(
      t.db,
      { sku: `MEMO-${i}`, name, description: "", priceCents: 1500, stock: 10, category: "kratom" },
      [],
    );
    await saveProductCompliance(
      t.db,
      id,
      {
        brand: null,
        productClass: "kratom",
        flavorClass: null,
        country: null,
        thcMg: null,
        nicotineMgMl: null,
        upc: null,
        sevenOhPercent: null,
        directoryStates: [],
      },
      TEST_ADMIN,
    );
  }
  await createRule(t.db, rule(), TEST_ADMIN);
  const one = await customerWithAddress(t.db, "dallas@memo.test");
  const two = await customerWithAddress(t.db, "indiana@memo.test", {
    city: "Indianapolis",
    state: "IN",
    zip: "46204",
  });
  dallas = viewer(one.id, "dallas@memo.test");
  indiana = viewer(two.id, "indiana@memo.test");
});

afterAll(async () => {
  await t.cleanup();
});

type Counted = { availability: { inStock: number; soldHere: number | null } | null };

async function load(loader: typeof categoryLoader | typeof searchLoader, who: Viewer, path: string) {
  const url = new URL(`http://localhost:3000${path}`);
  const context = new RouterContextProvider();
  context.set(viewerContext, who);
  const answer = await (loader as typeof categoryLoader)({
    url,
    request: new Request(url),
    params: { category: "kratom" },
    context,
  } as never);
  return (answer.data as Counted).availability;
}

describe(`remembered filter counts on ${ON}`, () => {
  it("give each buyer the 'sold to my address' count of their own address, whoever asked first", async () => {
    // Dallas asks first: all three are sold to it; Indiana's address refuses every one.
    expect(await load(categoryLoader, dallas, "/products/kratom")).toEqual({ inStock: 3, soldHere: 3 });
    expect(await load(categoryLoader, indiana, "/products/kratom")).toEqual({ inStock: 3, soldHere: 0 });
    expect(await load(categoryLoader, dallas, "/products/kratom")).toEqual({ inStock: 3, soldHere: 3 });

    // A search: Indiana asks first this time.
    expect(await load(searchLoader, indiana, "/search?q=memo")).toEqual({ inStock: 3, soldHere: 0 });
    expect(await load(searchLoader, dallas, "/search?q=memo")).toEqual({ inStock: 3, soldHere: 3 });
    // A search that finds nothing counts nothing.
    expect(await load(searchLoader, dallas, "/search?q=zzzqqq")).toEqual({ inStock: 0, soldHere: 0 });
  });
});
