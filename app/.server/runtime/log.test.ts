import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { EnvError, logSettings } from "./env";
import { createLogger, loggableUrl, withRequestId } from "./log";

const JSON_LOG = { level: "info", format: "json" } as const;

/** A stream that keeps what is written to it, one entry per write. */
function memorySink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe("log URLs", () => {
  it("keeps paths and harmless parameters, and removes secrets", () => {
    expect(loggableUrl("/products/kratom")).toBe("/products/kratom");
    expect(loggableUrl("/search?q=mint")).toBe("/search?q=mint");
    expect(loggableUrl("/verify-email?token=abc.def")).toBe("/verify-email?token=%5Bredacted%5D");
    expect(loggableUrl("/reset-password?token=x&next=/")).not.toContain("token=x");
  });
});

describe("the logger", () => {
  it("writes JSON with the request id and never passwords, tokens or cookies", () => {
    const { lines, stream } = memorySink();
    const logger = createLogger(stream, JSON_LOG);
    withRequestId("req-123", () =>
      logger.info(
        {
          password: "hunter22",
          token: "tok",
          headers: { cookie: "store.session_token=abc", authorization: "Bearer x" },
          user: { password: "p" },
        },
        "login",
      ),
    );
    const entry = JSON.parse(lines[0] ?? "{}");
    expect(entry).toMatchObject({ reqId: "req-123", msg: "login", password: "[redacted]", token: "[redacted]" });
    expect(lines.join("")).not.toMatch(/hunter22|tok"|abc|Bearer|"p"/);
  });
});

describe("logged errors", () => {
  it("keep type, message and code, and drop attached objects such as a database client", () => {
    const { lines, stream } = memorySink();
    const logger = createLogger(stream, JSON_LOG);
    const error = Object.assign(new Error("connection lost"), { code: "57P01", client: { password: "db-secret" } });
    logger.error({ err: error }, "pool error");
    const entry = JSON.parse(lines[0] ?? "{}");
    expect(entry.err).toMatchObject({ type: "Error", message: "connection lost", code: "57P01" });
    expect(lines[0]).not.toContain("db-secret");
  });
});

describe("log settings (LOG_FORMAT, LOG_LEVEL)", () => {
  it("are pretty for a person at a terminal and JSON lines for a pipe or a file, unless LOG_FORMAT says", () => {
    expect(logSettings({}, true)).toEqual({ level: "info", format: "pretty" });
    expect(logSettings({}, false)).toEqual({ level: "info", format: "json" });
    expect(logSettings({ LOG_FORMAT: "json" }, true).format).toBe("json");
    expect(logSettings({ LOG_FORMAT: "pretty" }, false).format).toBe("pretty");
    expect(logSettings({ LOG_FORMAT: "", LOG_LEVEL: "" }, false)).toEqual({ level: "info", format: "json" });
    expect(logSettings({ LOG_LEVEL: "warn" }, false).level).toBe("warn");
  });

  it("refuse unknown values, naming the variable", () => {
    expect(() => logSettings({ LOG_FORMAT: "yaml" }, false)).toThrow(EnvError);
    expect(() => logSettings({ LOG_FORMAT: "yaml" }, false)).toThrow(/LOG_FORMAT/);
    expect(() => logSettings({ LOG_LEVEL: "loud" }, false)).toThrow(/LOG_LEVEL/);
  });
});

describe("the logger's level and format", () => {
  it("writes nothing below LOG_LEVEL", () => {
    const { lines, stream } = memorySink();
    const logger = createLogger(stream, { level: "warn", format: "json" });
    logger.info("routine");
    logger.warn("unusual");
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["unusual"]);
  });

  it("writes one readable line per entry when pretty, synchronously, with secrets still redacted", () => {
    const { lines, stream } = memorySink();
    const logger = createLogger(stream, { level: "info", format: "pretty" });
    withRequestId("req-9", () =>
      logger.info(
        { method: "GET", url: "/cart", status: 200, password: "hunter22", user: { token: "t0k" } },
        "request",
      ),
    );
    // Written before createLogger's caller gets control back: no worker thread, nothing buffered.
    expect(lines).toHaveLength(1);
    const line = stripVTControlCharacters(lines[0] ?? "");
    expect(() => JSON.parse(line)).toThrow();
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request /);
    expect(line).toContain('"reqId":"req-9"');
    expect(line).toContain('"url":"/cart"');
    expect(line).not.toContain('"service"');
    expect(line.trimEnd().split("\n")).toHaveLength(1);
    expect(line).not.toMatch(/hunter22|t0k/);
  });

  it("shows an error's message and stack when pretty", () => {
    const { lines, stream } = memorySink();
    const logger = createLogger(stream, { level: "info", format: "pretty" });
    logger.error({ err: new Error("disk full") }, "upload failed");
    const text = stripVTControlCharacters(lines.join(""));
    expect(text).toContain("ERROR: upload failed");
    expect(text).toContain("disk full");
    expect(text).toMatch(/at .*log\.test\.ts/);
  });
});
