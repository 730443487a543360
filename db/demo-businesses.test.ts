import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "../app/.server/accounts/auth";
import { createDemoAccounts, DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from "../app/.server/accounts/demo-accounts";
import { findUserByEmail } from "../app/.server/accounts/users";
import { forgetViewersForTests, viewerFromHeaders } from "../app/.server/accounts/viewer";
import { listLicenses } from "../app/.server/business/licenses";
import { findBusiness } from "../app/.server/business/profile";
import { reviewQueue } from "../app/.server/business/queue";
import { listReps } from "../app/.server/business/reps";
import { listMembers } from "../app/.server/business/team";
import { insertProduct } from "../app/.server/catalog/product-writes";
import { saveDemoLine } from "../app/.server/flows/startup";
import { mayUse } from "../app/.server/request/access";
import { addDays, storeToday } from "../app/lib/business";
import { setupTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { seedDemoStore } from "./demo";
import {
  DEMO_BUYER_LIMIT_CENTS,
  DEMO_OWNER_EMAIL,
  DEMO_REP_EMAIL,
  DEMO_TEAM_BUYER_EMAIL,
  DEMO_WAITING_EMAIL,
  seedDemoBusinesses,
} from "./demo-businesses";

let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe("demo businesses", () => {
  it("gives the demo customer an approved business with approved licenses, one expiring soon, and queues a waiting business's license (and the business, with manual approval)", async () => {
    await createDemoAccounts(t.db, t.dataDir);
    expect(await seedDemoBusinesses(t.db)).toContain(DEMO_WAITING_EMAIL);
    const buyer = (await findUserByEmail(t.db, DEMO_CUSTOMER_EMAIL))?.id ?? "";
    expect(await findBusiness(t.db, buyer)).toMatchObject({ approval: "approved", taxPermit: "32012345678" });
    const licenses = await listLicenses(t.db, buyer);
    expect(licenses).toHaveLength(3);
    expect(licenses.every((l) => l.status === "approved")).toBe(true);
    const soon = addDays(storeToday(), 30);
    expect(licenses.filter((l) => l.expiresOn !== null && l.expiresOn <= soon)).toHaveLength(1);
    const queue = await reviewQueue(t.db, "automatic");
    expect(queue.businesses).toEqual([]);
    expect(queue.licenses.map((l) => l.customerEmail)).toEqual([DEMO_WAITING_EMAIL]);
    const manual = await reviewQueue(t.db, "manual");
    expect(manual.businesses.map((b) => b.customerEmail)).toEqual([DEMO_WAITING_EMAIL]);
    expect(manual.licenses.map((l) => l.customerEmail)).toEqual([DEMO_WAITING_EMAIL]);
  });
});

/** Signs in with a line of the printed credentials, as a newcomer would copy it. */
async function signInFrom(credentials: string, label: string) {
  const line = credentials.split("\n").find((l) => l.startsWith(`${label}:`)) ?? "";
  const [, email = "", password = ""] = /:\s+(\S+)\s+password:\s+(\S+)/.exec(line) ?? [];
  const session = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  forgetViewersForTests();
  const viewer = await viewerFromHeaders(new Headers({ cookie }));
  if (!viewer) throw new Error(`${label} could not sign in`);
  return viewer;
}

describe("the demo's people (issue 37)", () => {
  let d: TestDatabase;

  beforeAll(async () => {
    d = await setupTestDatabase();
  });

  afterAll(async () => {
    await d.cleanup();
  });

  it("prints once, and keeps in demo-credentials.txt, an admin, a customer, a sales rep for the demo business, and a business's owner and buyer with an order limit, each able to sign in", async () => {
    // A catalog already there: the demo's images are not drawn (slow, and beside the point here).
    await insertProduct(
      d.db,
      { sku: "DEMO-PEOPLE-1", name: "People", description: "", priceCents: 100, stock: 1, category: "novelty" },
      [],
    );
    const printed = await seedDemoStore(d.db, {
      dataDir: d.dataDir,
      log: () => {},
      drawLater: async () => {},
      saveLine: saveDemoLine,
    });
    const kept = fs.readFileSync(path.join(d.dataDir, "demo-credentials.txt"), "utf8");
    expect(kept).toBe(printed);
    for (const [label, email] of [
      ["Admin", DEMO_ADMIN_EMAIL],
      ["Customer", DEMO_CUSTOMER_EMAIL],
      ["Waiting", DEMO_WAITING_EMAIL],
      ["Sales rep", DEMO_REP_EMAIL],
      ["Owner", DEMO_OWNER_EMAIL],
      ["Buyer", DEMO_TEAM_BUYER_EMAIL],
    ] as const) {
      expect(kept).toMatch(new RegExp(`^${label}:\\s+${email.replace(".", "\\.")}\\s+password: \\S{20}`, "m"));
    }
    // Passwords are made afresh for every store: no two alike.
    const passwords = [...kept.matchAll(/password: (\S+)/g)].map((m) => m[1]);
    expect(new Set(passwords).size).toBe(6);
    // Printed once: a second start makes nobody and prints nothing.
    expect(
      await seedDemoStore(d.db, {
        dataDir: d.dataDir,
        log: () => {},
        drawLater: async () => {},
        saveLine: saveDemoLine,
      }),
    ).toBeNull();

    const customer = await findUserByEmail(d.db, DEMO_CUSTOMER_EMAIL);
    const rep = await signInFrom(kept, "Sales rep");
    expect(rep).toMatchObject({ role: "rep", actingFor: null });
    expect(mayUse("rep", rep)).toBe(true);
    const [repRow] = await listReps(d.db, "2000-01-01");
    expect(repRow).toMatchObject({
      email: DEMO_REP_EMAIL,
      businesses: [{ id: customer?.id, name: "Demo Corner Store (Demo Corner Store LLC)" }],
    });
    expect(kept).toContain("(orders for Demo Corner Store (Demo Corner Store LLC) from /act)");

    const owner = await signInFrom(kept, "Owner");
    expect(owner).toMatchObject({ role: "customer", memberRole: "owner", approved: true });
    expect(mayUse("owner", owner)).toBe(true);
    const buyer = await signInFrom(kept, "Buyer");
    expect(buyer).toMatchObject({
      role: "customer",
      memberRole: "buyer",
      accountId: owner.accountId,
      orderLimitCents: DEMO_BUYER_LIMIT_CENTS,
    });
    expect(mayUse("owner", buyer)).toBe(false);
    expect(mayUse("buyer", buyer)).toBe(true);
    expect((await listMembers(d.db, owner.accountId)).map((m) => [m.email, m.role])).toEqual([
      [DEMO_OWNER_EMAIL, "owner"],
      [DEMO_TEAM_BUYER_EMAIL, "buyer"],
    ]);
    expect(kept).toContain("(Demo Market, orders up to $250.00; above it the owner approves)");
  });
});
