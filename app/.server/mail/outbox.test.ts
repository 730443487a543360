import fs from "node:fs";
import type net from "node:net";
import path from "node:path";
import type { Kysely } from "kysely";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RegisterInput } from "~/lib/schemas/account";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { requestPasswordReset } from "../accounts/passwords";
import { resendVerification } from "../accounts/sign-in";
import { insertProduct } from "../catalog/product-writes";
import { connect } from "../db/connect";
import type { DB } from "../db/schema";
import { placeOrder } from "../flows/place-order";
import { registerCustomer } from "../flows/registration";
import { runDueJobs, runJobsUntilIdle } from "../jobs/run-due";
import { startJobRunner } from "../jobs/runner";
import { resetEnvForTests } from "../runtime/env";
import { enqueueMail, MAIL_JOB } from "./outbox";
import { resetMailForTests } from "./transport";

/**
 * The mail outbox: requests queue mail and never wait for the mail server; the mail job
 * delivers it, retries, and survives a restart.
 */
let t: TestDatabase;
let ip = 0;
const nextIp = () => `10.9.0.${++ip}`;

interface TestSmtp {
  url: string;
  received: { to: string[]; data: string }[];
  /** Connections the server accepted (and, when hanging, never answered). */
  connections: Set<net.Socket>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port: one that delivers, or one that accepts and never answers. */
async function smtpServer(mode: "deliver" | "hang"): Promise<TestSmtp> {
  const received: TestSmtp["received"] = [];
  const connections = new Set<net.Socket>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      // Hanging: the greeting never comes.
      if (mode === "deliver") callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.server.on("connection", (socket: net.Socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections,
    async close() {
      for (const s of connections) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function pointMailAt(url: string | undefined, timeouts: Parameters<typeof resetMailForTests>[0] = {}) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvForTests();
  resetMailForTests(timeouts);
}

function devOutbox(): { to: string; subject: string; text: string }[] {
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

/**
 * The jobs table, oldest first. Jobs enqueued in the same millisecond have no order (their ids
 * are random): compare such jobs as a set (`sorted`), not by position.
 */
async function jobs(name?: string) {
  let q = t.db.selectFrom("jobs").selectAll().orderBy("created_at").orderBy("id");
  if (name) q = q.where("name", "=", name);
  return q.execute();
}

/** Rows in a stable order, for comparing jobs whose creation order is unknown. */
function sorted<T>(rows: T[]): T[] {
  return [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function buyerWithAddress(email: string): Promise<{ userId: string; addressId: string }> {
  const { id, addressId } = await customerWithAddress(t.db, email, { name: "Buyer", businessName: "Buyer Co" });
  return { userId: id, addressId };
}

function registration(email: string): RegisterInput {
  const n = Math.random().toString(36).slice(2, 8);
  return {
    legalName: "Test Shop LLC",
    dba: null,
    businessType: "convenience-store",
    taxPermit: null,
    name: "Reg",
    username: `reg_${n}`,
    email,
    password: "correct horse battery",
    address: "100 Elm St",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    phone: null,
    dob: null,
    gender: null,
  };
}

beforeAll(async () => {
  t = await setupTestDatabase();
  process.env.RATE_LIMIT_FACTOR = "100";
});

afterAll(async () => {
  delete process.env.RATE_LIMIT_FACTOR;
  pointMailAt(undefined);
  await t.cleanup();
});

beforeEach(async () => {
  await t.db.deleteFrom("jobs").execute();
  pointMailAt(undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe(`mail outbox on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("a mail server that accepts and never answers fails the attempt within the timeout; the mail is retried and delivered later", async () => {
    const hanging = await smtpServer("hang");
    const working = await smtpServer("deliver");
    try {
      pointMailAt(hanging.url, { connectionTimeout: 300, greetingTimeout: 300, socketTimeout: 300 });
      await enqueueMail(t.db, { to: "someone@shop.test", subject: "Hello", text: "Hi" }, "test");
      const start = Date.now();
      expect(await runDueJobs({ db: t.db, now: start })).toMatchObject({ claimed: 1, retried: 1 });
      const [job] = await jobs(MAIL_JOB);
      expect(job).toMatchObject({ state: "pending", attempts: 1 });
      expect(job?.last_error).toMatch(/greeting|timeout/i);

      pointMailAt(working.url);
      expect(await runDueJobs({ db: t.db, now: start + 1000 })).toMatchObject({ claimed: 0 });
      expect(await runDueJobs({ db: t.db, now: (job?.run_at ?? 0) + 1 })).toMatchObject({ done: 1 });
      expect(working.received.map((m) => m.to)).toEqual([["someone@shop.test"]]);
      expect(working.received[0]?.data).toContain("Subject: Hello");
    } finally {
      await hanging.close();
      await working.close();
    }
  });

  it("placing an order and asking for a reset answer while the mail server hangs; their mail waits in the outbox", async () => {
    const hanging = await smtpServer("hang");
    // Production timeouts: the worker stays stuck on the silent server for the whole test.
    pointMailAt(hanging.url);
    const runner = startJobRunner({ db: t.db, pollMs: 60_000 });
    try {
      const { userId, addressId } = await buyerWithAddress("hang@shop.test");
      const product = await insertProduct(
        t.db,
        { sku: "SKU-HANG", name: "Hang", description: "", priceCents: 100, stock: 5, category: "novelty" },
        [],
      );
      // The runner takes a first mail and is stuck talking to the silent server.
      await enqueueMail(t.db, { to: "first@shop.test", subject: "First", text: "x" }, "test");
      await vi.waitFor(() => expect(hanging.connections.size).toBe(1), { timeout: 5000 });

      const { order, created } = await placeOrder(t.db, {
        userId,
        idempotencyKey: crypto.randomUUID(),
        addressId,
        lines: [{ id: product, quantity: 1 }],
      });
      expect(created).toBe(true);
      await requestPasswordReset(t.db, "hang@shop.test", nextIp());

      // Both answered; nothing of theirs was delivered, everything is queued.
      const queued = await jobs();
      expect(sorted(queued.map((j) => [j.name, j.state]))).toEqual(
        sorted([
          [MAIL_JOB, "pending"],
          [MAIL_JOB, "pending"],
          [MAIL_JOB, "pending"],
          ["forgot-password", "pending"],
        ]),
      );
      expect(queued.filter((j) => j.payload.includes(`Order #${order.id} confirmed`))).toHaveLength(1);
      // The runner holds the one mail it is stuck on.
      expect(queued.filter((j) => j.locked_by !== null).map((j) => j.name)).toEqual([MAIL_JOB]);
      expect(hanging.received).toHaveLength(0);
    } finally {
      // The silent server goes away: the stuck attempt fails and stop() can return.
      await hanging.close();
      await runner.stop();
    }
    const attempted = (await jobs(MAIL_JOB)).filter((j) => j.attempts > 0);
    expect(attempted).toEqual([expect.objectContaining({ state: "pending", attempts: 1, locked_by: null })]);
  });

  it("mail queued before a restart is delivered by the next server's runner", async () => {
    const { userId, addressId } = await buyerWithAddress("restart@shop.test");
    const product = await insertProduct(
      t.db,
      { sku: "SKU-RESTART", name: "Restart", description: "", priceCents: 100, stock: 5, category: "novelty" },
      [],
    );
    // The order is placed; the server stops before any runner delivered its mail.
    const { order } = await placeOrder(t.db, {
      userId,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [{ id: product, quantity: 1 }],
    });
    expect(devOutbox().filter((m) => m.subject === `Order #${order.id} confirmed`)).toHaveLength(0);

    // A new server: its own connection to the database, its own runner.
    const next: Kysely<DB> = connect(t.url ? { databaseUrl: t.url, dataDir: t.dataDir } : { dataDir: t.dataDir });
    const runner = startJobRunner({ db: next, pollMs: 50 });
    try {
      await vi.waitFor(
        () => expect(devOutbox().filter((m) => m.subject === `Order #${order.id} confirmed`)).toHaveLength(1),
        { timeout: 5000 },
      );
    } finally {
      await runner.stop();
      await next.destroy();
    }
    expect((await jobs(MAIL_JOB)).map((j) => j.state)).toEqual(["done", "done"]);
  });

  it("/forgot does the same work for an address with an account and one without: one job, no mail sent in the request", async () => {
    await ensureAccount(t.db, { email: "known@shop.test", name: "Known", role: "customer" });
    const outboxBefore = devOutbox().length;

    await requestPasswordReset(t.db, "Known@shop.test", nextIp());
    await requestPasswordReset(t.db, "nobody@shop.test", nextIp());
    const queued = await jobs();
    expect(sorted(queued.map((j) => [j.name, JSON.parse(j.payload)]))).toEqual([
      ["forgot-password", { email: "known@shop.test" }],
      ["forgot-password", { email: "nobody@shop.test" }],
    ]);
    expect(devOutbox()).toHaveLength(outboxBefore);

    // After the answer, the job decides: a reset mail for the account, nothing otherwise.
    await runJobsUntilIdle({ db: t.db });
    const sent = devOutbox().slice(outboxBefore);
    expect(sent.map((m) => m.to)).toEqual(["known@shop.test"]);
    expect(sent[0]?.text).toMatch(/\/reset-password\?token=/);
  });

  it("resending verification does the same work for every address; only an unverified account gets a mail", async () => {
    await registerCustomer(t.db, registration("pending@shop.test"), nextIp());
    await ensureAccount(t.db, { email: "done@shop.test", name: "Done", role: "admin" });
    await runJobsUntilIdle({ db: t.db });
    await t.db.deleteFrom("jobs").execute();
    const outboxBefore = devOutbox().length;

    for (const email of ["pending@shop.test", "done@shop.test", "nobody@shop.test"]) {
      await resendVerification(t.db, email, nextIp());
    }
    expect((await jobs()).map((j) => j.name)).toEqual([
      "resend-verification",
      "resend-verification",
      "resend-verification",
    ]);
    expect(devOutbox()).toHaveLength(outboxBefore);
    await runJobsUntilIdle({ db: t.db });
    expect(
      devOutbox()
        .slice(outboxBefore)
        .map((m) => m.to),
    ).toEqual(["pending@shop.test"]);
  });

  it("registering queues exactly one mail, for a new address and for one that has an account", async () => {
    await ensureAccount(t.db, { email: "owner@shop.test", name: "Owner", role: "admin" });
    const outboxBefore = devOutbox().length;
    await registerCustomer(t.db, registration("fresh@shop.test"), nextIp());
    await registerCustomer(t.db, registration("owner@shop.test"), nextIp());
    const queued = await jobs();
    expect(sorted(queued.map((j) => [j.name, JSON.parse(j.payload).mail.to]))).toEqual([
      [MAIL_JOB, "fresh@shop.test"],
      [MAIL_JOB, "owner@shop.test"],
    ]);
    expect(devOutbox()).toHaveLength(outboxBefore);
  });
});
