import "./support/env";
import type { APIRequestContext } from "@playwright/test";
import { siteNav } from "./support/account";
import {
  apiSignedIn,
  apiVisitor,
  freshProduct,
  ORIGIN,
  orderStatus,
  placeOrderFor,
  pngImage,
  productRow,
  productsNamed,
  stockOf,
  tag,
} from "./support/admin";
import { createAdminAccount, createCustomer, type TestAccount } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

const PAGES = [
  "/admin",
  "/admin/products",
  "/admin/orders",
  "/admin/users",
  "/admin/audit",
  "/admin/products/new",
  "/admin/products/1",
];
const DATA = [
  "/admin.data",
  "/admin/products.data",
  "/admin/orders.data",
  "/admin/users.data",
  "/admin/audit.data",
  "/admin/products/new.data",
  "/admin/products/1.data",
];

interface Target {
  productId: number;
  orderId: number;
  customer: TestAccount;
}

async function target(): Promise<Target> {
  const customer = await createCustomer();
  const productId = await freshProduct({ name: `Guarded ${tag()}`, priceCents: 4321, stock: 12 });
  const orderId = await placeOrderFor(customer, [{ id: productId, quantity: 2 }]);
  return { productId, orderId, customer };
}

/** Every admin action, as a page post and as a route-data post; all must be refused with 403. */
async function attackEveryAction(api: APIRequestContext, t: Target, newName: string): Promise<void> {
  const image = { name: "x.png", mimeType: "image/png", buffer: await pngImage(10, 10, [1, 2, 3]) };
  const product = {
    name: newName,
    price: "1.00",
    quantity: "999",
    category: "glass",
    description: "",
    intent: "save",
  };
  const posts: { path: string; body: { form: Record<string, string> } | { multipart: Record<string, unknown> } }[] = [
    { path: "/admin/products", body: { form: { intent: "delete", id: String(t.productId) } } },
    {
      path: "/admin/products",
      body: { form: { intent: "bulk", ids: String(t.productId), price: "1", quantity: "0" } },
    },
    { path: "/admin/products/new", body: { multipart: { ...product, images: image } } },
    { path: `/admin/products/${t.productId}`, body: { multipart: { ...product, images: image } } },
    { path: "/admin/orders", body: { form: { orderId: String(t.orderId), seen: "Processing", status: "Cancelled" } } },
  ];
  for (const { path, body } of posts) {
    for (const url of [path, `${path}.data`]) {
      const res = await api.post(url, {
        ...(body as object),
        headers: { Origin: ORIGIN },
        maxRedirects: 0,
      });
      expect(res.status(), `POST ${url}`).toBe(403);
      expect(await res.text(), `POST ${url}`).not.toContain("updated.");
    }
  }
}

async function expectUntouched(t: Target, newName: string): Promise<void> {
  expect(await productRow(t.productId)).toMatchObject({ price_cents: 4321, stock: 10, name: expect.any(String) });
  expect(await stockOf(t.productId)).toBe(10);
  expect(await orderStatus(t.orderId)).toBe("Processing");
  expect(await productsNamed(newName)).toEqual([]);
}

test.describe("@desktop-only the back office refuses everyone but admins", () => {
  test("a visitor is sent home from admin pages and gets 403 for admin data and actions", async () => {
    const t = await target();
    const api = await apiVisitor();
    for (const path of PAGES) {
      const res = await api.get(path, { maxRedirects: 0 });
      expect(res.status(), `GET ${path}`).toBe(302);
      expect(res.headers().location, `GET ${path}`).toBe("/");
    }
    for (const path of DATA) {
      const res = await api.get(path, { maxRedirects: 0 });
      expect(res.status(), `GET ${path}`).toBe(403);
      expect(await res.text(), `GET ${path}`).not.toContain("@shop.test");
    }
    const newName = `Smuggled ${tag()}`;
    await attackEveryAction(api, t, newName);
    await expectUntouched(t, newName);
    await api.dispose();
  });

  test("a verified customer is sent home from admin pages and gets 403 for admin data and actions", async () => {
    const t = await target();
    const api = await apiSignedIn(t.customer);
    // The session works: the customer's own pages answer.
    expect((await api.get("/account", { maxRedirects: 0 })).status()).toBe(200);
    for (const path of PAGES) {
      const res = await api.get(path, { maxRedirects: 0 });
      expect(res.status(), `GET ${path}`).toBe(302);
      expect(res.headers().location, `GET ${path}`).toBe("/");
    }
    for (const path of DATA) {
      const res = await api.get(path, { maxRedirects: 0 });
      expect(res.status(), `GET ${path}`).toBe(403);
      const text = await res.text();
      expect(text, `GET ${path}`).not.toContain("4321");
      expect(text, `GET ${path}`).not.toContain("@shop.test");
    }
    const newName = `Smuggled ${tag()}`;
    await attackEveryAction(api, t, newName);
    await expectUntouched(t, newName);
    await api.dispose();
  });

  test("an admin's session passes the same checks (the attacks above would have worked for an admin)", async () => {
    const t = await target();
    const api = await apiSignedIn(await createAdminAccount());
    for (const path of PAGES) expect((await api.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    for (const path of DATA) expect((await api.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    const res = await api.post("/admin/orders", {
      form: { orderId: String(t.orderId), seen: "Processing", status: "Cancelled" },
      headers: { Origin: ORIGIN },
    });
    expect(res.status()).toBe(200);
    expect(await orderStatus(t.orderId)).toBe("Cancelled");
    expect(await stockOf(t.productId)).toBe(12);
    // ...but not from another site.
    const cross = await api.post("/admin/products", {
      form: { intent: "delete", id: String(t.productId) },
      headers: { Origin: "https://evil.example" },
    });
    expect(cross.status()).toBe(403);
    expect(await productRow(t.productId)).toBeDefined();
    await api.dispose();
  });
});

test("a customer gets no Admin Dashboard link and opening /admin lands on the home page", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/");
  const nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  for (const path of ["/admin", "/admin/orders", "/admin/products/new"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);
  }
});
