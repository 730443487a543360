import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

/** Starting the built server as a child process, for tests that need a real one (kill, logs). */
export const BUILD_DIR = process.env.BUILD_DIR || "build";
export const hasBuild = fs.existsSync(path.join(BUILD_DIR, "server", "index.js"));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A new, empty PostgreSQL database on the server `baseUrl` names; `drop` removes it. */
export async function scratchDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * The built server started as package.json's "demo" script starts it (node with the heap cap,
 * SEED_DEMO, NODE_ENV unset: production) on `port`, `dataDir` and `databaseUrl` ("" for SQLite).
 * Does not wait: the caller times or polls it. `output` is what it printed so far.
 */
export function spawnDemo(options: {
  port: number;
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
}): { proc: ChildProcess; origin: string; output: () => string } {
  const origin = `http://127.0.0.1:${options.port}`;
  const chunks: string[] = [];
  const proc = spawn(process.execPath, ["--max-old-space-size=256", "--max-semi-space-size=16", "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "",
      SEED_DEMO: "true",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      BASE_URL: origin,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      BUILD_DIR,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d: Buffer) => chunks.push(d.toString()));
  proc.stderr?.on("data", (d: Buffer) => chunks.push(d.toString()));
  return { proc, origin, output: () => chunks.join("") };
}

export interface RunningServer {
  proc: ChildProcess;
  origin: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(env: Record<string, string>, port?: number): Promise<RunningServer> {
  const p = port ?? (await freePort());
  const chunks: string[] = [];
  const proc = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(p),
      BASE_URL: `http://127.0.0.1:${p}`,
      SEED_DEMO: "false",
      BUILD_DIR,
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d: Buffer) => chunks.push(d.toString()));
  proc.stderr?.on("data", (d: Buffer) => chunks.push(d.toString()));
  const origin = `http://127.0.0.1:${p}`;
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${chunks.join("")}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 480) throw new Error(`server never became ready:\n${chunks.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    proc,
    origin,
    output: () => chunks.join(""),
    async stop(signal = "SIGTERM") {
      if (proc.exitCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/**
 * Makes an admin account with the admin CLI (scripts/admin-create.ts) in the database of a server
 * started with `env`. `extra` overrides what the CLI runs with (NODE_ENV, LOG_LEVEL...).
 */
export function createAdminWithCli(
  server: Pick<RunningServer, "origin">,
  env: Record<string, string>,
  account: { email: string; password: string },
  extra: Record<string, string> = {},
): void {
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin-create.ts", "--email", account.email, "--password", account.password],
    { env: { ...process.env, ...env, BASE_URL: server.origin, DATABASE_URL: "", ...extra }, stdio: "pipe" },
  );
}

/** Posts the Log In form as the store's own page would; the answer carries the session cookie. */
export function postLogin(origin: string, account: { email: string; password: string }): Promise<Response> {
  return fetch(`${origin}/login`, {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ identifier: account.email, password: account.password, redirectTo: "/" }),
    redirect: "manual",
  });
}

/** The Cookie header that sends back every cookie `res` set. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
