import type { IncomingMessage } from "node:http";
import { env } from "../env";

/**
 * The client's address. Express resolves X-Forwarded-For itself when `trust proxy` is set
 * (req.ip); a plain Node request (the visitor cache, before Express) is resolved the same way.
 */
export function clientAddress(req: IncomingMessage & { ip?: string }): string {
  if (req.ip) return req.ip;
  const forwarded = env().TRUST_PROXY ? req.headers["x-forwarded-for"] : undefined;
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return first || req.socket.remoteAddress || "unknown";
}
