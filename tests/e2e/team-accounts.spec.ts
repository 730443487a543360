import "./support/env";
import { getDb } from "../../app/.server/db/instance";
import { freshProduct, placeOrderFor, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createCustomer, type TestAccount } from "./support/data";
import { expect, logIn, logInWithForm, money, test } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";

/**
 * Team accounts (issue 29), as people use them: an owner invites a buyer by mail, the buyer makes
 * a login from the link and orders above the limit the owner gave them, and the owner approves it;
 * a removed member is signed out at once.
 */

/** A customer whose business is registered (they are its founder and owner). */
async function owner(): Promise<TestAccount & { business: string }> {
  const account = await createCustomer();
  const business = `Team Mart ${tag()}`;
  const { saveBusiness } = await import("../../app/.server/business/profile");
  await saveBusiness(
    getDb(),
    account.id,
    { legalName: business, dba: null, businessType: "convenience-store", taxPermit: null },
    { id: account.id, name: account.email },
  );
  return { ...account, business };
}

test.describe("team accounts @desktop-only", () => {
  test("an owner invites a buyer, who orders above their limit; the owner approves it", async ({ page, browser }) => {
    const boss = await owner();
    const product = `Team Glass ${tag()}`;
    const productId = await freshProduct({ name: product, priceCents: 2_500, stock: 20 });
    const buyerEmail = `clerk-${tag()}@shop.test`;

    await logIn(page, boss);
    await page.goto("/account/team");
    await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
    const invite = page.getByRole("form", { name: "Invite a member" });
    await invite.getByLabel("Email").fill(buyerEmail);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${buyerEmail}. The link is valid for 7 days.`)).toBeVisible();

    // The buyer, on their own device, opens the mailed link and makes a login.
    const mail = await waitForMail(buyerEmail, /You are invited to order for/);
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await buyer.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await buyer.goto(linkIn(mail, "/join/"));
    await expect(buyer.getByText(`You are invited to order for ${boss.business} as a buyer.`)).toBeVisible();
    await buyer.getByLabel("Your name").fill("Cal Clerk");
    await buyer.getByLabel("Username").fill(`cal_${tag()}`);
    await buyer.getByLabel("Password").fill("clerk-secret-1234");
    await buyer.getByRole("button", { name: "Create login and join" }).click();
    await expect(buyer.getByText(`Your login is ready and you joined ${boss.business}. Log in.`)).toBeVisible();

    // The owner sees the new member and gives them a $50 limit.
    await page.reload();
    const clerk = page.getByRole("listitem", { name: "Cal Clerk" });
    await expect(clerk.getByText("No order limit")).toBeVisible();
    await clerk.getByLabel("Order limit ($)").fill("50");
    await clerk.getByRole("button", { name: "Save order limit of Cal Clerk" }).click();
    await expect(page.getByText("Cal Clerk may now place orders up to $50.00.")).toBeVisible();

    // The buyer orders $75 for the business: placed, waiting for the owner.
    await logInWithForm(buyer, { email: buyerEmail, password: "clerk-secret-1234" });
    await buyer.goto(`/products/details/${productId}`);
    await buyer.getByLabel("Quantity").fill("3");
    await buyer.getByRole("button", { name: "Add to Cart" }).click();
    await expect(buyer.getByText(`${product} added to cart!`)).toBeVisible();
    await buyer.goto("/checkout");
    await expect(buyer.getByRole("radio", { name: /Corner Store/ })).toBeChecked();
    await buyer.getByRole("button", { name: "Place Order" }).click();
    await expect(buyer).toHaveURL(/\/order-confirmation\?order=\d+/);
    const orderId = Number(new URL(buyer.url()).searchParams.get("order"));
    await expect(buyer.getByText("Waiting for approval by the owner")).toBeVisible();
    await expect(buyer.getByText("In Review")).toBeVisible();

    // The owner is asked by mail, and approves it.
    const asked = await waitForMail(boss.email, new RegExp(`Order #${orderId} needs your approval`));
    expect(asked.text).toContain(
      `Cal Clerk placed order #${orderId} for ${money(7_500)}, above their limit of ${money(5_000)}.`,
    );
    await page.goto("/account/approvals");
    const waiting = page.getByRole("article", { name: `Order #${orderId}` });
    await expect(waiting.getByText("Placed by Cal Clerk")).toBeVisible();
    await waiting.getByRole("button", { name: `Approve order #${orderId}` }).click();
    await expect(page.getByText(`Order #${orderId} approved. The store will prepare it.`)).toBeVisible();
    await expect(page.getByText("No orders are waiting for your approval.")).toBeVisible();

    // The buyer is told, and the business's orders say who placed it.
    await waitForMail(buyerEmail, new RegExp(`Order #${orderId} approved`));
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByText("Processing").first()).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`Order #${orderId}`) })).toContainText(
      "Placed by Cal Clerk",
    );
    await buyerContext.close();
  });

  test("a removed member is signed out at once; a buyer cannot use the owner's actions", async ({ page, browser }) => {
    const boss = await owner();
    const member = await createCustomer({ withAddress: false });
    await getDb()
      .insertInto("business_members")
      .values([
        {
          user_id: boss.id,
          business_id: boss.id,
          role: "owner",
          order_limit_cents: null,
          created_at: new Date().toISOString(),
        },
        {
          user_id: member.id,
          business_id: boss.id,
          role: "buyer",
          order_limit_cents: null,
          created_at: new Date().toISOString(),
        },
      ])
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logIn(memberPage, member);
    // The owners' pages (the owner group): a buyer who follows the account's links, or opens their
    // address, is taken to their account and told why not.
    await memberPage.goto("/account/settings");
    await memberPage.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Team" }).click();
    await expect(memberPage).toHaveURL(/\/account$/);
    await expect(memberPage.getByText("The business's owners manage its team.")).toBeVisible();
    await expect(memberPage.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
    await memberPage.goto("/account/statement");
    await expect(memberPage).toHaveURL(/\/account$/);
    await expect(memberPage.getByText("Only an owner of the business sees its statement.")).toBeVisible();
    await memberPage.goto("/account/approvals");
    await expect(memberPage).toHaveURL(/\/account$/);
    await expect(memberPage.getByText("The business's owners approve orders above a buyer's limit.")).toBeVisible();
    // Posting the owner's action anyway is refused, and nothing changes.
    const posted = await memberPage.request.post("/account/team", {
      form: { intent: "invite", email: "sneaky@shop.test", role: "owner" },
      headers: { Origin: new URL(memberPage.url()).origin },
    });
    expect(posted.status()).toBe(403);
    await memberPage.goto("/shipping-address");
    await expect(
      memberPage.getByText("The business's owners add and change its addresses; you can ship to any of them."),
    ).toBeVisible();

    await logIn(page, boss);
    await page.goto("/account/team");
    const row = page.getByRole("listitem", { name: member.name });
    await row.getByText("Remove", { exact: true }).click();
    await row.getByRole("button", { name: `Yes, remove ${member.name}` }).click();
    await expect(page.getByText(`${member.name} was removed from the business and signed out.`)).toBeVisible();

    await memberPage.goto("/orders");
    await expect(memberPage).toHaveURL(/\/login\?redirectTo=%2Forders/);
    await memberContext.close();
  });
});

test.describe("sales reps", () => {
  test("a rep on a phone orders for an assigned business by its prices; the owner is told; another business's id is refused", async ({
    page,
  }) => {
    const boss = await owner();
    const stranger = await owner();
    const rep = await createCustomer({ withAddress: false });
    const db = getDb();
    await db.updateTable("users").set({ role: "rep" }).where("id", "=", rep.id).execute();
    await db
      .insertInto("rep_assignments")
      .values({ rep_id: rep.id, business_id: boss.id, created_at: new Date().toISOString() })
      .execute();
    const product = `Rep Papers ${tag()}`;
    const productId = await freshProduct({ name: product, priceCents: 1_200, stock: 30 });

    await logIn(page, rep);
    await page.goto(`/products/details/${productId}`);
    // Not acting for anyone: no price.
    await expect(page.getByRole("heading", { level: 1, name: product })).toBeVisible();
    await expect(page.getByText(money(1_200))).toHaveCount(0);

    await page.goto("/act");
    await page.getByLabel("Search businesses").fill(boss.business.slice(0, 12));
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page.getByText(stranger.business)).toHaveCount(0);
    await page.getByRole("button", { name: `Order for ${boss.business}` }).click();
    await expect(page.getByText(`You are now ordering for ${boss.business}.`)).toBeVisible();
    const banner = page.getByRole("region", { name: "Acting for a business" });
    await expect(banner).toContainText(boss.business);

    await page.goto(`/products/details/${productId}`);
    await expect(page.getByText(money(1_200)).first()).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${product} added to cart!`)).toBeVisible();
    await page.goto("/checkout");
    await expect(page.getByRole("radio", { name: /Corner Store/ })).toBeChecked();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get("order"));
    await expect(page.getByText(`${rep.name} for ${boss.business}`)).toBeVisible();
    await waitForMail(boss.email, new RegExp(`#${orderId}`));

    // Posting another business's id to act for it: refused, still acting for the assigned one.
    const refused = await page.request.post("/act", {
      form: { intent: "start", businessId: stranger.id },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    await page.reload();
    await expect(banner).toContainText(boss.business);

    await banner.getByRole("button", { name: "Stop acting" }).click();
    await expect(page.getByText("You are back to your own account.")).toBeVisible();
    await expect(banner).toHaveCount(0);

    // The owner, alone in the business, sees in My Orders which order the rep placed (issue 37);
    // not on the orders the owner placed.
    const ownOrder = await placeOrderFor(boss, [{ id: productId, quantity: 1 }]);
    await logIn(page, boss);
    await page.goto("/orders");
    const orders = page.getByRole("list", { name: "Orders" });
    await expect(orders.getByRole("link", { name: new RegExp(`^Order #${orderId}\\b`) })).toContainText(
      `Placed by ${rep.name} for ${boss.business}`,
    );
    await expect(orders.getByRole("link", { name: new RegExp(`^Order #${ownOrder}\\b`) })).not.toContainText(
      "Placed by",
    );
    await expectNoSeriousViolations(page, "My Orders with an order the rep placed");
  });
});

test.describe("sales reps in the back office @desktop-only", () => {
  test("an admin makes a login a sales rep, assigns a business, and takes the role away after saying yes", async ({
    page,
  }) => {
    const boss = await owner();
    const person = await createCustomer({ withAddress: false });
    const { createAdminAccount } = await import("./support/data");
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/reps");
    const make = page.getByRole("form", { name: "Make a sales rep" });
    // A login that belongs to a business cannot be a rep.
    await make.getByLabel("Email of their login").fill(boss.email);
    await make.getByRole("button", { name: "Make sales rep" }).click();
    await expect(
      page.getByText(
        "This login belongs to a business. A sales rep needs a login of their own, outside any customer's business.",
      ),
    ).toBeVisible();
    await make.getByLabel("Email of their login").fill(person.email);
    await make.getByRole("button", { name: "Make sales rep" }).click();
    await expect(page.getByText(`${person.name} is now a sales rep.`)).toBeVisible();

    await page.getByLabel("Find businesses to assign").fill(boss.business);
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    const card = page.getByRole("article", { name: person.name });
    await card
      .getByLabel(`Assign a business to ${person.name}`)
      .selectOption({ label: boss.business.concat(" (Dallas, TX)") });
    await card.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByText(`${boss.business} assigned to ${person.name}.`)).toBeVisible();
    await expect(card.getByRole("list", { name: `Businesses of ${person.name}` })).toContainText(boss.business);

    await card.getByRole("button", { name: `Remove as sales rep: ${person.name}` }).click();
    await expect(
      page.getByText(
        "Remove this sales rep? Their businesses are taken from them and any order they are taking for one stops.",
      ),
    ).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText(`${person.name} is no longer a sales rep.`)).toBeVisible();
    await expect(page.getByRole("article", { name: person.name })).toHaveCount(0);
  });
});
