import "./support/env";
import type { APIRequestContext } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import { createCustomer, type TestAccount } from "./support/data";
import { expect, test } from "./support/fixtures";

const ORIGIN = process.env.BASE_URL as string;

async function freshProduct(priceCents: number, stock: number): Promise<number> {
  const { insertProduct } = await import("../../app/.server/catalog/product-writes");
  const tag = crypto.randomUUID().slice(0, 8);
  return insertProduct(
    getDb(),
    { sku: `ATK-${tag}`, name: `Attack ${tag}`, description: "", priceCents, stock, category: "novelty" },
    [],
  );
}

async function signedIn(request: APIRequestContext, account: TestAccount) {
  const res = await request.post("/login", {
    form: { identifier: account.email, password: account.password, redirectTo: "/" },
    headers: { Origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
}

async function addressOf(userId: string): Promise<string> {
  const row = await getDb()
    .selectFrom("addresses")
    .select("id")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function place(request: APIRequestContext, body: Record<string, string>) {
  return request.post("/checkout.data", { form: body, headers: { Origin: ORIGIN } });
}

test.describe("attacks on checkout and orders @desktop-only", () => {
  test("prices, totals and names sent by the browser are ignored", async ({ request }) => {
    const customer = await createCustomer();
    await signedIn(request, customer);
    const id = await freshProduct(4321, 10);
    const res = await place(request, {
      idempotencyKey: crypto.randomUUID(),
      addressId: await addressOf(customer.id),
      total: "1",
      priceCents: "1",
      lines: JSON.stringify([{ id, quantity: 2, priceCents: 1, price: 0.01, name: "Free" }]),
    });
    expect(res.status()).toBe(200);
    const order = await getDb()
      .selectFrom("orders")
      .selectAll()
      .where("user_id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(order.total_cents).toBe(8642);
    const items = await getDb().selectFrom("order_items").selectAll().where("order_id", "=", order.id).execute();
    expect(items.map((i) => [i.unit_price_cents, i.quantity, i.name.startsWith("Attack")])).toEqual([[4321, 2, true]]);
  });

  test("zero, negative, fractional, huge and non-numeric quantities are refused with nothing written", async ({
    request,
  }) => {
    const customer = await createCustomer();
    await signedIn(request, customer);
    const id = await freshProduct(100, 50);
    const addressId = await addressOf(customer.id);
    for (const quantity of [0, -1, 1.5, 10_001, 1e12, "3", null, "abc"]) {
      const res = await place(request, {
        idempotencyKey: crypto.randomUUID(),
        addressId,
        lines: JSON.stringify([{ id, quantity }]),
      });
      expect(res.status(), `quantity ${String(quantity)}`).toBe(400);
    }
    for (const lines of ["not json", "{}", "[]", JSON.stringify([{ id: "1 or 1=1", quantity: 1 }])]) {
      const res = await place(request, { idempotencyKey: crypto.randomUUID(), addressId, lines });
      expect(res.status(), lines).toBe(400);
    }
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", customer.id).execute()).toHaveLength(
      0,
    );
    const row = await getDb().selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.stock).toBe(50);
  });

  test("the same idempotency key twice gives one order", async ({ request }) => {
    const customer = await createCustomer();
    await signedIn(request, customer);
    const id = await freshProduct(100, 50);
    const body = {
      idempotencyKey: crypto.randomUUID(),
      addressId: await addressOf(customer.id),
      lines: JSON.stringify([{ id, quantity: 3 }]),
    };
    const [first, second] = await Promise.all([place(request, body), place(request, body)]);
    expect(first.status()).toBe(200);
    expect(second.status()).toBe(200);
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", customer.id).execute()).toHaveLength(
      1,
    );
    const row = await getDb().selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.stock).toBe(47);
  });

  test("another customer's order is unreachable by page, route data and action", async ({ playwright }) => {
    const owner = await createCustomer();
    const other = await createCustomer();
    const ownerApi = await playwright.request.newContext({ baseURL: ORIGIN });
    const otherApi = await playwright.request.newContext({ baseURL: ORIGIN });
    await signedIn(ownerApi, owner);
    await signedIn(otherApi, other);
    const id = await freshProduct(100, 50);
    await place(ownerApi, {
      idempotencyKey: crypto.randomUUID(),
      addressId: await addressOf(owner.id),
      lines: JSON.stringify([{ id, quantity: 1 }]),
    });
    const order = await getDb()
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect((await ownerApi.get(`/orders/${order.id}`)).status()).toBe(200);
    expect((await otherApi.get(`/orders/${order.id}`)).status()).toBe(404);
    expect((await otherApi.get(`/order-confirmation?order=${order.id}`)).status()).toBe(404);
    const data = await otherApi.get(`/orders/${order.id}.data`);
    expect(await data.text()).not.toContain("1500 Main St");
    const reorder = await otherApi.post(`/orders/${order.id}.data`, { form: {}, headers: { Origin: ORIGIN } });
    expect(reorder.status()).toBe(404);
    expect(await (await otherApi.get("/orders")).text()).not.toContain(`Order #${order.id}<`);
    // A visitor gets the login page, never the order.
    const visitor = await playwright.request.newContext({ baseURL: ORIGIN });
    const res = await visitor.get(`/orders/${order.id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toContain("/login?redirectTo=%2Forders%2F");
  });

  test("a visitor cannot check prices or place orders", async ({ request }) => {
    const id = await freshProduct(777, 5);
    const check = await request.post("/api/cart-check", {
      form: { lines: JSON.stringify([{ id, quantity: 1 }]) },
      headers: { Origin: ORIGIN },
      maxRedirects: 0,
    });
    expect(check.status()).toBe(302);
    expect(await check.text()).not.toContain("777");
    const res = await place(request, {
      idempotencyKey: crypto.randomUUID(),
      addressId: "x",
      lines: JSON.stringify([{ id, quantity: 1 }]),
    });
    expect(await res.text()).not.toContain("priceCents");
    const row = await getDb().selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.stock).toBe(5);
  });

  test("a cross-site order post is refused", async ({ request }) => {
    const customer = await createCustomer();
    await signedIn(request, customer);
    const id = await freshProduct(100, 5);
    const res = await request.post("/checkout", {
      form: {
        idempotencyKey: crypto.randomUUID(),
        addressId: await addressOf(customer.id),
        lines: JSON.stringify([{ id, quantity: 1 }]),
      },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status()).toBe(403);
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", customer.id).execute()).toHaveLength(
      0,
    );
  });
});
