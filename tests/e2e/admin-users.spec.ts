import "./support/env";
import type { Page } from "@playwright/test";
import { setProfile } from "./support/admin";
import { createAdminAccount, createCustomer, uniqueSuffix } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

async function searchUsers(page: Page, q: string) {
  await page.getByRole("searchbox", { name: "Search name, email or username" }).fill(q);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
}

test("@desktop-only the Users table lists every profile field and searches by name, email and username", async ({
  page,
}) => {
  const admin = await createAdminAccount();
  const customer = await createCustomer();
  const other = await createCustomer();
  const street = `${Math.floor(Math.random() * 9000) + 1000} Commerce St`;
  await setProfile(customer.id, {
    phone: "(214) 555-0188",
    address: street,
    city: "Irving",
    state: "TX",
    zip: "75061",
  });

  await logIn(page, admin);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: /^Registered users/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Registered users" });
  const headers = table.getByRole("columnheader");
  await expect(headers).toHaveText([
    "Name",
    "Email",
    "Username",
    "Phone",
    "Address",
    "City",
    "State",
    "Zip",
    "Business",
    "Licenses",
    "Verified",
    "Role",
    "Signed up",
    "Actions",
  ]);

  for (const q of [customer.username, customer.email.toUpperCase(), customer.name]) {
    await searchUsers(page, q);
    const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(1);
    const cells = rows.first().getByRole("cell");
    await expect(cells).toHaveText([
      customer.name,
      customer.email,
      customer.username,
      "(214) 555-0188",
      street,
      "Irving",
      "TX",
      "75061",
      // No business profile or license yet (made directly, not through registration).
      "—",
      "None",
      "Verified",
      "Customer",
      /\w/,
      /^Disable .*Make admin .*Delete /,
    ]);
    await expect(table.getByRole("cell", { name: other.email })).toHaveCount(0);
  }

  // A search that matches nobody, and the admin shown with its role.
  await searchUsers(page, `nobody-${uniqueSuffix()}`);
  await expect(page.getByText("No users found.")).toBeVisible();
  await searchUsers(page, admin.email);
  await expect(
    table
      .getByRole("row")
      .filter({ has: page.getByRole("cell") })
      .getByRole("cell"),
  ).toContainText([admin.name, admin.email, "Admin"]);
});
