import "./support/env";
import type { Page } from "@playwright/test";
import { saveBusiness } from "../../app/.server/business/profile";
import { getDb } from "../../app/.server/db/instance";
import * as CERTIFICATES from "../../app/lib/messages/certificates";
import { otherPerson } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";
import { sign } from "./support/signature";

/** A permit number of the business's own, unlike any other test's. */
function permitNumber(): string {
  return `3${String(crypto.getRandomValues(new Uint32Array(1))[0]).padStart(10, "0")}`.slice(0, 11);
}

async function fillCertificate(page: Page, permit: string) {
  const form = page.getByRole("form", { name: /Form 01-339/ });
  await form.getByRole("textbox", { name: "Texas sales and use tax permit number" }).fill(permit);
  await form.getByRole("textbox", { name: "Description of your business" }).fill("Convenience store");
  await form
    .getByRole("textbox", { name: "Description of items to be purchased for resale" })
    .fill("Vapes and glass pipes for resale");
  await form.getByRole("checkbox", { name: "Nicotine vape", exact: true }).check();
  await form.getByRole("checkbox", { name: "Glass", exact: true }).check();
  await form.getByRole("textbox", { name: "Signer's title" }).fill("Owner");
  return form;
}

test.describe("resale certificates in the license wallet (issue 41) @desktop-only", () => {
  test("an owner signs a certificate (typed, then drawn), sees it pending; an admin verifies it; the owner sees it verified and opens its PDF", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await createCustomer();
    const permit = permitNumber();
    await saveBusiness(
      getDb(),
      owner.id,
      {
        legalName: `Cert Mart ${owner.id.slice(0, 6)} LLC`,
        dba: null,
        businessType: "convenience-store",
        taxPermit: permit,
      },
      { id: owner.id, name: owner.email },
    );
    await logIn(page, owner);
    await page.goto("/account/business");
    const wallet = page.getByRole("region", { name: "Resale certificates" });
    await expect(wallet.getByText(CERTIFICATES.noCertificatesYet)).toBeVisible();
    await wallet.getByRole("link", { name: "Sign a resale certificate" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Resale Certificate" })).toBeVisible();
    // Prefilled from the business profile and its address.
    let form = page.getByRole("form", { name: /Form 01-339/ });
    await expect(form.getByRole("textbox", { name: "Name of purchaser, firm or agency" })).toHaveValue(
      `Cert Mart ${owner.id.slice(0, 6)} LLC`,
    );
    await expect(form.getByRole("textbox", { name: "Street address" })).toHaveValue("1500 Main St");
    await expectNoSeriousViolations(page, "resale certificate form (desktop)");

    // A 10-digit permit is refused at its field; what was typed stays.
    form = await fillCertificate(page, permit.slice(0, 10));
    await form.getByRole("radio", { name: "Type my name" }).check();
    await form.getByRole("textbox", { name: "Type your full name as your signature" }).fill(owner.name);
    await form.getByRole("button", { name: "Sign certificate" }).click();
    await expect(form.getByText(CERTIFICATES.permitDigits)).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Description of your business" })).toHaveValue("Convenience store");
    await expect(form.getByRole("textbox", { name: "Texas sales and use tax permit number" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    // Corrected: signed with the typed name; back in the wallet, pending.
    form = await fillCertificate(page, permit);
    await form.getByRole("radio", { name: "Type my name" }).check();
    await form.getByRole("textbox", { name: "Type your full name as your signature" }).fill(owner.name);
    await form.getByRole("button", { name: "Sign certificate" }).click();
    await expect(page.getByText(CERTIFICATES.certificateSigned)).toBeVisible();
    await expect(wallet.getByRole("listitem")).toHaveCount(1);
    await expect(wallet.getByRole("listitem").first().getByText("Pending", { exact: true })).toBeVisible();
    await expect(wallet.getByText(CERTIFICATES.pendingNote)).toBeVisible();

    // A second, signed by drawing on the pad (a newer one replaces nothing).
    await wallet.getByRole("link", { name: "Sign a resale certificate" }).click();
    form = await fillCertificate(page, permit);
    await expect(form.getByRole("radio", { name: "Draw my signature" })).toBeChecked();
    await sign(page);
    await form.getByRole("button", { name: "Sign certificate" }).click();
    await expect(page.getByText(CERTIFICATES.certificateSigned)).toBeVisible();
    await expect(wallet.getByRole("listitem")).toHaveCount(2);
    await expectNoSeriousViolations(page, "license wallet with certificates (desktop)");

    // The admin verifies the first after ticking the permit search check.
    const adminContext = await otherPerson(browser);
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, await createAdminAccount());
    await adminPage.goto(`/admin/certificates?business=${owner.id}`);
    await expect(adminPage.getByRole("heading", { name: "Resale certificates" })).toBeVisible();
    await expectNoSeriousViolations(adminPage, "admin certificates (desktop)");
    let verify = adminPage.getByRole("form", { name: /^Verify / }).first();
    await verify.getByRole("button", { name: /^Verify/ }).click();
    verify = adminPage.getByRole("form", { name: /^Verify / }).first();
    await expect(verify.getByText(CERTIFICATES.checkPermitSearch)).toBeVisible();
    await verify.getByRole("checkbox", { name: "I checked this permit in the Comptroller's permit search" }).check();
    await verify.getByRole("button", { name: /^Verify/ }).click();
    await expect(adminPage.getByText(CERTIFICATES.certificateVerified)).toBeVisible();
    await expect(adminPage.getByRole("form", { name: /^Verify / })).toHaveCount(1);
    await expect(adminPage.getByRole("form", { name: /^Revoke / })).toHaveCount(1);
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(adminPage, "admin certificates at 390 px");
    await adminContext.close();

    // The owner sees it verified and opens its PDF.
    await page.goto("/account/business");
    const verified = wallet.getByRole("listitem").filter({ hasText: "Verified" });
    await expect(verified).toHaveCount(1);
    const href = await verified.getByRole("link", { name: /View certificate/ }).getAttribute("href");
    const pdf = await page.request.get(href ?? "");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, "license wallet at 390 px");
    await page.goto("/account/business/certificates/new");
    await expect(page.getByRole("heading", { level: 1, name: "Resale Certificate" })).toBeVisible();
    await expectNoSeriousViolations(page, "resale certificate form at 390 px");
  });
});
