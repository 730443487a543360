import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import { findUserByEmail } from "~/.server/accounts/users";
import { type Business, findBusiness, reviewBusiness, reviewedVersion, saveBusiness } from "~/.server/business/profile";
import { reviewQueue } from "~/.server/business/queue";
import { insertProduct } from "~/.server/catalog/product-writes";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { TEST_ADMIN } from "../support/actors";
import { dataPath, pagePath } from "../support/pages";
import { cookiesOf, hasBuild, postLogin, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The product's price in cents as a number of its own: not a part of a longer one (the server's
 * port, 43219 once) nor of a nonce or an asset's name.
 */
const PRICE_IN_CENTS = /(?<![\w-])4321(?![\w-])/;

/**
 * ACCOUNT_APPROVAL=manual, against the built server on the suite's database: a verified customer
 * whose business is not approved sees no price anywhere and cannot check out, and is told why;
 * once an admin approves the business, prices appear. (Automatic mode, the default, is what every
 * other test runs: a verified customer sees prices.)
 */
describe.skipIf(!hasBuild)("manual account approval", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let productId: number;
  /** The product's page (its line's). */
  let page = "";
  let userId: string;
  const password = "approval-pass-1234";

  beforeAll(async () => {
    database = await setupTestDatabase();
    productId = await insertProduct(
      database.db,
      { sku: "APR-1", name: "Approval Lighter", description: "", priceCents: 4321, stock: 10, category: "novelty" },
      [],
    );
    page = await pagePath(database.db, productId);
    await ensureAccount(database.db, {
      email: "waiting@approval.test",
      name: "Wendy Waiting",
      role: "customer",
      username: "wendy",
      password,
    });
    userId = (await findUserByEmail(database.db, "waiting@approval.test"))?.id ?? "";
    server = await startServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url ?? "",
      ACCOUNT_APPROVAL: "manual",
      LOG_LEVEL: "warn",
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  async function signIn(): Promise<string> {
    const res = await fetch(`${server.origin}/login`, {
      method: "POST",
      headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ identifier: "waiting@approval.test", password, redirectTo: "/" }),
      redirect: "manual",
    });
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  it("shows no price to a verified customer whose business waits, says why, and refuses checkout", async () => {
    const cookie = await signIn();
    expect(cookie).toMatch(/session_token=/);
    await saveBusiness(
      database.db,
      userId,
      { legalName: "Wendy's Mart", dba: null, businessType: "convenience-store", taxPermit: null },
      { id: userId, name: "Wendy" },
    );
    for (const path of [page, "/products/novelty", `/search?q=Approval`]) {
      const page = await fetch(`${server.origin}${path}`, { headers: { cookie } });
      const html = await page.text();
      expect(html, path).not.toContain("$43.21");
      expect(html, path).not.toMatch(PRICE_IN_CENTS);
      expect(html, path).toContain("Your account is waiting for approval");
    }
    const data = await (await fetch(`${server.origin}${dataPath(page)}`, { headers: { cookie } })).text();
    expect(data).not.toMatch(PRICE_IN_CENTS);
    const checkout = await fetch(`${server.origin}/checkout`, { headers: { cookie }, redirect: "manual" });
    expect(checkout.status).toBe(302);
    expect(checkout.headers.get("location")).toBe("/account");
  });

  it("shows prices once an admin approved the business", async () => {
    await reviewBusiness(
      database.db,
      userId,
      { approve: true, seen: reviewedVersion((await findBusiness(database.db, userId)) as Business) },
      TEST_ADMIN,
    );
    const cookie = await signIn();
    const html = await (await fetch(`${server.origin}${page}`, { headers: { cookie } })).text();
    expect(html).toContain("$43.21");
    expect(html).not.toContain("Your account is waiting for approval");
  });

  it("says on the business profile what is true, and a new legal name sends the business back to review", async () => {
    const cookie = await signIn();
    const profile = await fetch(`${server.origin}/account/business`, { headers: { cookie } });
    const before = await profile.text();
    expect(before).toContain(">Approved<");
    expect(before).toContain(escapeHtml(ACCOUNT_MESSAGES.businessApprovedNote));
    // The owner changes the legal name on the page: saved, and told it is reviewed again.
    const save = await fetch(`${server.origin}/account/business.data`, {
      method: "POST",
      headers: { cookie, origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "profile",
        legalName: "Someone Else's Mart",
        dba: "",
        businessType: "convenience-store",
        taxPermit: "",
      }),
    });
    expect(save.status).toBe(200);
    expect(await save.text()).toContain(ACCOUNT_MESSAGES.businessProfileSavedForReview);
    const after = await (await fetch(`${server.origin}/account/business`, { headers: { cookie } })).text();
    expect(after).toContain(">Waiting for approval<");
    expect(after).toContain(escapeHtml(ACCOUNT_MESSAGES.businessWaitingForReview));
    // No prices until an admin approves the new name.
    const html = await (await fetch(`${server.origin}${page}`, { headers: { cookie } })).text();
    expect(html).not.toContain("$43.21");
    expect(html).toContain("Your account is waiting for approval");
    expect((await reviewQueue(database.db, "manual")).businesses.map((b) => b.legalName)).toEqual([
      "Someone Else's Mart",
    ]);
  });
});

/** The default mode, on a server of its own: nothing waits for an approval that does not exist. */
describe.skipIf(!hasBuild)("automatic account approval", () => {
  let database: TestDatabase;
  let server: RunningServer;
  const password = "automatic-pass-1234";

  beforeAll(async () => {
    database = await setupTestDatabase();
    for (const [email, role] of [
      ["new@automatic.test", "customer"],
      ["admin@automatic.test", "admin"],
    ] as const) {
      await ensureAccount(database.db, { email, name: email.split("@")[0] ?? "", role, password });
    }
    const id = (await findUserByEmail(database.db, "new@automatic.test"))?.id ?? "";
    await saveBusiness(
      database.db,
      id,
      { legalName: "Brand New Mart", dba: null, businessType: "convenience-store", taxPermit: null },
      { id, name: "New" },
    );
    server = await startServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? "", LOG_LEVEL: "warn" });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it("a new business's profile says it needs no approval, and the approvals page does not list it", async () => {
    const customer = cookiesOf(await postLogin(server.origin, { email: "new@automatic.test", password }));
    const profile = await (await fetch(`${server.origin}/account/business`, { headers: { cookie: customer } })).text();
    expect(profile).toContain("Brand New Mart");
    expect(profile).not.toContain("Waiting for approval");
    expect(profile).toContain(">No approval needed<");
    expect(profile).toContain(escapeHtml(ACCOUNT_MESSAGES.businessNoApprovalNeeded));

    const admin = cookiesOf(await postLogin(server.origin, { email: "admin@automatic.test", password }));
    const approvals = await (await fetch(`${server.origin}/admin/approvals`, { headers: { cookie: admin } })).text();
    expect(approvals).not.toContain("Brand New Mart");
    expect(approvals).toContain(escapeHtml(BACK_OFFICE_MESSAGES.businessesNeedNoApproval));
    const overview = await (await fetch(`${server.origin}/admin`, { headers: { cookie: admin } })).text();
    expect(overview).not.toContain("Brand New Mart");
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
}
