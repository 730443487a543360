import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { type RunningServer, startServer } from "../../support/server-process";
import type { TestAccount } from "./data";

/**
 * A server of a spec's own, for settings the shared e2e server does not run with (a minimum
 * order...): the built app on a free port with a fresh SQLite folder, started in `beforeAll`.
 *
 * The set-up helpers of this folder (createCustomer, freshProduct) write through the process-wide
 * database, which in a test worker is the shared server's. `setUp` runs them in a child process
 * whose support/env.ts points at this server's folder instead (other-server-setup.ts).
 */
export interface OtherServer {
  origin: string;
  dataDir: string;
  setUp(recipe: SetUpRecipe): Promise<SetUpResult>;
  stop(): Promise<void>;
}

export interface SetUpRecipe {
  customers?: { verified?: boolean; withAddress?: boolean }[];
  /** How many admin accounts to make. */
  admins?: number;
  products?: { name: string; priceCents: number; stock: number; category?: string }[];
}

export interface SetUpResult {
  customers: TestAccount[];
  admins: TestAccount[];
  products: number[];
}

const run = promisify(execFile);
const SETUP_SCRIPT = path.join(import.meta.dirname, "other-server-setup.ts");

export async function startOtherServer(env: Record<string, string>): Promise<OtherServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-own-server-"));
  let server: RunningServer;
  try {
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "20", ...env });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin: server.origin,
    dataDir,
    async setUp(recipe) {
      const { stdout } = await run(process.execPath, ["--import", "tsx", SETUP_SCRIPT, JSON.stringify(recipe)], {
        env: { ...process.env, E2E_SETUP_DATA_DIR: dataDir },
      });
      return JSON.parse(stdout.trim().split("\n").at(-1) ?? "null") as SetUpResult;
    },
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs `account` in through the Log In form post; the page's context keeps the session cookie. */
export async function logInTo(
  page: Page,
  server: Pick<OtherServer, "origin">,
  account: Pick<TestAccount, "email" | "password">,
): Promise<void> {
  const res = await page.request.post(`${server.origin}/login`, {
    form: { identifier: account.email, password: account.password, redirectTo: "/" },
    headers: { Origin: server.origin },
    maxRedirects: 0,
  });
  expect(res.status(), "signed in").toBe(302);
}
