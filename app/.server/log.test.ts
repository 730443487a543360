import { describe, expect, it } from "vitest";
import { loggableUrl } from "./log";

describe("log URLs", () => {
  it("keeps paths and harmless parameters, and removes secrets", () => {
    expect(loggableUrl("/products/kratom")).toBe("/products/kratom");
    expect(loggableUrl("/search?q=mint")).toBe("/search?q=mint");
    expect(loggableUrl("/verify-email?token=abc.def")).toBe("/verify-email?token=%5Bredacted%5D");
    expect(loggableUrl("/reset-password?token=x&next=/")).not.toContain("token=x");
  });
});

describe("the logger", () => {
  it("writes JSON with the request id and never passwords, tokens or cookies", async () => {
    const { Writable } = await import("node:stream");
    const { createLogger, withRequestId } = await import("./log");
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger(sink);
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
  it("keep type, message and code, and drop attached objects such as a database client", async () => {
    const { Writable } = await import("node:stream");
    const { createLogger } = await import("./log");
    const lines: string[] = [];
    const logger = createLogger(
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const error = Object.assign(new Error("connection lost"), { code: "57P01", client: { password: "db-secret" } });
    logger.error({ err: error }, "pool error");
    const entry = JSON.parse(lines[0] ?? "{}");
    expect(entry.err).toMatchObject({ type: "Error", message: "connection lost", code: "57P01" });
    expect(lines[0]).not.toContain("db-secret");
  });
});
