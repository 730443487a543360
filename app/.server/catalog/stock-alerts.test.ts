import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { authBool, authNow } from "../accounts/auth-columns";
import { findUserByEmail } from "../accounts/users";
import { connect } from "../db/connect";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";
import { runDueJobs, runJobsUntilIdle } from "../jobs/run-due";
import { MAIL_JOB } from "../mail/outbox";
import { env } from "../runtime/env";
import { insertProduct } from "./product-writes";
import {
  alertState,
  cancelAlert,
  listAlerts,
  STOCK_ALERTS_JOB,
  StockAlertError,
  sendBackInStockAlerts,
  subscribeAlert,
} from "./stock-alerts";

let t: TestDatabase;
const db = () => t.db;

async function account(email: string): Promise<string> {
  await ensureAccount(t.db, { email, name: email.split("@")[0] ?? "x", role: "customer" });
  return (await findUserByEmail(t.db, email))?.id ?? "";
}

/** Many customers quickly (no password to hash): rows in users only. */
async function plainCustomer(email: string): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insertInto("users")
    .values({
      id,
      name: email,
      email,
      email_verified: authBool(db(), true),
      image: null,
      created_at: authNow(db()),
      updated_at: authNow(db()),
      username: null,
      display_username: null,
      role: "customer",
      phone: null,
      dob: null,
      gender: null,
      address: null,
      city: null,
      state: null,
      zip: null,
    })
    .execute();
  return id;
}

/**
 * Another app server: a second connection to the same PostgreSQL database. SQLite runs one server
 * per database file (one connection, whose queries and transactions Kysely takes in turn), so
 * there the races are concurrent calls on that connection, which interleave between statements.
 */
function secondServer(): Kysely<DB> {
  return t.url ? connect({ databaseUrl: t.url, dataDir: t.dataDir }) : db();
}

async function closeSecond(other: Kysely<DB>) {
  if (other !== db()) await other.destroy();
}

async function setStock(productId: number, stock: number) {
  await db().updateTable("products").set({ stock }).where("id", "=", productId).execute();
}

interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The back-in-stock mails queued so far (mail jobs, sent or not). */
async function queuedAlertMails(): Promise<QueuedMail[]> {
  const rows = await db().selectFrom("jobs").select("payload").where("name", "=", MAIL_JOB).execute();
  return rows
    .map((r) => (JSON.parse(r.payload) as { mail: QueuedMail }).mail)
    .filter((m) => m.subject.startsWith("Back in stock: "));
}

let ann: string;
let bob: string;
let cid: string;

beforeAll(async () => {
  t = await setupTestDatabase();
  ann = await account("ann@shop.test");
  bob = await account("bob@shop.test");
  cid = await account("cid@shop.test");
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(async () => {
  await db().deleteFrom("jobs").execute();
});

describe(`back-in-stock alerts on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("Notify me keeps one pending alert per customer and product; refused while the product can be ordered", async () => {
    const gum = await insertProduct(
      db(),
      { sku: "GUM-0", name: "Gum Box", description: "", priceCents: 399, stock: 0, category: "novelty" },
      [],
    );
    const soda = await insertProduct(
      db(),
      { sku: "SODA-OK", name: "Soda Case", description: "", priceCents: 100, stock: 50, category: "novelty" },
      [],
    );
    expect(await alertState(db(), ann, gum)).toBe("none");
    expect(await subscribeAlert(db(), ann, gum)).toBe("Gum Box");
    expect(await subscribeAlert(db(), ann, gum)).toBe("Gum Box");
    expect(await alertState(db(), ann, gum)).toBe("pending");
    expect(await listAlerts(db(), ann)).toMatchObject([{ productId: gum, name: "Gum Box", notifiedAt: null }]);
    await expect(subscribeAlert(db(), ann, soda)).rejects.toThrow(StockAlertError);
    await expect(subscribeAlert(db(), ann, soda)).rejects.toThrow(ACCOUNT_MESSAGES.alertNotNeeded("Soda Case"));
    expect(await subscribeAlert(db(), ann, 999_999)).toBeNull();
    expect(await cancelAlert(db(), ann, gum)).toBe("Gum Box");
    expect(await cancelAlert(db(), ann, gum)).toBeNull();
    expect(await alertState(db(), ann, gum)).toBe("none");
  });

  it("mails each subscriber once when stock returns, nobody while it is out, and a later Notify me re-arms", async () => {
    const kratom = await insertProduct(
      db(),
      { sku: "KR-1", name: "Maeng Da 250 g", description: "", priceCents: 2500, stock: 0, category: "kratom" },
      [],
    );
    await subscribeAlert(db(), ann, kratom);
    await subscribeAlert(db(), bob, kratom);
    await subscribeAlert(db(), cid, kratom);
    await cancelAlert(db(), cid, kratom);

    expect(await sendBackInStockAlerts(db())).toBe(0);
    expect(await queuedAlertMails()).toEqual([]);

    await setStock(kratom, 12);
    expect(await sendBackInStockAlerts(db())).toBe(2);
    const mails = await queuedAlertMails();
    expect(mails.map((m) => m.to).sort()).toEqual(["ann@shop.test", "bob@shop.test"]);
    const mail = mails[0];
    expect(mail?.subject).toBe(ACCOUNT_MESSAGES.backInStockMailSubject("Maeng Da 250 g"));
    expect(mail?.text).toContain(ACCOUNT_MESSAGES.backInStockMailBody("Maeng Da 250 g"));
    expect(mail?.text).toContain(`${env().BASE_URL}/products/details/${kratom}`);
    expect(mail?.html).toContain(`${env().BASE_URL}/products/details/${kratom}`);
    expect(await alertState(db(), ann, kratom)).toBe("notified");

    // Later runs find nothing more to send, in stock or not.
    expect(await sendBackInStockAlerts(db())).toBe(0);
    await setStock(kratom, 0);
    expect(await sendBackInStockAlerts(db())).toBe(0);
    // The queued mails are delivered by the mail job.
    await runJobsUntilIdle({ db: db() });
    expect(await queuedAlertMails()).toHaveLength(2);

    // Ann asks again while it is out: one more mail for her at the next restock, none for Bob.
    await subscribeAlert(db(), ann, kratom);
    expect(await alertState(db(), ann, kratom)).toBe("pending");
    expect(await sendBackInStockAlerts(db())).toBe(0);
    await setStock(kratom, 3);
    expect(await sendBackInStockAlerts(db())).toBe(1);
    expect((await queuedAlertMails()).map((m) => m.to).sort()).toEqual([
      "ann@shop.test",
      "ann@shop.test",
      "bob@shop.test",
    ]);
  });

  it("waits until a whole case (the smallest orderable quantity) is in stock", async () => {
    const cased = await insertProduct(
      db(),
      {
        sku: "CASE-10",
        name: "Lighter Display",
        description: "",
        priceCents: 1500,
        stock: 0,
        category: "accessories",
        casePack: 10,
        minQuantity: 20,
      },
      [],
    );
    await subscribeAlert(db(), bob, cased);
    await setStock(cased, 15);
    // 15 left: less than the minimum of 20, so it still cannot be ordered (and Notify me is still offered).
    expect(await sendBackInStockAlerts(db())).toBe(0);
    expect(await subscribeAlert(db(), ann, cased)).toBe("Lighter Display");
    await setStock(cased, 20);
    expect(await sendBackInStockAlerts(db())).toBe(2);
  });

  it("sends exactly one mail per subscriber when several servers run the job at the same time", async () => {
    const emails: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      const email = `race-${i}@shop.test`;
      emails.push(email);
      ids.push(await plainCustomer(email));
    }
    const vape = await insertProduct(
      db(),
      { sku: "VAPE-R", name: "Race Vape", description: "", priceCents: 900, stock: 0, category: "vapes" },
      [],
    );
    for (const id of ids) await subscribeAlert(db(), id, vape);
    await setStock(vape, 100);
    const other = secondServer();
    try {
      // Four runs at once, two per server.
      const sent = await Promise.all([
        sendBackInStockAlerts(db()),
        sendBackInStockAlerts(other),
        sendBackInStockAlerts(db()),
        sendBackInStockAlerts(other),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(emails.length);
    } finally {
      await closeSecond(other);
    }
    const mails = (await queuedAlertMails()).filter(
      (m) => m.subject === ACCOUNT_MESSAGES.backInStockMailSubject("Race Vape"),
    );
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
  });

  it("runs as a job: two runners claiming two runs of it still send one mail per subscriber", async () => {
    const glass = await insertProduct(
      db(),
      { sku: "GLASS-R", name: "Glass Pipe", description: "", priceCents: 1200, stock: 0, category: "glass" },
      [],
    );
    await subscribeAlert(db(), ann, glass);
    await subscribeAlert(db(), bob, glass);
    await setStock(glass, 5);
    // Two slots' jobs due at once (a server that was down catches up), taken by two servers.
    await enqueueJob(db(), { name: STOCK_ALERTS_JOB, payload: { slot: 1 } });
    await enqueueJob(db(), { name: STOCK_ALERTS_JOB, payload: { slot: 2 } });
    const other = secondServer();
    try {
      await Promise.all([
        runDueJobs({ db: db(), workerId: "server-a", limit: 1 }),
        runDueJobs({ db: other, workerId: "server-b", limit: 1 }),
      ]);
    } finally {
      await closeSecond(other);
    }
    const states = await db().selectFrom("jobs").select("state").where("name", "=", STOCK_ALERTS_JOB).execute();
    expect(states.map((s) => s.state)).toEqual(["done", "done"]);
    const mails = (await queuedAlertMails()).filter(
      (m) => m.subject === ACCOUNT_MESSAGES.backInStockMailSubject("Glass Pipe"),
    );
    expect(mails.map((m) => m.to).sort()).toEqual(["ann@shop.test", "bob@shop.test"]);
  });
});
