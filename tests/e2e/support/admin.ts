import "./env";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request,
} from "@playwright/test";
import sharp from "sharp";
import { getDb } from "../../../app/.server/db/instance";
import type { TestAccount } from "./data";
import { E2E_DATA_DIR } from "./env";
import { signInContext } from "./fixtures";

/**
 * Helpers of the back-office journeys: products with known prices and stock written straight
 * to the test server's database, orders placed through the real checkout endpoint, generated
 * images, and look-ups of what the server stored (rows, image order, media files).
 */

export const ORIGIN = process.env.BASE_URL as string;
export const MEDIA_DIR = path.resolve(E2E_DATA_DIR, "media");

export function tag(): string {
  return crypto.randomUUID().slice(0, 8);
}

export async function freshProduct(input: {
  name: string;
  priceCents: number;
  stock: number;
  category?: string;
}): Promise<number> {
  const { insertProduct } = await import("../../../app/.server/catalog/product-writes");
  return insertProduct(
    getDb(),
    {
      sku: `ADM-${tag()}`,
      name: input.name,
      description: `${input.name} for back-office tests`,
      priceCents: input.priceCents,
      stock: input.stock,
      category: input.category ?? "novelty",
    },
    [],
  );
}

export async function productRow(id: number) {
  return getDb().selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function productsNamed(name: string) {
  return getDb().selectFrom("products").selectAll().where("name", "=", name).execute();
}

/** The media keys of a product's images, in display order. */
export async function imageKeys(productId: number): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("product_images")
    .select("media_key")
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.media_key);
}

export async function stockOf(id: number): Promise<number> {
  const row = await getDb().selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
  return row.stock;
}

export async function orderStatus(id: number): Promise<string> {
  const row = await getDb().selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow();
  return row.status;
}

export async function setOrderStatusInDb(id: number, status: string): Promise<void> {
  await getDb().updateTable("orders").set({ status }).where("id", "=", id).execute();
}

/** Fills in a customer's profile (what the admin Users table shows). */
export async function setProfile(
  userId: string,
  profile: { phone: string; address: string; city: string; state: string; zip: string },
): Promise<void> {
  await getDb().updateTable("users").set(profile).where("id", "=", userId).execute();
}

/** A request context of its own, logged in through the Log In form post. */
export async function apiSignedIn(account: Pick<TestAccount, "email" | "password">): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: ORIGIN });
  const res = await api.post("/login", {
    form: { identifier: account.email, password: account.password, redirectTo: "/" },
    headers: { Origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(res.status(), "log in through POST /login").toBe(302);
  return api;
}

/** A visitor's request context (no session). */
export async function apiVisitor(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: ORIGIN });
}

/**
 * Places an order for `customer` through the real checkout endpoint (stock taken, prices from
 * the database); returns its id.
 */
export async function placeOrderFor(customer: TestAccount, lines: { id: number; quantity: number }[]): Promise<number> {
  const db = getDb();
  const address = await db
    .selectFrom("addresses")
    .select("id")
    .where("user_id", "=", customer.id)
    .executeTakeFirstOrThrow();
  const api = await apiSignedIn(customer);
  const key = crypto.randomUUID();
  const res = await api.post("/checkout.data", {
    form: { idempotencyKey: key, addressId: address.id, lines: JSON.stringify(lines) },
    headers: { Origin: ORIGIN },
  });
  expect(res.status(), "order placed").toBe(200);
  await api.dispose();
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", customer.id)
    .where("idempotency_key", "=", key)
    .executeTakeFirstOrThrow();
  return order.id;
}

/** A PNG of one colour. */
export function pngImage(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

/** A JPEG with a diagonal gradient-ish pattern (two colours), so it is not trivially small. */
export async function jpegImage(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="rgb(${rgb.join(",")})"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="white"/></svg>`,
  );
  return sharp(svg).jpeg({ quality: 85 }).toBuffer();
}

/** The key the server gives an upload (first 32 hex digits of its SHA-256). */
export function mediaKeyOf(buf: Buffer): string {
  return crypto.createHash("sha256").update(buf).digest("hex").slice(0, 32);
}

/** Every file under the test server's media folder, as paths relative to it. */
export async function mediaFiles(): Promise<string[]> {
  try {
    const entries = await fs.readdir(MEDIA_DIR, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(MEDIA_DIR, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** The media keys some product in the database uses. */
export async function usedMediaKeys(): Promise<Set<string>> {
  const rows = await getDb().selectFrom("product_images").select("media_key").execute();
  return new Set(rows.map((r) => r.media_key));
}

export async function mediaFileExists(name: string): Promise<boolean> {
  try {
    await fs.access(path.join(MEDIA_DIR, name));
    return true;
  } catch {
    return false;
  }
}

/** A second browser context (another person), past the age gate, with the project's device settings. */
export async function otherPerson(
  browser: Browser,
  options: { viewport?: { width: number; height: number } | null } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: ORIGIN, ...options });
  await context.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
  return context;
}

/** Signs `account` in on a page of another context (a session of its own; no navigation). */
export async function logInOn(page: Page, account: Pick<TestAccount, "id">): Promise<void> {
  await signInContext(page.context(), account);
}
