import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { prettyFactory } from "pino-pretty";
import { type LogSettings, logSettings } from "./env";

/**
 * Structured logs (pino): JSON lines, or one readable line per entry for a person at a terminal
 * (LOG_FORMAT, see logSettings in env.ts). Every line written while handling a request carries
 * its `reqId`. Secrets never reach the log: known fields are redacted, and URLs are logged with
 * the values of sensitive query parameters removed.
 */
const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** An error as a log field: type, message, code and stack, never the objects hanging off it. */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    stack: error.stack,
  };
}

/**
 * Pretty lines, formatted in this thread as each entry is written (pino-pretty's formatter, not
 * its worker-thread transport): nothing is lost when the process exits, and no thread is spawned.
 */
function prettyStream(out: { write(line: string): unknown }): pino.DestinationStream {
  const prettify = prettyFactory({
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service",
    singleLine: true,
  });
  return { write: (line: string) => void out.write(prettify(line)) };
}

/** A logger writing to `destination` (default: stdout) in the given settings' level and format. */
export function createLogger(destination?: pino.DestinationStream, settings: LogSettings = logSettings()) {
  const target = settings.format === "pretty" ? prettyStream(destination ?? process.stdout) : destination;
  return pino(
    {
      level: settings.level,
      base: { service: "store" },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin() {
        const ctx = requestContext.getStore();
        return ctx ? { reqId: ctx.reqId } : {};
      },
      redact: {
        paths: [
          "password",
          "*.password",
          "newPassword",
          "currentPassword",
          "token",
          "*.token",
          "cookie",
          "*.cookie",
          "headers.cookie",
          "headers.authorization",
          "*.headers.cookie",
          "*.headers.authorization",
          "secret",
          "*.secret",
        ],
        censor: "[redacted]",
      },
      serializers: { err: serializeError },
    },
    target,
  );
}

export const log = createLogger();

export function withRequestId<T>(reqId: string, fn: () => T): T {
  return requestContext.run({ reqId }, fn);
}

const SENSITIVE_PARAM = /token|password|secret|code|key|signature/i;

/** A URL for the log: path and query, with the values of sensitive parameters removed. */
export function loggableUrl(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of [...params.keys()]) if (SENSITIVE_PARAM.test(name)) params.set(name, "[redacted]");
  return `${url.slice(0, q)}?${params.toString()}`;
}
