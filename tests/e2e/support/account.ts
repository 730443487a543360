import "./env";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { getDb } from "../../../app/.server/db/instance";
import { uniqueSuffix } from "./data";
import { E2E_DATA_DIR } from "./env";
import { signInContext, waitForHydration } from "./fixtures";

/**
 * Helpers of the account journeys: the header's account links on both layouts, the Register
 * form, database look-ups for checks the browser cannot see, and the admin CLI.
 */

/** The origin of the test server (what a same-origin form post carries in its Origin header). */
export const APP_ORIGIN = process.env.BASE_URL as string;
export const SESSION_COOKIE = "store.session_token";
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** True on the phone project (the header collapses below the md breakpoint, 768px). */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

export { waitForHydration };

/**
 * Where the header's account links (My Account / Logout or Login / Register) and the category
 * nav are: the header on desktop; on phones the Menu, which this opens.
 */
export async function headerMenu(page: Page): Promise<Locator> {
  if (!isPhone(page)) return page.getByRole("banner");
  const menu = page.getByRole("navigation", { name: "Menu" });
  if (!(await menu.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** The category nav (where the Admin Dashboard link lives): desktop bar, or the phone Menu. */
export async function siteNav(page: Page): Promise<Locator> {
  if (isPhone(page)) return headerMenu(page);
  return page.getByRole("navigation", { name: "Categories" });
}

export async function expectSignedOut(page: Page): Promise<void> {
  const links = await headerMenu(page);
  await expect(links.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(links.getByRole("link", { name: "Register", exact: true })).toBeVisible();
  await expect(links.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(links.getByRole("link", { name: "My Account" })).toHaveCount(0);
}

export async function expectSignedIn(page: Page): Promise<void> {
  const links = await headerMenu(page);
  await expect(links.getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(links.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(links.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
}

/** Logs out with the header's Logout button and checks the visitor header is back. */
export async function logOutFromHeader(page: Page): Promise<void> {
  const links = await headerMenu(page);
  await links.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);
}

/** Fills the Log In form (without asserting the outcome). */
export async function submitLogin(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
}

export interface Registration {
  name: string;
  username: string;
  email: string;
  password: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
  dob?: string;
  gender?: "Male" | "Female" | "Other";
}

export function newRegistration(overrides: Partial<Registration> = {}): Registration {
  const suffix = uniqueSuffix();
  return {
    name: `Shop Owner ${suffix}`,
    username: `owner_${suffix}`,
    email: `owner-${suffix}@shop.test`,
    password: `pw-${suffix}-register`,
    address: "2200 Elm St",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    ...overrides,
  };
}

/** Fills and submits the 'Create an Account' form on /register. */
export async function submitRegistration(page: Page, r: Registration): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(r.name);
  await page.getByRole("textbox", { name: "Username", exact: true }).fill(r.username);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(r.email);
  await page.getByLabel("Password").fill(r.password);
  await page.getByRole("textbox", { name: "Street address" }).fill(r.address);
  await page.getByRole("textbox", { name: "City" }).fill(r.city);
  await page.getByRole("combobox", { name: "State" }).selectOption(r.state);
  await page.getByRole("textbox", { name: "ZIP code" }).fill(r.zip);
  if (r.phone) await page.getByRole("textbox", { name: "Phone" }).fill(r.phone);
  if (r.dob) await page.getByLabel("Date of birth").fill(r.dob);
  if (r.gender) await page.getByRole("combobox", { name: "Gender" }).selectOption(r.gender);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** The Register form's fields as a form post (for requests made without the browser). */
export function registrationForm(r: Registration): Record<string, string> {
  return {
    name: r.name,
    username: r.username,
    email: r.email,
    password: r.password,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    phone: r.phone ?? "",
    dob: r.dob ?? "",
    gender: r.gender ?? "",
  };
}

export interface StoredUser {
  id: string;
  email: string;
  username: string | null;
  role: string;
  emailVerified: boolean;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  dob: string | null;
  gender: string | null;
}

/** Every account stored with this email (normally zero or one). */
export async function usersWithEmail(email: string): Promise<StoredUser[]> {
  const rows = await getDb()
    .selectFrom("users")
    .select(["id", "email", "username", "role", "email_verified", "phone", "address", "city", "state", "zip"])
    .select(["dob", "gender"])
    .where("email", "=", email.trim().toLowerCase())
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    role: r.role,
    emailVerified: !!r.email_verified,
    phone: r.phone,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    dob: r.dob,
    gender: r.gender,
  }));
}

export async function findUser(email: string): Promise<StoredUser | undefined> {
  return (await usersWithEmail(email))[0];
}

export async function usernameTaken(username: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom("users")
    .select("id")
    .where("username", "=", username.toLowerCase())
    .executeTakeFirst();
  return !!row;
}

export async function setEmailVerified(email: string, verified: boolean): Promise<void> {
  await getDb()
    .updateTable("users")
    .set({ email_verified: verified ? 1 : 0 })
    .where("email", "=", email.toLowerCase())
    .execute();
}

export async function sessionCount(userId: string): Promise<number> {
  const row = await getDb()
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs `npm run admin:create` (its script) against the test server's database; returns its output. */
export function runAdminCreate(args: string[]): string {
  return execFileSync("npx", ["tsx", "scripts/admin-create.ts", ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: "" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Stored shipping addresses with this business name (any owner). */
export async function addressesNamed(businessName: string) {
  return getDb().selectFrom("addresses").selectAll().where("business_name", "=", businessName).execute();
}

/** A second browser (another device) signed in as `account` (a session of its own, no page open yet). */
export async function signedInDevice(
  browser: Browser,
  baseURL: string | undefined,
  account: { id: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
  await signInContext(context, account);
  const page = await context.newPage();
  return { context, page };
}
