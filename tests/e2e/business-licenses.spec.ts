import "./support/env";
import type { Page } from "@playwright/test";
import { createAddress } from "../../app/.server/accounts/addresses";
import { addLicense, reviewLicense } from "../../app/.server/business/licenses";
import { getDb } from "../../app/.server/db/instance";
import * as MESSAGES from "../../app/lib/messages";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import { otherPerson } from "./support/admin";
import { createAdminAccount, createCustomer, uniqueSuffix } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

function inTwoYears(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 2);
  return d.toISOString().slice(0, 10);
}

async function fillLicense(page: Page, fields: { type: string; number: string; expiresOn?: string }) {
  const form = page.getByRole("form", { name: /Upload a license|Replace / });
  await form.getByLabel("License type").selectOption({ label: fields.type });
  await form.getByRole("textbox", { name: "License number" }).fill(fields.number);
  await form.getByLabel("Issuing state").selectOption("TX");
  if (fields.expiresOn) await form.getByLabel("Expiry date").fill(fields.expiresOn);
  return form;
}

test.describe("business profile and licenses @desktop-only", () => {
  test("a customer keeps the business profile and uploads a license; an admin rejects it with a reason, then approves the replacement", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A number of its own, so the queue holds one license of that name whatever ran before.
    const permit = `ECIG-${crypto.getRandomValues(new Uint32Array(1))[0]}`;
    const customer = await createCustomer();
    await logIn(page, customer);
    await page.goto("/account/business");
    await expect(page.getByRole("heading", { level: 1, name: "Business Profile" })).toBeVisible();

    // The profile: a wrong permit number is refused next to the field, then saved.
    const profile = page.getByRole("form", { name: "Your business" });
    await profile.getByRole("textbox", { name: "Legal business name" }).fill("Lone Star Fuel LLC");
    await profile.getByLabel("Business type").selectOption({ label: "Gas station" });
    await profile.getByRole("textbox", { name: "Texas sales tax permit number" }).fill("12345");
    await profile.getByRole("button", { name: "Save business" }).click();
    await expect(profile.getByText("A Texas sales tax permit number has 11 digits.")).toBeVisible();
    await expect(profile.getByRole("textbox", { name: "Legal business name" })).toHaveValue("Lone Star Fuel LLC");
    await profile.getByRole("textbox", { name: "Texas sales tax permit number" }).fill("3-2012-3456-78");
    await profile.getByRole("button", { name: "Save business" }).click();
    await expect(page.getByText("Business profile saved.")).toBeVisible();
    // The store approves automatically (the default): nothing waits, and the page says so (issue 26).
    const yours = page.getByRole("form", { name: "Your business" });
    await expect(yours.getByText("No approval needed")).toBeVisible();
    await expect(yours.getByText(ACCOUNT_MESSAGES.businessNoApprovalNeeded)).toBeVisible();
    await expect(yours.getByText("Waiting for approval")).toHaveCount(0);

    // Bad documents and dates are refused with the reason next to the field, and nothing is kept.
    let form = await fillLicense(page, { type: "Texas e-cigarette retailer permit", number: permit });
    await form.getByLabel(/^Document/).setInputFiles({
      name: "permit.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
    });
    await form.getByRole("button", { name: "Upload license" }).click();
    form = page.getByRole("form", { name: "Upload a license" });
    await expect(form.getByText("Enter the expiry date printed on the license.")).toBeVisible();
    await expect(form.getByText("The document must be a PDF, JPEG or PNG file.")).toBeVisible();
    await expect(page.getByText("No licenses yet.")).toBeVisible();

    form = await fillLicense(page, {
      type: "Texas e-cigarette retailer permit",
      number: permit,
      expiresOn: inTwoYears(),
    });
    await form.getByLabel(/^Document/).setInputFiles({
      name: "scan.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]),
    });
    await form.getByRole("button", { name: "Upload license" }).click();
    form = page.getByRole("form", { name: "Upload a license" });
    await expect(form.getByText("The document is larger than 10 MB.")).toBeVisible();
    await expect(page.getByText("No licenses yet.")).toBeVisible();

    form = await fillLicense(page, {
      type: "Texas e-cigarette retailer permit",
      number: permit,
      expiresOn: inTwoYears(),
    });
    await form.getByLabel(/^Document/).setInputFiles({ name: "permit.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByRole("button", { name: "Upload license" }).click();
    await expect(
      page.getByText(`Texas e-cigarette retailer permit ${permit} uploaded. We will review it shortly.`),
    ).toBeVisible();
    const licenses = page.getByRole("region", { name: "Licenses" });
    await expect(licenses.getByRole("listitem")).toHaveCount(1);
    await expect(licenses.getByText("Pending review")).toBeVisible();
    const doc = await page.request.get(
      (await licenses.getByRole("link", { name: /View document/ }).getAttribute("href")) ?? "",
    );
    expect(doc.status()).toBe(200);
    expect(doc.headers()["content-type"]).toBe("application/pdf");
    expect(doc.headers()["cache-control"]).toBe("private, no-store");
    // Framable by the store's own pages only (the approval queue shows it inline).
    expect(doc.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(doc.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");

    // The admin rejects it: a reason is required, and the customer reads it.
    const admin = await createAdminAccount();
    const adminContext = await otherPerson(browser);
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, admin);
    // Chromium's PDF viewer takes the keyboard when it has loaded a document: the keys of a reason
    // being typed meanwhile went into it (a CI run rejected with the reason field empty). So the
    // queue opens no document in a frame until the admin asks, and nothing takes the keys away.
    const documentsInFrames: string[] = [];
    adminPage.on("request", (r) => {
      if (r.resourceType() === "document" && /\/licenses\/[^/]+\/document$/.test(new URL(r.url()).pathname))
        documentsInFrames.push(r.url());
    });
    await adminPage.goto("/admin/approvals");
    const review = adminPage.getByRole("form", { name: `Review Texas e-cigarette retailer permit ${permit}` });
    await expect(review).toBeVisible();
    await review.getByRole("button", { name: "Reject" }).click();
    await expect(review.getByText("Give the reason for the rejection: the customer reads it.")).toBeVisible();
    // The admin types the reason at once, as a person does: a tap in the field, then the keys.
    const reason = review.getByRole("textbox");
    await reason.click();
    await adminPage.keyboard.type("The permit number does not match the document.");
    await expect(reason).toHaveValue("The permit number does not match the document.");
    await expect(reason).toBeFocused();
    expect(documentsInFrames, "no document opened while the admin was typing").toEqual([]);
    await review.getByRole("button", { name: "Reject" }).click();
    await expect(adminPage.getByText(`Texas e-cigarette retailer permit ${permit} rejected.`)).toBeVisible();
    const rejected = await waitForMail(customer.email, /needs attention/);
    expect(rejected.text).toContain("Reason: The permit number does not match the document.");

    await page.reload();
    await expect(licenses.getByText("Rejected")).toBeVisible();
    await expect(licenses.getByText("Reason: The permit number does not match the document.")).toBeVisible();

    // The customer uploads a replacement; the admin approves it.
    await licenses.getByRole("link", { name: /Upload a replacement/ }).click();
    form = page.getByRole("form", { name: `Replace Texas e-cigarette retailer permit ${permit}` });
    await expect(form.getByRole("textbox", { name: "License number" })).toHaveValue(permit);
    await form.getByLabel("Expiry date").fill(inTwoYears());
    await form.getByLabel(/^Document/).setInputFiles({ name: "permit.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByRole("button", { name: "Upload license" }).click();
    await expect(page.getByText(new RegExp(`${permit} uploaded`))).toBeVisible();

    // The admin opens the replacement's document, then approves it.
    await adminPage.reload();
    const shownDocument = adminPage.locator(`iframe[title="Document of Texas e-cigarette retailer permit ${permit}"]`);
    await expect(shownDocument).toBeHidden();
    await adminPage.getByText(`Show the document of Texas e-cigarette retailer permit ${permit}`).click();
    await expect(shownDocument).toBeVisible();
    await adminPage
      .getByRole("form", { name: `Review Texas e-cigarette retailer permit ${permit}` })
      .getByRole("button", { name: "Approve" })
      .click();
    await expect(adminPage.getByText(`Texas e-cigarette retailer permit ${permit} approved.`)).toBeVisible();
    await waitForMail(customer.email, /was approved/);
    await page.reload();
    await expect(licenses.getByText("Approved")).toBeVisible();

    // Another customer cannot open the document.
    const href =
      (await licenses
        .getByRole("link", { name: /View document/ })
        .first()
        .getAttribute("href")) ?? "";
    const stranger = await otherPerson(browser);
    const strangerPage = await stranger.newPage();
    await logIn(strangerPage, await createCustomer());
    expect((await strangerPage.request.get(href)).status()).toBe(404);
    // The audit log has the decisions.
    await adminPage.goto("/admin/audit?subject=license");
    await expect(adminPage.getByText(new RegExp(`${permit} rejected`))).toBeVisible();
    await expect(adminPage.getByText(new RegExp(`${permit} approved`))).toBeVisible();
    await stranger.close();
    await adminContext.close();
  });

  test("a license follows the address it covers: moved to another state it goes back to review, deleted it lapses, and the customer is told", async ({
    page,
  }) => {
    const customer = await createCustomer({ withAddress: false });
    const db = getDb();
    const shop = await createAddress(db, customer.id, {
      businessName: `Sunset Vapes ${uniqueSuffix()}`,
      street: "1 Sunset Blvd",
      city: "Los Angeles",
      state: "CA",
      zip: "90028",
      phone: "",
      isDefault: true,
    });
    const number = `CA-${uniqueSuffix()}`.toUpperCase();
    const label = `Other state tobacco or vape license ${number}`;
    const added = await addLicense(
      db,
      customer.id,
      {
        type: "state-tobacco-vape",
        number,
        issuingState: "CA",
        expiresOn: inTwoYears(),
        addressId: shop.id,
        replacesId: null,
      },
      PDF,
      { id: customer.id, name: customer.email },
    );
    await reviewLicense(db, added.id, { approve: true }, { id: null, name: "Test" });
    await logIn(page, customer);
    await page.goto("/account/business");
    const wallet = page.getByRole("region", { name: "Licenses" });
    await expect(wallet.getByText(/^Counts for orders to California · covers Sunset Vapes/)).toBeVisible();

    // Moved to Nevada: back to review, said where the address was saved.
    await page.goto("/shipping-address");
    await page.getByRole("button", { name: `Edit ${shop.businessName}` }).click();
    const form = page.getByRole("region", { name: `Edit ${shop.businessName}` });
    await form.getByRole("textbox", { name: "City" }).fill("Las Vegas");
    await form.getByRole("combobox", { name: "State" }).selectOption("NV");
    await form.getByRole("textbox", { name: "ZIP code" }).fill("89101");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(form.getByRole("status")).toHaveText(ACCOUNT_MESSAGES.addressMovedLicensesToReview("Nevada", [label]));
    await page.goto("/account/business");
    await expect(wallet.getByText("Pending review")).toBeVisible();

    // Deleted: it lapses, and a toast says so.
    await page.goto("/shipping-address");
    await page.getByText("Remove", { exact: true }).click();
    await page.getByRole("button", { name: `Yes, remove ${shop.businessName}` }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.addressRemovedLicensesLapsed([label]))).toBeVisible();
    await page.goto("/account/business");
    await expect(wallet.getByText(MESSAGES.licenseAddressDeleted)).toBeVisible();
    await expect(wallet.getByText("Expired", { exact: true })).toBeVisible();
  });

  test("the upload's success is said once the list holds the new license, never before", async ({ page }) => {
    const customer = await createCustomer();
    await logIn(page, customer);
    await page.goto("/account/business");
    const licenses = page.getByRole("region", { name: "Licenses" });
    await expect(licenses.getByText("No licenses yet.")).toBeVisible();
    // What a person sees at every moment of the uploads: each time the page changes, the license
    // the success message names (if one shows) and whether the list holds it then.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { shown: string[] }).shown = seen;
      new MutationObserver(() => {
        for (const message of document.querySelectorAll('[role="status"]')) {
          const number = /Other (\S+) uploaded\./.exec(message.textContent ?? "")?.[1];
          if (!number) continue;
          const list = document.querySelector('[aria-labelledby="licenses-title"]')?.textContent ?? "";
          seen.push(`${number} ${list.includes(number) ? "listed" : "not listed"}`);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    for (const number of ["ANN-1", "ANN-2"]) {
      const form = await fillLicense(page, { type: "Other", number });
      await form
        .getByLabel(/^Document/)
        .setInputFiles({ name: "permit.pdf", mimeType: "application/pdf", buffer: PDF });
      await form.getByRole("button", { name: "Upload license" }).click();
      await expect(page.getByText(`Other ${number} uploaded. We will review it shortly.`)).toBeVisible();
      await expect(licenses.getByRole("listitem").filter({ hasText: number })).toHaveCount(1);
    }
    const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
    // Both were said, and neither while the list did not hold it yet.
    expect(shown).toContain("ANN-1 listed");
    expect(shown).toContain("ANN-2 listed");
    expect(shown.filter((s) => s.endsWith("not listed"))).toEqual([]);
  });
});
