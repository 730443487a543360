import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

let secret: string | undefined;

/**
 * The key that signs sessions and cookies. Production requires SESSION_SECRET (checked by env.ts);
 * elsewhere a random one is generated once and kept in DATA_DIR/session-secret, never in the repo.
 */
export function sessionSecret(): string {
  if (secret) return secret;
  const e = env();
  if (e.SESSION_SECRET) {
    secret = e.SESSION_SECRET;
    return secret;
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
