import { uniqueSuffix } from "./support/data";
import { STORE_INBOX } from "./support/env";
import { expect, test } from "./support/fixtures";
import { mailsTo, waitForMail } from "./support/mail";

test.describe("contact page", () => {
  test("shows the store's phone, email and opening hours", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("CONTACT US");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "(214) 555-0147" })).toHaveAttribute("href", "tel:2145550147");
    await expect(main.getByRole("link", { name: "sales@example.com" })).toHaveAttribute(
      "href",
      "mailto:sales@example.com",
    );
    await expect(main.getByText("Mon-Sat 10am-6pm")).toBeVisible();
    await expect(main.getByRole("heading", { name: "Get In Touch" })).toBeVisible();
  });

  test("an empty form shows errors beside Name, Email and the robot checkbox", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const name = page.getByRole("textbox", { name: "Name" });
    const email = page.getByRole("textbox", { name: "Email" });
    const robot = page.getByRole("checkbox", { name: "I'm not a robot" });
    await expect(name).toHaveAccessibleDescription("Please enter your name.");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Please enter your email address.");
    await expect(robot).toHaveAccessibleDescription("Please confirm you are not a robot.");
    await expect(page.getByRole("alert").filter({ hasText: "Please enter your name." })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Phone" })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/Thank you! Your message has been sent/)).toHaveCount(0);

    // A bad email is refused too, with the other fields kept valid.
    await name.fill("Pat");
    await email.fill("not-an-email");
    await robot.check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a valid message is confirmed and mailed to the store inbox", async ({ page }) => {
    const suffix = uniqueSuffix();
    const sender = `Retailer ${suffix}`;
    const before = (await mailsTo(STORE_INBOX)).filter((m) => m.subject.includes(sender));
    expect(before).toEqual([]);

    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Name" }).fill(sender);
    await page.getByRole("textbox", { name: "Email" }).fill(`owner-${suffix}@corner.test`);
    await page.getByRole("textbox", { name: "Phone" }).fill("(214) 555-0199");
    await page.getByRole("textbox", { name: "Message" }).fill(`Please call me about a vape order ${suffix}.`);
    await page.getByRole("checkbox", { name: "I'm not a robot" }).check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Thank you! Your message has been sent. We will get back to you within one business day."),
    ).toBeVisible();
    // The form is cleared for the next message.
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("");

    const mail = await waitForMail(STORE_INBOX, new RegExp(`^Contact form #\\d+: ${sender}$`));
    expect(mail.to).toContain(STORE_INBOX);
    expect(mail.text).toContain(`owner-${suffix}@corner.test`);
    expect(mail.text).toContain("(214) 555-0199");
    expect(mail.text).toContain(`Please call me about a vape order ${suffix}.`);
  });
});
