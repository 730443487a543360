import type dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import * as WEBHOOK_MESSAGES from "~/lib/messages/webhooks";
import { hostOf, type ResolvedAddress, resolveAllowed } from "./address-guard";

/** A receiver has this long to answer, connection included (decision 0073). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Most of an answer's body read (and thrown away): enough to finish the exchange. */
const MAX_BODY_BYTES = 64 * 1024;

export interface SignedMessage {
  id: string;
  body: string;
  /** The current secret, and the previous one during a roll's overlap. */
  secrets: string[];
}

export interface SendOutcome {
  /** The receiver's status code, or null when none came (refused, timed out, unreachable). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * The Standard Webhooks headers of one message: webhook-id, webhook-timestamp (seconds) and
 * webhook-signature, one "v1,…" per secret separated by spaces (a rolled secret's overlap).
 */
export function signatureHeaders(message: SignedMessage, at: Date): Record<string, string> {
  const signatures = message.secrets.map((secret) => new Webhook(secret).sign(message.id, at, message.body));
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

/** A lookup that answers the address already checked, whatever name it is asked about. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

/**
 * Sends one signed message: the URL's host is resolved and every address judged now (not when
 * the endpoint was saved: DNS may have changed), and the connection goes to the address that was
 * judged (a pinned lookup), so a second resolution cannot steer it elsewhere. Redirects are not
 * followed (a 3xx is a failure like any non-2xx). Never throws: the outcome says what happened.
 */
export async function sendSigned(
  url: string,
  message: SignedMessage,
  options: {
    allowPrivate: boolean;
    allowHttp: boolean;
    timeoutMs?: number;
    now?: Date;
    /** The resolver (tests give one that answers a name of their own). */
    lookup?: typeof dns.lookup;
  },
): Promise<SendOutcome> {
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): SendOutcome => ({
    statusCode,
    error,
    durationMs: Date.now() - started,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done(null, WEBHOOK_MESSAGES.attemptUrlInvalid);
  }
  const secure = target.protocol === "https:";
  if (!secure && !(target.protocol === "http:" && options.allowHttp))
    return done(null, WEBHOOK_MESSAGES.attemptHttpsOnly);
  const host = hostOf(target);
  const resolution = await resolveAllowed(host, {
    allowPrivate: options.allowPrivate,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  if (!resolution.ok)
    return done(
      null,
      resolution.reason === "forbidden" ? WEBHOOK_MESSAGES.attemptRefused(resolution.detail) : resolution.detail,
    );
  const pinned = resolution.addresses[0] as ResolvedAddress;
  const headers = {
    ...signatureHeaders(message, options.now ?? new Date()),
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(message.body)),
    "user-agent": "TrinityWholesale-Webhooks/1",
  };
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(statusCode, error));
    };
    const request = (secure ? https : http).request(
      {
        protocol: target.protocol,
        hostname: host,
        port: target.port || (secure ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        method: "POST",
        headers,
        lookup: pinnedLookup(pinned),
        // The certificate is checked against the name, while the connection goes to the pinned address.
        ...(secure ? { servername: pinned.address === host ? undefined : host } : {}),
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? null;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_BODY_BYTES) {
            response.destroy();
            finish(statusCode, null);
          }
        });
        response.on("end", () => finish(statusCode, null));
        response.on("error", () => finish(statusCode, null));
        response.on("close", () => finish(statusCode, null));
      },
    );
    const timer = setTimeout(() => {
      finish(null, WEBHOOK_MESSAGES.attemptTimedOut(Math.round(timeoutMs / 1000)));
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => finish(null, error.message.slice(0, 500)));
    request.end(message.body);
  });
}
