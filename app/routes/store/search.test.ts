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

async function searchPage(q: string, viewer: Viewer | null) {
  const url = new URL(`http://localhost:3000/search?${new URLSearchParams({ q })}`);
  try {
    return {
      data: await searchLoader({ url, request: new Request(url), params: {}, context: contextFor(viewer) } as never),
    };
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
    const visitor = await searchPage("vaporlx", null);
    expect(visitor.data?.products.map((p) => p.name)).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(JSON.stringify(visitor.data)).not.toContain(String(PRICE_CENTS));
    const mine = await searchPage("vaporlx", customer);
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
});
