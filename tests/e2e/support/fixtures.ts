import { test as base, expect, type Page } from "@playwright/test";
import type { TestAccount } from "./data";

/**
 * The test object of the journeys. By default the visitor has already passed the age gate
 * (tests of the gate itself use `test.use({ ageVerified: false })`).
 */
export const test = base.extend<{ ageVerified: boolean }>({
  ageVerified: [true, { option: true }],
  page: async ({ page, ageVerified }, use) => {
    if (ageVerified) await page.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    // Every page.goto waits until React has hydrated, so typing and clicking reach live handlers.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});

export { expect };

/** Resolves once the app has hydrated (or at once for documents that are not app pages). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      !(window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext ||
      document.documentElement.hasAttribute("data-hydrated"),
  );
}

/** Logs in through the Log In screen and waits for the landing page. */
export async function logIn(page: Page, account: Pick<TestAccount, "email" | "password">, identifier?: string) {
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
