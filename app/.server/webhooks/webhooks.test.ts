import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as WEBHOOK_MESSAGES from "~/lib/messages/webhooks";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { insertProduct } from "../catalog/product-writes";
import { placeOrder } from "../flows/place-order";
import { runDueJobs, runJobsUntilIdle } from "../jobs/run-due";
import { resetEnvForTests } from "../runtime/env";
import { embeddedIPv4, isForbiddenAddress, resolveAllowed } from "./address-guard";
import { attemptDelivery, MAX_ATTEMPTS, RETRY_DELAYS_MS, signingSecrets } from "./delivery";
import {
  checkEndpointUrl,
  createEndpoint,
  deliveryLog,
  findEndpoint,
  replayMessage,
  rollSecret,
  SECRET_OVERLAP_MS,
  setEndpointEnabled,
} from "./endpoints";
import { emitWebhook } from "./events";
import { sendSigned } from "./send";

/**
 * Webhooks against a real receiver (node:http on 127.0.0.1, port 0) that verifies every
 * signature with the standardwebhooks library (issue 42). The store's setting lets the loopback
 * receiver in for these tests; the address guard is tested with it off.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Answer = (request: Received, response: http.ServerResponse) => void;

let t: TestDatabase;
let server: http.Server;
let base: string;
const received: Received[] = [];
let answers: Answer[] = [];
const ok: Answer = (_r, res) => res.writeHead(204).end();

function answer(status: number, headers: Record<string, string> = {}): Answer {
  return (_r, res) => res.writeHead(status, headers).end("answer");
}

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = "true";
  process.env.WEBHOOK_ALLOW_HTTP = "true";
  resetEnvForTests();
  t = await setupTestDatabase();
  await ensureAccount(t.db, { email: "hooks-admin@test.invalid", name: "Hooks Admin", role: "admin" });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(r);
      (answers.shift() ?? ok)(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.cleanup();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES;
  delete process.env.WEBHOOK_ALLOW_HTTP;
  resetEnvForTests();
});

beforeEach(async () => {
  received.length = 0;
  answers = [];
  await t.db.deleteFrom("jobs").execute();
  await t.db.deleteFrom("webhook_endpoints").execute();
});

async function endpoint(path: string, events = ["order.placed" as const]) {
  const id = await createEndpoint(t.db, { url: `${base}${path}`, description: "test receiver", events }, TEST_ADMIN);
  const found = await findEndpoint(t.db, id);
  if (!found) throw new Error("endpoint not saved");
  return found;
}

/** One event emitted as a flow does, in a committed transaction. */
async function emitOne(orderId = 1) {
  await t.db.transaction().execute(async (trx) => {
    await emitWebhook(trx, "order.placed", {
      orderId,
      businessId: "b-1",
      status: "Processing",
      totalCents: 1234,
      itemCount: 2,
    });
  });
  const m = await t.db
    .selectFrom("webhook_messages")
    .select("id")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  return m.id;
}

function verify(secret: string, r: Received) {
  return new Webhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  });
}

async function messageRow(id: string) {
  return t.db.selectFrom("webhook_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function endpointRow(id: number) {
  return t.db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe(`webhook deliveries (${ON})`, () => {
  it("delivers an order placed through the real flow, signed as Standard Webhooks says", async () => {
    const hook = await endpoint("/orders");
    const { id: businessId, addressId } = await customerWithAddress(t.db, "hooks-buyer@test.invalid");
    const product = await insertProduct(
      t.db,
      { sku: "HOOK-1", name: "Hook Glass", description: "", priceCents: 2500, stock: 50, category: "accessories" },
      [],
    );
    const { order } = await placeOrder(t.db, {
      userId: businessId,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [{ id: product, quantity: 2 }],
    });
    await runJobsUntilIdle({ db: t.db });
    expect(received).toHaveLength(1);
    const [r] = received as [Received];
    expect(r.path).toBe("/orders");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["webhook-id"]).toMatch(/^msg_/);
    const payload = verify(hook.secret, r) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toEqual({
      type: "order.placed",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: { orderId: order.id, businessId, status: "Processing", totalCents: 5000, itemCount: 2 },
    });
    // Ids and key facts only: never a product's cost (nor any line's).
    expect(r.body).not.toMatch(/cost/i);
    // A tampered body does not verify.
    expect(() => verify(hook.secret, { ...r, body: r.body.replace("5000", "1") })).toThrow();
    const [entry] = await deliveryLog(t.db, hook.id);
    expect(entry).toMatchObject({ eventType: "order.placed", status: "delivered" });
    expect(entry?.attempts).toEqual([
      { at: expect.any(String), statusCode: 204, error: null, durationMs: expect.any(Number) },
    ]);
  });

  it("retries after a 500 on its schedule, with the same id, and then counts the 2xx as delivered", async () => {
    const hook = await endpoint("/flaky");
    answers = [answer(500), answer(202)];
    const id = await emitOne();
    const start = Date.now();
    expect(await runDueJobs({ db: t.db, now: start })).toMatchObject({ claimed: 1, done: 1 });
    let m = await messageRow(id);
    expect(m).toMatchObject({ status: "pending", attempts: 1 });
    expect((await endpointRow(hook.id)).failing_since).not.toBeNull();
    // Not before the first delay.
    expect(await runDueJobs({ db: t.db, now: start + RETRY_DELAYS_MS[0] - 1 })).toMatchObject({ claimed: 0 });
    expect(await runDueJobs({ db: t.db, now: start + RETRY_DELAYS_MS[0] })).toMatchObject({ claimed: 1 });
    m = await messageRow(id);
    expect(m).toMatchObject({ status: "delivered", attempts: 2 });
    expect(received.map((r) => r.headers["webhook-id"])).toEqual([id, id]);
    for (const r of received) verify(hook.secret, r);
    const [entry] = await deliveryLog(t.db, hook.id);
    expect(entry?.attempts.map((a) => a.statusCode)).toEqual([500, 202]);
    expect((await endpointRow(hook.id)).failing_since).toBeNull();
  });

  it("disables the endpoint on 410 Gone and mails the admins", async () => {
    const hook = await endpoint("/gone");
    answers = [answer(410)];
    const id = await emitOne();
    await runJobsUntilIdle({ db: t.db });
    expect((await messageRow(id)).status).toBe("failed");
    const row = await endpointRow(hook.id);
    expect(row).toMatchObject({ enabled: 0, disabled_reason: "gone" });
    expect((await findEndpoint(t.db, hook.id))?.disabledReason).toBe(WEBHOOK_MESSAGES.disabledGone);
    const mails = await t.db.selectFrom("jobs").select("payload").where("name", "=", "mail").execute();
    expect(
      mails.some(
        (j) => j.payload.includes("hooks-admin@test.invalid") && j.payload.includes("Webhook endpoint disabled"),
      ),
    ).toBe(true);
    // A disabled endpoint gets no new messages.
    await emitOne(2);
    expect(
      await t.db.selectFrom("webhook_messages").select("id").where("endpoint_id", "=", hook.id).execute(),
    ).toHaveLength(1);
    expect(received).toHaveLength(1);
  });

  it("counts a receiver that does not answer in time as a failed attempt", async () => {
    const hook = await endpoint("/slow");
    answers = [() => {}];
    const id = await emitOne();
    const outcome = await attemptDelivery(t.db, id, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ statusCode: null, error: expect.stringMatching(/No answer within/) });
    expect(await messageRow(id)).toMatchObject({ status: "pending", attempts: 1 });
    const [entry] = await deliveryLog(t.db, hook.id);
    expect(entry?.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/No answer/) });
  });

  it("fails a message after its last attempt and disables the endpoint", async () => {
    const hook = await endpoint("/down");
    answers = [answer(503)];
    const id = await emitOne();
    await t.db
      .updateTable("webhook_messages")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where("id", "=", id)
      .execute();
    await attemptDelivery(t.db, id);
    expect(await messageRow(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(await endpointRow(hook.id)).toMatchObject({ enabled: 0, disabled_reason: "exhausted" });
  });

  it("disables an endpoint whose deliveries have failed for three days, even with attempts left", async () => {
    const hook = await endpoint("/failing");
    answers = [answer(500)];
    const id = await emitOne();
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * 3600_000).toISOString();
    await t.db.updateTable("webhook_endpoints").set({ failing_since: fourDaysAgo }).where("id", "=", hook.id).execute();
    await attemptDelivery(t.db, id);
    expect(await messageRow(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await endpointRow(hook.id)).toMatchObject({ enabled: 0, disabled_reason: "failing" });
    // Enabled again by an admin: its failures are forgotten, and a replay goes through.
    await setEndpointEnabled(t.db, hook.id, true, TEST_ADMIN);
    expect(await endpointRow(hook.id)).toMatchObject({ enabled: 1, disabled_reason: null, failing_since: null });
    await replayMessage(t.db, hook.id, id, TEST_ADMIN);
    await runJobsUntilIdle({ db: t.db });
    expect((await messageRow(id)).status).toBe("delivered");
  });

  it("replays a delivered message with the same id and body, as a new round of attempts", async () => {
    const hook = await endpoint("/replay");
    const id = await emitOne();
    await runJobsUntilIdle({ db: t.db });
    await replayMessage(t.db, hook.id, id, TEST_ADMIN);
    expect((await messageRow(id)).status).toBe("pending");
    await runJobsUntilIdle({ db: t.db });
    expect(received).toHaveLength(2);
    expect(received[1]?.headers["webhook-id"]).toBe(id);
    expect(received[1]?.body).toBe(received[0]?.body);
    verify(hook.secret, received[1] as Received);
    const [entry] = await deliveryLog(t.db, hook.id);
    expect(entry?.attempts).toHaveLength(2);
    expect(entry?.status).toBe("delivered");
    // Refused while the endpoint is off; the audit log has the replay.
    await setEndpointEnabled(t.db, hook.id, false, TEST_ADMIN);
    await expect(replayMessage(t.db, hook.id, id, TEST_ADMIN)).rejects.toThrow(WEBHOOK_MESSAGES.replayNeedsEnabled);
    const audit = await t.db.selectFrom("audit_log").select("action").where("subject_type", "=", "webhook").execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["webhook.create", "webhook.replay", "webhook.disable"]),
    );
  });

  it("signs with both secrets during a roll's overlap, then with the new one only", async () => {
    const hook = await endpoint("/roll");
    await rollSecret(t.db, hook.id, TEST_ADMIN);
    const rolled = await findEndpoint(t.db, hook.id);
    expect(rolled?.secret).not.toBe(hook.secret);
    expect(rolled?.secret).toMatch(/^whsec_/);
    expect(rolled?.previousSecretUntil).not.toBeNull();
    await emitOne();
    await runJobsUntilIdle({ db: t.db });
    const [r] = received as [Received];
    expect(String(r.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    // A receiver with the old secret and one with the new both verify it.
    verify(hook.secret, r);
    verify(rolled?.secret as string, r);
    const row = await endpointRow(hook.id);
    const later = Date.now() + SECRET_OVERLAP_MS + 1000;
    expect(signingSecrets(row, later)).toEqual([rolled?.secret]);
    expect((await findEndpoint(t.db, hook.id, later))?.previousSecretUntil).toBeNull();
  });

  it("does not follow a redirect: a 3xx is a failed attempt and the target hears nothing", async () => {
    const hook = await endpoint("/moved");
    answers = [answer(307, { location: `${base}/elsewhere` })];
    const id = await emitOne();
    await attemptDelivery(t.db, id);
    expect(received.map((r) => r.path)).toEqual(["/moved"]);
    expect(await messageRow(id)).toMatchObject({ status: "pending", attempts: 1 });
    const [entry] = await deliveryLog(t.db, hook.id);
    expect(entry?.attempts[0]?.statusCode).toBe(307);
  });

  it("connects to the address it checked, whatever name the URL gives (a pinned lookup)", async () => {
    const port = (server.address() as AddressInfo).port;
    const lookup = (async () => [
      { address: "127.0.0.1", family: 4 },
    ]) as unknown as typeof import("node:dns/promises").lookup;
    const outcome = await sendSigned(
      `http://hooks.example.test:${port}/pinned`,
      { id: "msg_pinned", body: "{}", secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"] },
      { allowPrivate: true, allowHttp: true, lookup },
    );
    expect(outcome.statusCode).toBe(204);
    expect(received[0]?.headers.host).toBe(`hooks.example.test:${port}`);
  });
});

describe("the address guard, with private addresses not allowed", () => {
  it("refuses loopback, private, link-local, CGNAT, multicast and metadata addresses, IPv4 and IPv6", () => {
    const refused = [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.254",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd00:ec2::254",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::ffff:10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:0101::1",
      "not an address",
    ];
    for (const address of refused) expect([address, isForbiddenAddress(address)]).toEqual([address, true]);
    for (const address of [
      "93.184.216.34",
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
    ])
      expect([address, isForbiddenAddress(address)]).toEqual([address, false]);
    expect(embeddedIPv4("::ffff:7f00:1")).toBe("127.0.0.1");
  });

  it("judges every address a name resolves to", async () => {
    const lookup = (async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "::ffff:192.168.0.9", family: 6 },
    ]) as unknown as typeof import("node:dns/promises").lookup;
    expect(await resolveAllowed("mixed.example.test", { allowPrivate: false, lookup })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await resolveAllowed("mixed.example.test", { allowPrivate: true, lookup })).toMatchObject({ ok: true });
  });

  it("sends nothing to a loopback receiver, by address or by a name that resolves to it", async () => {
    received.length = 0;
    const port = (server.address() as AddressInfo).port;
    const message = { id: "msg_guard", body: "{}", secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"] };
    const lookup = (async () => [
      { address: "127.0.0.1", family: 4 },
    ]) as unknown as typeof import("node:dns/promises").lookup;
    for (const url of [`http://127.0.0.1:${port}/x`, `http://[::ffff:127.0.0.1]:${port}/x`, `http://[::1]:${port}/x`]) {
      const outcome = await sendSigned(url, message, { allowPrivate: false, allowHttp: true });
      expect(outcome).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Refused/) });
    }
    const named = await sendSigned(`http://rebinding.example.test:${port}/x`, message, {
      allowPrivate: false,
      allowHttp: true,
      lookup,
    });
    expect(named.error).toMatch(/^Refused/);
    const plain = await sendSigned(`http://127.0.0.1:${port}/x`, message, { allowPrivate: true, allowHttp: false });
    expect(plain.error).toMatch(/https/);
    expect(received).toHaveLength(0);
  });

  it("refuses an http URL or a private address when an endpoint is saved, at the URL field", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = "false";
    process.env.WEBHOOK_ALLOW_HTTP = "false";
    resetEnvForTests();
    try {
      await expect(checkEndpointUrl("http://hooks.example.com/x")).rejects.toMatchObject({
        field: "url",
        message: WEBHOOK_MESSAGES.urlMustBeHttps,
      });
      for (const url of [
        "https://127.0.0.1/x",
        "https://[::1]/x",
        "https://[::ffff:a9fe:a9fe]/latest/meta-data",
        "https://169.254.169.254/latest/meta-data",
        "https://10.0.0.8/hook",
        "https://localhost/hook",
      ])
        await expect(checkEndpointUrl(url)).rejects.toMatchObject({
          field: "url",
          message: WEBHOOK_MESSAGES.urlForbiddenAddress,
        });
      await expect(checkEndpointUrl("https://user:pw@hooks.example.com/")).rejects.toMatchObject({ field: "url" });
      // A public address (or a name that does not resolve yet) is accepted; deliveries judge it again.
      expect(await checkEndpointUrl("https://93.184.216.34/hook")).toBe("https://93.184.216.34/hook");
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = "true";
      process.env.WEBHOOK_ALLOW_HTTP = "true";
      resetEnvForTests();
    }
  });
});
