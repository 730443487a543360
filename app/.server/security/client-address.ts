import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import proxyaddr from "proxy-addr";
import { env } from "../runtime/env";

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

/**
 * The network a client address stands for when attempts are counted (rate limits): an IPv4
 * address itself, an IPv6 address its /64 ("2001:db8:1:2::/64"). One IPv6 subscriber commonly
 * holds a whole /64 and can use any of its 2^64 addresses, so counting single IPv6 addresses let
 * one client send the owner of an address 40 "someone registered" mails (issue 26). IPv4-mapped
 * IPv6 ("::ffff:10.0.0.1") is the IPv4 address; a zone ("%eth0") is dropped. Anything else (an
 * unknown address) is counted as it is.
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const front = head ? head.split(":") : [];
  const back = rest === undefined ? [] : rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - front.length - back.length).fill("0");
  return [...front, ...zeros, ...back].map((g) => Number.parseInt(g, 16));
}
