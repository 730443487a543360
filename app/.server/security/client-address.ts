import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { env } from "../env";

/**
 * Which X-Forwarded-For hops to believe, from TRUST_PROXY (see env.ts): none, the last N hops,
 * or hops from the named proxies' addresses. A client can put anything in the header; only the
 * entries written by trusted proxies count, so the address is the one the outermost trusted
 * proxy saw.
 */
type Trust = (address: string, hop: number) => boolean;

let compiled: { setting: unknown; trust: Trust } | undefined;

function trustFunction(setting = env().TRUST_PROXY): Trust {
  if (compiled?.setting === setting) return compiled.trust;
  const trust: Trust =
    setting === false
      ? () => false
      : typeof setting === "number"
        ? (_address, hop) => hop < setting
        : proxyaddr.compile(setting);
  compiled = { setting, trust };
  return trust;
}

/**
 * The client's address. Express resolves it itself (req.ip, with the same `trust proxy`
 * setting); a plain Node request (the visitor cache runs before Express) is resolved here the
 * same way.
 */
export function clientAddress(req: IncomingMessage & { ip?: string }): string {
  if (req.ip) return req.ip;
  if (!req.socket.remoteAddress) return "unknown";
  return proxyaddr(req, trustFunction());
}
