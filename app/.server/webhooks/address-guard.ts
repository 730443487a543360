import dns from "node:dns/promises";
import net from "node:net";

/**
 * The addresses a webhook may never reach (decision 0073): this machine, the private networks,
 * link-local (and so the cloud metadata service, 169.254.169.254 and fd00:ec2::254), CGNAT,
 * multicast, and the reserved and documentation ranges, in IPv4 and IPv6. An IPv4 address
 * carried in IPv6 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::, 6to4 2002::)
 * is judged as the IPv4 address it carries.
 */
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const V6_BLOCKED: [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const blocked = new net.BlockList();
for (const [address, prefix] of V4_BLOCKED) blocked.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of V6_BLOCKED) blocked.addSubnet(address, prefix, "ipv6");

/** The 8 groups of an IPv6 address as numbers (null when it is not one). */
function v6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail is two groups.
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const parts = (dotted[2] as string).split(".").map(Number);
    const [a, b, c, d] = parts as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : new Array(8 - h.length - t.length).fill("0");
  const groups = [...h, ...fill, ...t].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function v4FromGroups(hi: number, lo: number): string {
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(address: string): string | null {
  const g = v6Groups(address);
  if (!g) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated)
  if (zeroTo(5) && g5 === 0xffff) return v4FromGroups(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4FromGroups(g6, g7);
  // ::a.b.c.d (compatible, deprecated); :: and ::1 are judged as themselves
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return v4FromGroups(g6, g7);
  // 64:ff9b::a.b.c.d and 64:ff9b:1::/48 (NAT64)
  if (g0 === 0x64 && g1 === 0xff9b && (g2 === 0 || g2 === 1)) return v4FromGroups(g6, g7);
  // 2002:aabb:ccdd::/16 (6to4)
  if (g0 === 0x2002) return v4FromGroups(g1, g2);
  void g3;
  return null;
}

/** Whether a webhook may connect to this IP address (a literal, IPv4 or IPv6). */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIPv4(address);
  if (inner !== null && blocked.check(inner, "ipv4")) return true;
  const zone = address.indexOf("%");
  return blocked.check(zone >= 0 ? address.slice(0, zone) : address, "ipv6");
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolution =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; reason: "unresolved" | "forbidden"; detail: string };

/** A URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * Resolves a host name and judges every address it resolves to: one forbidden address refuses
 * the host (a name that answers with a public and a private address could be steered to the
 * private one). `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_ADDRESSES, tests only) lifts the check.
 */
export async function resolveAllowed(
  host: string,
  options: { allowPrivate: boolean; lookup?: typeof dns.lookup },
): Promise<Resolution> {
  let addresses: ResolvedAddress[];
  const literal = net.isIP(host);
  if (literal !== 0) addresses = [{ address: host, family: literal as 4 | 6 }];
  else {
    try {
      const found = await (options.lookup ?? dns.lookup)(host, { all: true, verbatim: true });
      addresses = found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch (error) {
      return { ok: false, reason: "unresolved", detail: error instanceof Error ? error.message : String(error) };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "unresolved", detail: `${host} has no address` };
  if (!options.allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad)
      return { ok: false, reason: "forbidden", detail: `${host} resolves to ${bad.address}, a forbidden address` };
  }
  return { ok: true, addresses };
}
