import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import { findUserByEmail } from "~/.server/accounts/users";
import { reviewBusiness, saveBusiness } from "~/.server/business/profile";
import { insertProduct } from "~/.server/catalog/product-writes";
import { TEST_ADMIN } from "../support/actors";
import { hasBuild, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

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
  let userId: string;
  const password = "approval-pass-1234";

  beforeAll(async () => {
    database = await setupTestDatabase();
    productId = await insertProduct(
      database.db,
      { sku: "APR-1", name: "Approval Lighter", description: "", priceCents: 4321, stock: 10, category: "novelty" },
      [],
    );
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
    for (const path of [`/products/details/${productId}`, "/products/novelty", `/search?q=Approval`]) {
      const page = await fetch(`${server.origin}${path}`, { headers: { cookie } });
      const html = await page.text();
      expect(html, path).not.toContain("$43.21");
      expect(html, path).not.toContain("4321");
      expect(html, path).toContain("Your account is waiting for approval");
    }
    const data = await (
      await fetch(`${server.origin}/products/details/${productId}.data`, { headers: { cookie } })
    ).text();
    expect(data).not.toContain("4321");
    const checkout = await fetch(`${server.origin}/checkout`, { headers: { cookie }, redirect: "manual" });
    expect(checkout.status).toBe(302);
    expect(checkout.headers.get("location")).toBe("/account");
  });

  it("shows prices once an admin approved the business", async () => {
    await reviewBusiness(database.db, userId, { approve: true }, TEST_ADMIN);
    const cookie = await signIn();
    const html = await (await fetch(`${server.origin}/products/details/${productId}`, { headers: { cookie } })).text();
    expect(html).toContain("$43.21");
    expect(html).not.toContain("Your account is waiting for approval");
  });
});
