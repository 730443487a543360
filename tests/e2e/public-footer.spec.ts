import { expect, test } from "./support/fixtures";

/** Footer links and the main heading each page must show. */
const FOOTER_PAGES: { href: string; heading: string }[] = [
  { href: "/about", heading: "About Us" },
  { href: "/services", heading: "Our Services" },
  { href: "/support", heading: "Customer Support" },
  { href: "/faq", heading: "Frequently Asked Questions" },
  { href: "/privacy-policy", heading: "Privacy Policy" },
  { href: "/terms", heading: "Terms & Conditions" },
  { href: "/shipping", heading: "Shipping & Delivery" },
  { href: "/return", heading: "Return Policy" },
  { href: "/disclaimer", heading: "Disclaimer" },
  { href: "/forgot", heading: "Forgot Password" },
  { href: "/contact", heading: "CONTACT US" },
];

test.describe("footer", () => {
  test("carries the nicotine warning, contact details and hours", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(/WARNING: This product contains nicotine/i)).toBeVisible();
    await expect(footer).toContainText("Nicotine is an addictive chemical.");
    await expect(footer.getByText("Hours: Mon-Sat 10am-6pm")).toBeVisible();
    await expect(footer.getByRole("link", { name: "(214) 555-0147" })).toHaveAttribute("href", /^tel:/);
    await expect(footer.getByRole("link", { name: "sales@example.com" })).toHaveAttribute(
      "href",
      "mailto:sales@example.com",
    );
    await expect(footer).toContainText("Dallas, TX");
  });

  test("links to every information page", async ({ page }) => {
    await page.goto("/");
    const links = page.getByRole("contentinfo").getByRole("link");
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    for (const { href } of FOOTER_PAGES) expect(hrefs, `footer links to ${href}`).toContain(href);
  });

  test("every footer page answers 200 and renders its heading", async ({ page, request }) => {
    for (const { href } of FOOTER_PAGES) {
      const res = await request.get(href);
      expect(res.status(), `${href} status`).toBe(200);
    }
    await page.goto("/");
    for (const { href, heading } of FOOTER_PAGES) {
      const footer = page.getByRole("contentinfo");
      await footer.locator(`a[href="${href}"]`).click();
      await expect(page, `clicked ${href}`).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
  });
});
