import "./support/env";
import type { APIRequestContext } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { getDb } from "../../app/.server/db/instance";
import { saveToList } from "../../app/.server/lists/saved-lists";
import { assignCustomer, createPriceGroup, setGroupPrices } from "../../app/.server/pricing/groups";
import { loadPriceBook, unitPriceCents } from "../../app/.server/pricing/prices";
import type { CheckedLine } from "../../app/lib/cart-check";
import { sellingUnitOf, smallestQuantity } from "../../app/lib/quantity";
import { TEST_ADMIN } from "../support/actors";
import { freshProduct, placeOrderFor } from "./support/admin";
import { dataUrl, pageHeading, productPage } from "./support/catalog";
import { allProductPrices, createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { sessionCookieFor } from "./support/session";

/**
 * Prices never reach a visitor: not in HTML, route data, JSON, sitemaps or error pages
 * (DECISIONS.md, "The server is the authority"). Each response is searched for price keys and
 * for every product's formatted price; the signed-in check at the end proves the search works.
 */
const CATEGORY_SLUGS = ["disposable-vapes", "kratom", "novelty", "glass", "delta", "accessories", "all", "nope"];
const OTHER_PAGES = ["/contact", "/about", "/faq", "/shipping", "/login", "/register", "/forgot"];
const PRICE_KEYS = ["priceCents", '"price"', "price_cents", '"offers"'];

type Prices = Awaited<ReturnType<typeof allProductPrices>>;

function formattedPrices(products: Prices): Map<string, string[]> {
  const byText = new Map<string, string[]>();
  for (const p of products) {
    if (p.priceCents <= 0) continue;
    const text = money(p.priceCents);
    if (text === "$0.00") continue;
    byText.set(text, [...(byText.get(text) ?? []), `${p.id} ${p.name}`]);
  }
  return byText;
}

function leaks(body: string, prices: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const key of PRICE_KEYS) if (body.includes(key)) found.push(`key ${key}`);
  for (const [text, owners] of prices) {
    if (body.includes(text)) found.push(`${text} (price of ${owners.join("; ")})`);
  }
  return found;
}

async function expectNoLeak(request: APIRequestContext, path: string, prices: Map<string, string[]>, status = 200) {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), `status of ${path}`).toBe(status);
  const body = await res.text();
  expect(body.length, `body of ${path}`).toBeGreaterThan(0);
  expect(leaks(body, prices), `prices leaked to a visitor by ${path}`).toEqual([]);
}

test.describe("visitors never receive prices @desktop-only", () => {
  test("product pages and their route data", async ({ request }) => {
    const products = await allProductPrices();
    expect(products.length).toBeGreaterThan(0);
    const prices = formattedPrices(products);
    expect(prices.size).toBeGreaterThan(0);
    for (const p of products) {
      const page = await productPage(p.id);
      await expectNoLeak(request, page, prices);
      await expectNoLeak(request, dataUrl(page), prices);
    }
  });

  test("listings, home, search, error pages, sitemap and robots", async ({ request }) => {
    const prices = formattedPrices(await allProductPrices());
    for (const slug of CATEGORY_SLUGS) {
      await expectNoLeak(request, `/products/${slug}`, prices);
      await expectNoLeak(request, `/products/${slug}.data`, prices);
    }
    await expectNoLeak(request, "/", prices);
    await expectNoLeak(request, "/_.data", prices);
    await expectNoLeak(request, "/search?q=a", prices);
    await expectNoLeak(request, "/search.data?q=a", prices);
    // Brand pages, and listings and searches narrowed by every filter (issue 38): counts, never prices.
    const db = getDb();
    for (const { slug } of await db.selectFrom("brands").select("slug").execute()) {
      await expectNoLeak(request, `/brands/${slug}`, prices);
      await expectNoLeak(request, `/brands/${slug}.data`, prices);
    }
    const facets = await db.selectFrom("line_facets").select(["facet", "value"]).distinct().limit(40).execute();
    for (const { facet, value } of facets) {
      const query = new URLSearchParams({ [facet]: value, instock: "1", sold: "here" });
      await expectNoLeak(request, `/products/all?${query}`, prices);
      await expectNoLeak(request, `/products/all.data?${query}`, prices);
      await expectNoLeak(request, `/search?q=a&${query}`, prices);
      await expectNoLeak(request, `/search.data?q=a&${query}`, prices);
    }
    await expectNoLeak(request, "/sitemap.xml", prices);
    await expectNoLeak(request, "/robots.txt", prices);
    for (const path of OTHER_PAGES) await expectNoLeak(request, path, prices);
    await expectNoLeak(request, "/cart", prices);
    await expectNoLeak(request, "/cart.data", prices);
    await expectNoLeak(request, "/no-such-page", prices, 404);
    await expectNoLeak(request, "/no-such-page.data", prices, 404);
    await expectNoLeak(request, "/products/details/999999", prices, 404);
    await expectNoLeak(request, "/products/details/999999.data", prices, 404);
  });

  test("the cart price check refuses visitors", async ({ request }) => {
    const prices = formattedPrices(await allProductPrices());
    const product = (await allProductPrices()).find((p) => p.priceCents > 0);
    const res = await request.post("/api/cart-check", {
      form: { lines: JSON.stringify([{ id: product?.id, quantity: 1 }]) },
      headers: { Origin: new URL(test.info().project.use.baseURL ?? "http://localhost").origin },
      maxRedirects: 0,
    });
    expect(res.status(), "a visitor's cart check is refused or sent to log in").toBeGreaterThanOrEqual(300);
    expect(leaks(await res.text(), prices)).toEqual([]);
  });

  test("search suggestions for every word of every product name", async ({ request }) => {
    const products = await allProductPrices();
    const prices = formattedPrices(products);
    const words = new Set(
      products.flatMap((p) =>
        p.name
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 0),
      ),
    );
    expect(words.size).toBeGreaterThan(20);
    let withResults = 0;
    for (const word of words) {
      const path = `/api/search-suggestions?${new URLSearchParams({ q: word })}`;
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const body = await res.text();
      expect(leaks(body, prices), `prices leaked by ${path}`).toEqual([]);
      const json = JSON.parse(body) as { suggestions: Record<string, unknown>[] };
      if (json.suggestions.length > 0) withResults++;
      for (const s of json.suggestions) expect(Object.keys(s).sort()).toEqual(["id", "image", "name"]);
    }
    // The words come from product names, so (almost) every one finds something.
    expect(withResults).toBeGreaterThan(words.size / 2);
  });
});

/**
 * The shared visitor cache against customers who spell their session cookie as lenient parsers
 * still read it (issue 26, critical): while such customers crawl the cached pages (their own
 * prices and name rendered for them), visitors crawl the same pages at the same time and must
 * never receive a price, the customer's name or "Logout".
 */
test("customers sending odd cookie spellings while visitors crawl never leak into visitors' pages @desktop-only", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  const products = await allProductPrices();
  const prices = formattedPrices(products);
  const customer = await createCustomer();
  const { value } = await sessionCookieFor(customer.id);
  const spellings = [
    `store.session_token =${value}`,
    `store.session_token\t=${value}`,
    `\tstore.session_token=${value}`,
    `ageVerified=1;store.session_token=${value}`,
    `ageVerified=1 ;\tstore.session_token = ${value}; theme=dark`,
    `store.session_token="${value}"`,
  ];
  const paths = [
    "/",
    "/_.data",
    ...CATEGORY_SLUGS.slice(0, 6).flatMap((slug) => [`/products/${slug}`, `/products/${slug}.data`]),
    ...products.slice(0, 30).flatMap((p) => [`/products/details/${p.id}`, `/products/details/${p.id}.data`]),
    "/search?q=a",
    "/search.data?q=a",
    ...["kratom", "vape", "glass", "a"].map((q) => `/api/search-suggestions?${new URLSearchParams({ q })}`),
  ];
  const baseURL = process.env.BASE_URL as string;
  // Fresh contexts with no cookie jar: the cookie header is exactly what each request sends.
  const customers = await playwright.request.newContext({ baseURL });
  const visitors = await playwright.request.newContext({ baseURL });
  // The customer's own answers do carry prices (the attack reaches a signed-in render).
  const own = await customers.get(paths[2] as string, { headers: { cookie: spellings[0] as string } });
  expect(leaks(await own.text(), prices).length, "the customer sees prices with an odd spelling").toBeGreaterThan(0);

  const found: string[] = [];
  async function customerCrawl(cookie: string) {
    for (const path of paths) await (await customers.get(path, { headers: { cookie } })).body();
  }
  async function visitorCrawl() {
    for (let round = 0; round < 3; round++) {
      for (const path of paths) {
        const res = await visitors.get(path);
        const body = await res.text();
        for (const leak of leaks(body, prices)) found.push(`${path}: ${leak}`);
        if (body.includes(customer.name)) found.push(`${path}: the customer's name`);
        if (body.includes("Logout")) found.push(`${path}: "Logout"`);
      }
    }
  }
  await Promise.all([...spellings.map(customerCrawl), visitorCrawl(), visitorCrawl()]);
  // Once more after every customer request has been answered (and anything stored).
  await visitorCrawl();
  expect(found, "a customer's page reached visitors through the shared cache").toEqual([]);
  await customers.dispose();
  await visitors.dispose();
});

test("a signed-in customer does receive the prices the visitor checks look for", async ({ page }) => {
  const products = await allProductPrices();
  const product = products.find((p) => p.priceCents > 0);
  expect(product).toBeDefined();
  if (!product) return;
  const prices = formattedPrices(products);
  const price = money(product.priceCents);

  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto(`/products/details/${product.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(await pageHeading(product.id));
  await expect(page.getByRole("main").getByText(price, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Login to view pricing" })).toHaveCount(0);

  // The same checks that pass for visitors find the price in the customer's responses.
  const html = leaks(await (await page.request.get(await productPage(product.id))).text(), prices);
  expect(html).toContain("key priceCents");
  expect(html).toContain('key "price"');
  expect(
    html.some((f) => f.startsWith(`${price} `)),
    `the page's HTML shows ${price}`,
  ).toBe(true);
  const routeData = await (await page.request.get(dataUrl(await productPage(product.id)))).text();
  expect(leaks(routeData, prices)).toContain("key priceCents");
  const suggestions = await (
    await page.request.get(`/api/search-suggestions?${new URLSearchParams({ q: product.name })}`)
  ).text();
  expect(leaks(suggestions, prices)).toContain("key priceCents");
});

/**
 * A customer of one price group never receives another price (issue 16): every page they can
 * reach is searched for the formatted list price and the other group's price of every product
 * that is not also one of their own group's prices (card price or a quantity break).
 */
test("a customer of a price group receives only their group's prices @desktop-only", async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  // Two products of this test's own, for an order placed through the checkout.
  const ordered = [
    await freshProduct({ name: `Leak Order A ${suffix}`, priceCents: 4321, stock: 50 }),
    await freshProduct({ name: `Leak Order B ${suffix}`, priceCents: 8765, stock: 50 }),
  ];
  const products = await getDb()
    .selectFrom("products")
    .select(["id", "sku", "name", "price_cents", "case_pack", "min_quantity", "max_quantity"])
    .orderBy("id")
    .execute();
  const odd = await createPriceGroup(
    getDb(),
    { name: `Leak Odd ${suffix}`, kind: "percent", percentOffBp: 1370 },
    TEST_ADMIN,
  );
  const other = await createPriceGroup(
    getDb(),
    { name: `Leak Other ${suffix}`, kind: "explicit", percentOffBp: 0 },
    TEST_ADMIN,
  );
  await setGroupPrices(
    getDb(),
    other,
    products.map((p) => ({ sku: p.sku, priceCents: Math.max(0, p.price_cents - 7) })),
    TEST_ADMIN,
  );
  const customer = await createCustomer();
  await assignCustomer(getDb(), odd, customer.email, TEST_ADMIN);

  const ids = products.map((p) => p.id);
  const ours = await loadPriceBook(getDb(), customer.id, ids);
  /**
   * Every price this customer may see right now: their price of every product as the catalog is
   * at this moment. Other tests add products and change prices while this one crawls, so it is
   * read again before each page (a leak is a price that is none of these).
   */
  const allowed = new Set<string>();
  async function readAllowed() {
    const now = await getDb()
      .selectFrom("products")
      .select(["id", "price_cents", "case_pack", "min_quantity", "max_quantity"])
      .execute();
    const book = await loadPriceBook(
      getDb(),
      customer.id,
      now.map((p) => p.id),
    );
    for (const p of now) {
      const unit = sellingUnitOf({ casePack: p.case_pack, minQuantity: p.min_quantity, maxQuantity: p.max_quantity });
      const product = { id: p.id, priceCents: p.price_cents };
      // Each unit price, and for a product sold by the case the case's price too (the volume table).
      const quantities = [smallestQuantity(unit), ...(book.tiers.get(p.id) ?? []).map((t) => t.minQuantity)];
      for (const quantity of quantities) {
        const cents = unitPriceCents(book, product, quantity);
        allowed.add(money(cents));
        if (p.case_pack > 1) allowed.add(money(cents * p.case_pack));
      }
    }
  }
  await readAllowed();
  const forbidden = new Map<string, string>();
  for (const p of products) {
    for (const cents of [p.price_cents, Math.max(0, p.price_cents - 7)]) {
      const text = money(cents);
      if (cents > 0 && !allowed.has(text)) forbidden.set(text, `${p.id} ${p.name}`);
    }
  }
  expect(forbidden.size).toBeGreaterThan(0);

  await logIn(page, customer);
  // A forbidden price on a page, with the words around it (what showed it), unless it is also one
  // of the customer's own prices by now.
  const found = (body: string) =>
    [...forbidden]
      .filter(([text]) => body.includes(text) && !allowed.has(text))
      .map(([t, o]) => {
        const at = body.indexOf(t);
        return `${t} (${o}) in …${body.slice(Math.max(0, at - 160), at + 20).replace(/\s+/g, " ")}…`;
      });
  // Every product in a saved list of theirs, so the list page shows a price for each.
  const saved = await saveToList(
    getDb(),
    customer.id,
    { newName: `Leak list ${suffix}` },
    products.slice(0, 200).map((p) => ({ productId: p.id, quantity: 1 })),
    "fit",
  );
  const paths = [
    "/",
    ...CATEGORY_SLUGS.map((slug) => `/products/${slug}`),
    "/products/all?sort=price-asc",
    "/products/all?sort=price-desc",
    "/search?q=a",
    ...products.map((p) => `/products/details/${p.id}`),
    "/quick-order",
    `/quick-order?${new URLSearchParams({ suggest: products[0]?.sku.slice(0, 4) ?? "a" })}`,
    "/account/lists",
    `/account/lists/${saved?.list.id}`,
  ];
  for (const path of paths) {
    await readAllowed();
    const res = await page.request.get(path);
    expect(res.status(), path).toBeLessThan(500);
    expect(found(await res.text()), `another price reached the group's customer on ${path}`).toEqual([]);
  }
  // A quick order of every product, as the page posts it.
  const quick = await page.request.post("/quick-order", {
    form: { paste: products.map((p) => `${p.sku}\t${p.min_quantity}`).join("\n") },
    headers: { origin: process.env.BASE_URL as string },
  });
  expect(quick.status()).toBeLessThan(500);
  expect(found(await quick.text()), "another price reached the group's customer in a quick order").toEqual([]);
  // Suggestions carry cents: each one is the group's price.
  for (const p of products.slice(0, 40)) {
    const res = await page.request.get(`/api/search-suggestions?${new URLSearchParams({ q: p.name })}`);
    const json = (await res.json()) as { suggestions: { id: number; priceCents: number }[] };
    for (const s of json.suggestions) {
      const row = products.find((x) => x.id === s.id);
      if (!row) continue;
      const unit = sellingUnitOf({
        casePack: row.case_pack,
        minQuantity: row.min_quantity,
        maxQuantity: row.max_quantity,
      });
      expect(s.priceCents, `suggested price of ${row.name}`).toBe(
        unitPriceCents(ours, { id: row.id, priceCents: row.price_cents }, smallestQuantity(unit)),
      );
    }
  }
  // The cart's price check answers cents: each is the group's price at the line's quantity.
  const checkLines = products.slice(0, 200).map((p) => ({
    id: p.id,
    quantity: smallestQuantity(
      sellingUnitOf({ casePack: p.case_pack, minQuantity: p.min_quantity, maxQuantity: p.max_quantity }),
    ),
  }));
  const checked = await page.request.post("/api/cart-check", {
    form: { lines: JSON.stringify(checkLines) },
    headers: { origin: process.env.BASE_URL as string },
  });
  expect(checked.status()).toBe(200);
  const checkedLines = ((await checked.json()) as { data: { lines: CheckedLine[] } }).data.lines;
  expect(checkedLines.length).toBe(checkLines.length);
  for (const line of checkedLines) {
    const row = products.find((x) => x.id === line.id);
    if (!row || !line.product) continue;
    expect(line.product.priceCents, `checked price of ${row.name}`).toBe(
      unitPriceCents(ours, { id: row.id, priceCents: row.price_cents }, line.quantity),
    );
  }
  // An order through the checkout: its confirmation, My Orders, the order, the invoice and the mail.
  const orderId = await placeOrderFor(
    customer,
    ordered.map((id) => ({ id, quantity: 2 })),
  );
  const orderPaths = ["/orders", `/orders/${orderId}`, `/order-confirmation?order=${orderId}`];
  for (const path of orderPaths) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    const body = await res.text();
    expect(found(body), `another price reached the group's customer on ${path}`).toEqual([]);
  }
  const orderPage = await (await page.request.get(`/orders/${orderId}`)).text();
  const groupPrice = money(unitPriceCents(ours, { id: ordered[0] as number, priceCents: 4321 }, 2));
  expect(orderPage).toContain(groupPrice);
  const invoice = await page.request.get(`/orders/${orderId}/invoice.pdf`);
  expect(invoice.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await invoice.body())), {
    mergePages: true,
  });
  expect(text).toContain(groupPrice);
  expect(found(text), "another price reached the group's customer in the invoice").toEqual([]);
  const mail = await waitForMail(customer.email, new RegExp(`#${orderId}\\b`));
  expect(mail.text).toContain(groupPrice);
  expect(found(`${mail.text}\n${mail.html}`), "another price reached the group's customer in the mail").toEqual([]);

  // The check can fail: the same crawl finds list prices for a customer of no group.
  await page.context().clearCookies();
  await logIn(page, await createCustomer());
  const plain = await page.request.get(`/products/details/${products[0]?.id}`);
  expect(found(await plain.text()).length).toBeGreaterThan(0);
});

/**
 * What the store paid never reaches a customer (issue 39): a product bought from a supplier at a
 * cost of its own, received in a published lot and ordered, is read by its buyer everywhere they
 * can reach it (its page and route data, the lot's public page, search suggestions, the order and
 * its invoice) and by a visitor; no response carries the cost, the supplier's SKU or a cost key.
 */
test("customers and visitors never receive a supplier's cost or SKU @desktop-only", async () => {
  const { createSupplier, saveSupplierItem } = await import("../../app/.server/inventory/suppliers");
  const { createPurchaseOrder, findPurchaseOrder, receivePurchaseOrder, sendPurchaseOrder } = await import(
    "../../app/.server/inventory/purchase-orders"
  );
  const { publishLot } = await import("../../app/.server/inventory/lot-admin");
  const { storeDocument } = await import("../../app/.server/media/documents");
  const db = getDb();
  const tagged = crypto.randomUUID().slice(0, 8);
  const name = `Cost Probe ${tagged}`;
  const productId = await freshProduct({ name, priceCents: 2_000, stock: 0 });
  const sku = (await db.selectFrom("products").select("sku").where("id", "=", productId).executeTakeFirstOrThrow()).sku;
  const supplierSku = `SUPSKU-${tagged}`;
  const supplierId = await createSupplier(
    db,
    {
      name: `Cost Supply ${tagged}`,
      email: "cost@supplier.test",
      phone: "",
      leadTimeDays: 4,
      terms: "",
      notes: "",
      active: true,
    },
    TEST_ADMIN,
  );
  await saveSupplierItem(
    db,
    supplierId,
    { sku, supplierSku, unitCostCents: 7_391, packSize: 1, preferred: true },
    TEST_ADMIN,
  );
  const po = await createPurchaseOrder(db, supplierId, [{ sku, quantity: 5 }], TEST_ADMIN);
  await sendPurchaseOrder(db, po.id, TEST_ADMIN);
  const line = (await findPurchaseOrder(db, po.id))?.lines[0];
  const lotCode = `COST-${tagged}`;
  const report = await storeDocument(Buffer.from("%PDF-1.4\n%%EOF\n"), "coa.pdf");
  await receivePurchaseOrder(
    db,
    po.id,
    [
      {
        lineId: line?.id ?? 0,
        quantity: 5,
        lotCode,
        expiresOn: null,
        batchDate: null,
        delta9Ug: null,
        thcaUg: null,
        index: 0,
      },
    ],
    new Map([[0, report]]),
    TEST_ADMIN,
  );
  const lot = await db.selectFrom("lots").select("id").where("code", "=", lotCode).executeTakeFirstOrThrow();
  await publishLot(db, lot.id, true, TEST_ADMIN);
  const customer = await createCustomer();
  const orderId = await placeOrderFor(customer, [{ id: productId, quantity: 2 }]);

  const secrets = ["$73.91", "73.91", "7391", supplierSku, "unitCost", "unit_cost", "costCents", "Cost Supply"];
  const page = await productPage(productId);
  const paths = [
    page,
    dataUrl(page),
    `/lots/${lotCode}`,
    `/lots/${lotCode}.data`,
    `/api/search-suggestions?${new URLSearchParams({ q: name })}`,
    `/search?${new URLSearchParams({ q: sku })}`,
    `/orders/${orderId}`,
    `/orders/${orderId}.data`,
  ];
  const { apiSignedIn, apiVisitor } = await import("./support/admin");
  for (const api of [await apiSignedIn(customer), await apiVisitor()]) {
    for (const path of paths) {
      const res = await api.get(path, { maxRedirects: 0 });
      const body = await res.text();
      expect(
        secrets.filter((s) => body.includes(s)),
        `${path} (${res.status()})`,
      ).toEqual([]);
    }
    await api.dispose();
  }
  // The buyer's page does show the lot's report: the search above looked at a page that has it.
  const buyer = await apiSignedIn(customer);
  expect(await (await buyer.get(page)).text()).toContain(lotCode);
  const invoice = await buyer.get(`/orders/${orderId}/invoice.pdf`);
  if (invoice.status() === 200) {
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await invoice.body())))).text.join(" ");
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
    expect(text).toContain(lotCode);
  }
  await buyer.dispose();
});
