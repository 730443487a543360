import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../runtime/env";
import { log } from "../runtime/log";

let secret: string | undefined;

/**
 * The key that signs sessions and cookies: SESSION_SECRET, or else a random one generated once and
 * kept in DATA_DIR/session-secret (mode 600), never in the repo. Several app servers must share
 * one SESSION_SECRET; a production server without it says so in its log.
 */
export function sessionSecret(): string {
  if (secret) return secret;
  const e = env();
  if (e.SESSION_SECRET) {
    secret = e.SESSION_SECRET;
    return secret;
  }
  if (e.isProduction) {
    log.warn(
      "SESSION_SECRET is not set: using a secret generated into DATA_DIR (set SESSION_SECRET when running several servers)",
    );
  }
  const file = path.join(e.DATA_DIR, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(e.DATA_DIR, { recursive: true });
    const fresh = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
      secret = fresh;
    } catch {
      // Another process wrote it first.
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  return secret;
}
