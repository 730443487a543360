import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoAccounts, DEMO_CUSTOMER_EMAIL } from "../app/.server/accounts/demo-accounts";
import { findUserByEmail } from "../app/.server/accounts/users";
import { listLicenses } from "../app/.server/business/licenses";
import { findBusiness } from "../app/.server/business/profile";
import { reviewQueue } from "../app/.server/business/queue";
import { addDays, storeToday } from "../app/lib/business";
import { setupTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { DEMO_WAITING_EMAIL, seedDemoBusinesses } from "./demo-businesses";

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
