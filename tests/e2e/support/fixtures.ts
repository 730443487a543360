import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { throttleLikeASlowPhone } from "../../support/slow-phone";
import type { TestAccount } from "./data";
import { sessionCookieFor } from "./session";

/**
 * The test object of the journeys. By default the visitor has already passed the age gate
 * (tests of the gate itself use `test.use({ ageVerified: false })`).
 *
 * Nothing waits for the page's JavaScript: a test types and taps as soon as what it needs is on
 * screen, as a person does (the store must work from the first paint, issue 12).
 */
export const test = base.extend<{ ageVerified: boolean; slowPhone: boolean }>({
  ageVerified: [true, { option: true }],
  /** Set by the slow-phone project (playwright.config.ts): 4x slower CPU, slow 4G. */
  slowPhone: [false, { option: true }],
  page: async ({ page, ageVerified, slowPhone }, use) => {
    if (ageVerified) await page.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    if (slowPhone) await throttleLikeASlowPhone(page);
    await use(page);
  },
});

export { expect };

/**
 * Resolves once React has hydrated the page (its root element carries React's fiber). Only for
 * tests that check behaviour which exists only with JavaScript (a paused clock driving the
 * carousel...); journeys do not wait for it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const main = document.getElementById("main");
          return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
        }),
      { message: "page hydrated" },
    )
    .toBe(true);
}

const SCRIPTS = /\/assets\/.*\.js$/;

/**
 * Holds the page's JavaScript back until `release` is called: what a slow phone shows between the
 * first paint and hydration, for as long as a test needs to type and tap into it.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let open: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(SCRIPTS, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return async () => {
    open();
  };
}

/**
 * Signs `account` in by giving the browser a session made directly in the database (no Log In
 * screen, no password hashing): for every journey that is not about logging in. Does not navigate.
 */
export async function logIn(page: Page, account: Pick<TestAccount, "id">): Promise<void> {
  await signInContext(page.context(), account);
}

export async function signInContext(context: BrowserContext, account: Pick<TestAccount, "id">): Promise<void> {
  await context.addCookies([await sessionCookieFor(account.id)]);
}

/** Logs in through the Log In screen and waits for the landing page (tests of logging in). */
export async function logInWithForm(page: Page, account: Pick<TestAccount, "email" | "password">, identifier?: string) {
  await page.goto("/login");
  await page.getByLabel("Email or username").fill(identifier ?? account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();
}

/** Formats cents the way the store shows prices. */
export function money(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}
