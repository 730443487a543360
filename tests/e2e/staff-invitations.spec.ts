import "./support/env";
import { getDb } from "../../app/.server/db/instance";
import { tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";

/**
 * Staff invitations (issue 37), as people use them: an admin invites a new sales rep by email from
 * /admin/reps; the rep makes their login from the mailed link, logs in and lands on the page where
 * they choose a business; the admin assigns one; the rep orders for it. A driver invited the same
 * way gets a login that is no rep's.
 */

/** A customer whose business is registered (they are its founder and owner). */
async function owner() {
  const account = await createCustomer();
  const business = `Rep Route Mart ${tag()}`;
  const { saveBusiness } = await import("../../app/.server/business/profile");
  await saveBusiness(
    getDb(),
    account.id,
    { legalName: business, dba: null, businessType: "convenience-store", taxPermit: null },
    { id: account.id, name: account.email },
  );
  return { ...account, business };
}

/** A second person's browser, on the same kind of device as the test's (a phone in the phone project). */
function sameDevice() {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  return { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch };
}

test.describe("staff invitations @desktop-only", () => {
  test("an admin invites a rep, who makes a login from the mail, logs in to choose a business, is assigned one and orders for it", async ({
    page,
    browser,
  }) => {
    const boss = await owner();
    const name = `Rita Rep ${tag()}`;
    const email = `rita-${tag()}@reps.test`;
    const password = "rita-secret-1234";

    await logIn(page, await createAdminAccount());
    await page.goto("/admin/reps");
    const invite = page.getByRole("form", { name: "Invite a rep" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Name").fill(name);
    await invite.getByLabel("Role").selectOption({ label: "Sales rep: orders for the businesses assigned to them" });
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}. The link is valid for 7 days.`)).toBeVisible();
    const waiting = page.getByRole("region", { name: "Invitations waiting" });
    await expect(waiting).toContainText(email);
    await expectNoSeriousViolations(page, "/admin/reps");

    // The rep, on their own device, opens the mailed link and makes their login.
    const mail = await waitForMail(email, /You are invited to work with/);
    expect(mail.text).toContain("as a sales rep.");
    const repContext = await browser.newContext(sameDevice());
    const rep = await repContext.newPage();
    await rep.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await rep.goto(linkIn(mail, "/join/staff/"));
    await expect(rep.getByText("You are invited to Trinity Wholesale Supply as a sales rep.")).toBeVisible();
    await expect(rep.getByLabel("Your name")).toHaveValue(name);
    await expectNoSeriousViolations(rep, "/join/staff");
    await rep.getByLabel("Username").fill(`rita_${tag()}`);
    await rep.getByLabel("Password").fill(password);
    await rep.getByRole("button", { name: "Create login" }).click();
    await expect(rep.getByText("Your login is ready. Log in.")).toBeVisible();

    // Logging in takes them to the page where a rep chooses a business: none assigned yet.
    await rep.getByLabel("Email or username").fill(email);
    await rep.getByLabel("Password").fill(password);
    await rep.getByRole("button", { name: "Login", exact: true }).click();
    await expect(rep).toHaveURL(/\/act$/);
    await expect(rep.getByRole("heading", { level: 1, name: "Order for a business" })).toBeVisible();
    await expect(
      rep.getByText("No business matches. Sales reps see only the businesses assigned to them."),
    ).toBeVisible();

    // The link was used: it makes no second login.
    const again = await browser.newContext(sameDevice());
    const second = await again.newPage();
    await second.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await second.goto(linkIn(mail, "/join/staff/"));
    await expect(second.getByText("This invitation has already been used. Log in to your account.")).toBeVisible();
    await again.close();

    // The admin finds the rep on the page, ready to be assigned a business.
    await page.reload();
    await expect(page.getByRole("region", { name: "Invitations waiting" })).toHaveCount(0);
    const card = page.getByRole("article", { name });
    await expect(card.getByText("No businesses assigned yet.")).toBeVisible();
    await page.getByLabel("Find businesses to assign").fill(boss.business);
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await card.getByLabel(`Assign a business to ${name}`).selectOption({ label: `${boss.business} (Dallas, TX)` });
    await card.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByText(`${boss.business} assigned to ${name}.`)).toBeVisible();

    // The rep orders for it.
    await rep.reload();
    await rep.getByRole("button", { name: `Order for ${boss.business}` }).click();
    await expect(rep.getByText(`You are now ordering for ${boss.business}.`)).toBeVisible();
    await expect(rep.getByRole("region", { name: "Acting for a business" })).toContainText(boss.business);
    await repContext.close();
  });

  test("@desktop-only a driver invited the same way gets a login of their own that is no rep's", async ({
    page,
    browser,
  }) => {
    const name = `Dan Driver ${tag()}`;
    const email = `dan-${tag()}@drivers.test`;
    const password = "dan-secret-1234";
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/reps");
    const invite = page.getByRole("form", { name: "Invite a rep" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Name").fill(name);
    await invite.getByLabel("Role").selectOption({ label: "Driver: delivers orders" });
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}. The link is valid for 7 days.`)).toBeVisible();

    const mail = await waitForMail(email, /You are invited to work with/);
    const driverContext = await browser.newContext();
    const driver = await driverContext.newPage();
    await driver.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await driver.goto(linkIn(mail, "/join/staff/"));
    await expect(driver.getByText("You are invited to Trinity Wholesale Supply as a delivery driver.")).toBeVisible();
    await driver.getByLabel("Username").fill(`dan_${tag()}`);
    await driver.getByLabel("Password").fill(password);
    await driver.getByRole("button", { name: "Create login" }).click();
    await expect(driver.getByText("Your login is ready. Log in.")).toBeVisible();
    await driver.getByLabel("Email or username").fill(email);
    await driver.getByLabel("Password").fill(password);
    await driver.getByRole("button", { name: "Login", exact: true }).click();
    await expect(driver).toHaveURL(/\/account$/);

    // Not a rep: choosing a business to order for is not theirs, and they are told so.
    await driver.goto("/act");
    await expect(driver).toHaveURL(/\/account$/);
    await expect(driver.getByText("Only sales reps and admins order for a business.")).toBeVisible();
    await driverContext.close();

    await page.reload();
    await expect(page.getByRole("list", { name: "Drivers" })).toContainText(name);
    await expect(page.getByRole("article", { name })).toHaveCount(0);
  });

  test("@desktop-only an email that already has a login is refused, with the way to make it a rep", async ({
    page,
  }) => {
    const person = await createCustomer({ withAddress: false });
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/reps");
    const invite = page.getByRole("form", { name: "Invite a rep" });
    await invite.getByLabel("Email").fill(person.email);
    await invite.getByLabel("Name").fill(person.name);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(
      invite.getByText(
        `${person.email} already has a login. An invitation makes a new login; to make that login a sales rep, use Make a sales rep.`,
      ),
    ).toBeVisible();
  });
});
