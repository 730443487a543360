import type { Kysely } from "kysely";
import pg from "pg";
import { log } from "../runtime/log";
import { dialectOf } from "./connect";
import type { DB } from "./schema";
import { readVersions, type Versions } from "./versions";

/**
 * What an app server on PostgreSQL knows of the cache counters and of stock changes without
 * asking (issue 28, decision 0042). One connection per server listens on 'store_changes'
 * (migration 0032): the counters it hears replace the query a cached page read on every request,
 * and the stock changes it hears replace the stock query of a buyer's product page.
 *
 * It is trusted only while it listens, and not for a while after this server did anything that
 * may have written (a request that reached the app): a change this server just committed must
 * show on the very next page, whether or not its notification has been read yet. Then, and while
 * the connection is down or being made again, the counters are read from the database as before.
 * A change made through another server reaches this one when its notification does (milliseconds).
 */
export const CHANGES_CHANNEL = "store_changes";

/** How long after this server's own activity the database is asked anyway. */
export const QUIET_MS = 1_000;
const RETRY_MS = 1_000;
/**
 * How often the watch notifies itself through its own connection. A ping not heard by the next
 * one means nothing else would be heard either (a connection silently cut, a pooler that does not
 * carry LISTEN): the watch stops being trusted and connects again.
 */
export const PING_MS = 5_000;
/** Products whose stock change is remembered one by one; past that, every older ticket is doubted. */
const MAX_STOCK_ENTRIES = 50_000;

export class VersionsWatch {
  private client: pg.Client | null = null;
  private known: Versions | null = null;
  private listening = false;
  /** Moves with every stock change heard, and when listening starts. */
  private seq = 0;
  /** Tickets older than this were taken while nothing was heard. */
  private epoch = 1;
  private stock = new Map<number, number>();
  private quietUntil = 0;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private readyWaiters: (() => void)[] = [];
  private readonly id = Math.random().toString(36).slice(2);
  private pingTimer: NodeJS.Timeout | null = null;
  private pingsSent = 0;
  private pingsHeard = 0;

  constructor(
    private readonly url: string,
    private readonly now: () => number = Date.now,
    private readonly pingMs: number = PING_MS,
  ) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    if (this.pingTimer) clearInterval(this.pingTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Whether what was heard stands for the database now. */
  get trusted(): boolean {
    return this.listening && this.known !== null && this.now() >= this.quietUntil;
  }

  /** Resolves once the server listens (tests; startup does not wait for it). */
  ready(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** This server is handling something that may write: ask the database for a while. */
  touched(): void {
    this.quietUntil = this.now() + QUIET_MS;
  }

  /** The counters: as heard while trusted, otherwise read (and what is read is kept). */
  async versions(db: Kysely<DB>): Promise<Versions> {
    if (this.trusted && this.known) return this.known;
    const read = await readVersions(db);
    if (this.listening) this.merge(read);
    return read;
  }

  /** A ticket to take before reading a product's stock for a page. */
  stockTicket(): number {
    return this.seq;
  }

  /** The product's stock has surely not moved since the ticket was taken. */
  stockUnchangedSince(productId: number, ticket: number): boolean {
    return this.trusted && ticket >= this.epoch && (this.stock.get(productId) ?? 0) <= ticket;
  }

  private merge(read: Versions): void {
    const known = this.known;
    if (!known) return;
    const next = { ...known };
    let moved = false;
    for (const name of Object.keys(next) as (keyof Versions)[]) {
      if (read[name] > next[name]) {
        next[name] = read[name];
        moved = true;
      }
    }
    if (moved) this.known = next;
  }

  private heard(payload: string): void {
    if (payload.startsWith("p:")) {
      const [, from, n] = payload.split(":");
      if (from === this.id) this.pingsHeard = Math.max(this.pingsHeard, Number(n));
      return;
    }
    if (payload.startsWith("s:")) {
      const id = Number(payload.slice(2));
      this.seq++;
      if (this.stock.size >= MAX_STOCK_ENTRIES) {
        this.stock.clear();
        this.epoch = this.seq;
      }
      if (Number.isSafeInteger(id)) this.stock.set(id, this.seq);
      return;
    }
    const match = /^v:(\w+):(\d+)$/.exec(payload);
    if (match && this.known && match[1] && match[1] in this.known) {
      this.merge({ ...this.known, [match[1]]: Number(match[2]) });
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: "store-versions-watch" });
    this.client = client;
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL) this.heard(message.payload ?? "");
    });
    try {
      await client.connect();
      // Listening first, then reading: nothing can commit unheard between the two.
      await client.query(`listen ${CHANGES_CHANNEL}`);
      const { rows } = await client.query<{ name: string; version: number | string }>(
        "select name, version from cache_versions",
      );
      if (this.client !== client) return;
      const versions: Versions = { catalog: 0, prices: 0, compliance: 0, accounts: 0 };
      for (const row of rows) if (row.name in versions) versions[row.name as keyof Versions] = Number(row.version);
      this.known = versions;
      this.stock.clear();
      this.seq++;
      this.epoch = this.seq;
      this.listening = true;
      this.pingsSent = this.pingsHeard = 0;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(client), this.pingMs);
      this.pingTimer.unref();
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** Notifies itself; lost when the previous ping was not heard back. */
  private ping(client: pg.Client): void {
    if (this.client !== client) return;
    if (this.pingsHeard < this.pingsSent) {
      this.lost(client, new Error(`its own notification was not heard within ${this.pingMs} ms`));
      return;
    }
    this.pingsSent++;
    client
      .query("select pg_notify($1, $2)", [CHANGES_CHANNEL, `p:${this.id}:${this.pingsSent}`])
      .catch((error: unknown) => this.lost(client, error));
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (!this.stopped) log.warn({ err: error }, "change notifications lost; reading the counters until they are back");
    client.end().catch(() => undefined);
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, RETRY_MS);
    this.retry.unref();
  }
}

let watch: VersionsWatch | null = null;

/** Starts listening when the store runs on PostgreSQL (the server's startup). */
export function startVersionsWatch(db: Kysely<DB>, databaseUrl: string | undefined): VersionsWatch | null {
  if (watch || !databaseUrl || dialectOf(db) !== "postgres") return watch;
  watch = new VersionsWatch(databaseUrl);
  watch.start();
  return watch;
}

export async function stopVersionsWatch(): Promise<void> {
  const running = watch;
  watch = null;
  await running?.stop();
}

/** The cache counters now: heard on PostgreSQL while that is trusted, read otherwise. */
export function currentVersions(db: Kysely<DB>): Promise<Versions> {
  return watch ? watch.versions(db) : readVersions(db);
}

/** This server is about to handle, or has handled, something that may write. */
export function noteActivity(): void {
  watch?.touched();
}

/** A ticket for a stock read (see VersionsWatch.stockTicket); null without a watch. */
export function stockTicket(): number | null {
  return watch ? watch.stockTicket() : null;
}

/** The product's stock surely has not moved since the ticket (false when unsure). */
export function stockUnchangedSince(productId: number, ticket: number | null | undefined): boolean {
  return watch !== null && ticket !== null && ticket !== undefined && watch.stockUnchangedSince(productId, ticket);
}
