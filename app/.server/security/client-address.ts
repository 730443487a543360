import type { Request } from "express";

/** The client's address: Express resolves X-Forwarded-For itself when `trust proxy` is set. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
