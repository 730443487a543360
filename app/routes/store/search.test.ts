import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/accounts/viewer";
import { productPath } from "~/.server/catalog/lines";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { viewerContext } from "~/.server/request/context";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loader as suggestionsLoader } from "../api/search-suggestions";
import { loader as searchLoader } from "./search";

/**
 * The search's answers as the routes send them (issue 38): a visitor's suggestions and results
 * carry no price (shaped by the audience, as every catalog answer is); a customer's do, so the
 * test can fail; a SKU or UPC typed whole goes straight to its product.
 */
let t: TestDatabase;
let productId: number;
let customer: Viewer;
const PRICE_CENTS = 4321;

beforeAll(async () => {
  t = await setupTestDatabase();
  productId = await insertProduct(
    t.db,
    {
      sku: "VLX-BRI-6000",
      name: "Vaporlux Blue Razz Ice 6000 Puffs",
      description: "",
      priceCents: PRICE_CENTS,
      stock: 10,
      category: "disposable-vapes",
    },
    [],
  );
  await saveProductCompliance(
    t.db,
    productId,
    {
      brand: "Vaporlux",
      productClass: null,
      flavorClass: "flavored",
      nicotineMgMl: null,
      country: null,
      upc: "850012345673",
      thcMg: null,
      sevenOhPercent: null,
    },
    TEST_ADMIN,
  );
  // Another brand's product that the same word finds, out of stock: the filters tell them apart.
  const other = await insertProduct(
    t.db,
    {
      sku: "CK-MINT",
      name: "Vaporlux Mint Ice Cloud Edition",
      description: "",
      priceCents: 999,
      stock: 0,
      category: "disposable-vapes",
    },
    [],
  );
  await saveProductCompliance(
    t.db,
    other,
    {
      brand: "Cloud King",
      productClass: null,
      flavorClass: "flavored",
      nicotineMgMl: null,
      country: null,
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
    },
    TEST_ADMIN,
  );
  const { id } = await customerWithAddress(t.db, "searcher@shop.test");
  customer = {
    id,
    name: "Searcher",
    email: "searcher@shop.test",
    username: null,
    role: "customer",
    emailVerified: true,
    approved: true,
    accountId: id,
    memberRole: "owner",
    orderLimitCents: null,
    actingFor: null,
  };
});

afterAll(async () => {
  await t.cleanup();
});

function contextFor(viewer: Viewer | null) {
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  return context;
}

async function suggestions(q: string, viewer: Viewer | null) {
  const url = new URL(`http://localhost:3000/api/search-suggestions?${new URLSearchParams({ q })}`);
  const response = await suggestionsLoader({
    url,
    request: new Request(url),
    params: {},
    context: contextFor(viewer),
  } as never);
  return response.text();
}

async function searchPage(q: string, viewer: Viewer | null, filters: Record<string, string> = {}) {
  const url = new URL(`http://localhost:3000/search?${new URLSearchParams({ q, ...filters })}`);
  try {
    const answer = await searchLoader({
      url,
      request: new Request(url),
      params: {},
      context: contextFor(viewer),
    } as never);
    return { data: answer.data, cache: new Headers(answer.init?.headers).get("X-Visitor-Cache") };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("location"), status: thrown.status };
    throw thrown;
  }
}

describe(`search answers on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("a visitor's suggestions name the product and carry no price; a customer's carry theirs", async () => {
    const visitor = await suggestions("vaporlux blue", null);
    expect(JSON.parse(visitor).suggestions.map((s: { name: string }) => s.name)).toEqual([
      "Vaporlux Blue Razz Ice 6000 Puffs",
    ]);
    expect(visitor).not.toContain(String(PRICE_CENTS));
    expect(visitor).not.toMatch(/price/i);
    const mine = await suggestions("vaporlux blue", customer);
    expect(JSON.parse(mine).suggestions[0]).toMatchObject({ id: productId, priceCents: PRICE_CENTS });
  });

  it("a visitor's results page carries no price; a customer's does", async () => {
    const visitor = await searchPage("vaporlx blue", null);
    expect(visitor.data?.products.map((p) => p.name)).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(JSON.stringify(visitor.data)).not.toContain(String(PRICE_CENTS));
    const mine = await searchPage("vaporlx blue", customer);
    expect(JSON.stringify(mine.data)).toContain(String(PRICE_CENTS));
  });

  it("a SKU or UPC typed whole goes to its product page; suggestions put it first", async () => {
    for (const code of ["VLX-BRI-6000", "vlx-bri-6000", "850012345673"]) {
      expect(await searchPage(code, null), code).toEqual({
        redirect: await productPath(t.db, productId),
        status: 302,
      });
      expect(JSON.parse(await suggestions(code, null)).suggestions[0]?.id, code).toBe(productId);
    }
    expect((await searchPage("VLX-BRI", null)).data?.products.map((p) => p.id)).toEqual([productId]);
  });

  it("filters by facet and stock with counts over everything found, kept out of the visitor cache", async () => {
    const all = await searchPage("vaporlux", null);
    expect(all.data?.products.map((p) => p.name)).toEqual([
      "Vaporlux Blue Razz Ice 6000 Puffs",
      "Vaporlux Mint Ice Cloud Edition",
    ]);
    expect(all.cache).toBeNull();
    expect(all.data?.counts?.brand?.map((c) => [c.value, c.count]).sort()).toEqual([
      ["cloud-king", 1],
      ["vaporlux", 1],
    ]);
    expect(all.data?.availability).toEqual({ inStock: 1, soldHere: null });

    const brand = await searchPage("vaporlux", null, { brand: "cloud-king" });
    expect(brand.data?.products.map((p) => p.name)).toEqual(["Vaporlux Mint Ice Cloud Edition"]);
    expect(brand.cache).toBe("skip");
    // A facet's own values are counted without its choice: the other brand stays offered.
    expect(brand.data?.counts?.brand?.length).toBe(2);
    expect(brand.data?.availability).toEqual({ inStock: 0, soldHere: null });

    const inStock = await searchPage("vaporlux", null, { instock: "1" });
    expect(inStock.data?.products.map((p) => p.name)).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    // Filtered, a code typed whole is a result among others, not a jump past the filters.
    const code = await searchPage("CK-MINT", null, { instock: "1" });
    expect(code.data?.products).toEqual([]);
    // A customer with an address is offered "Sold to my address"; a visitor is not.
    expect((await searchPage("vaporlux", customer)).data?.offerSoldHere).toBe(true);
    expect(all.data?.offerSoldHere).toBe(false);
  });
});
