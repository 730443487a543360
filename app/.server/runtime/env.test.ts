import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

function messageOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  return "";
}

describe("settings", () => {
  it("has working defaults", () => {
    const e = parseEnv({});
    expect(e).toMatchObject({ PORT: 3000, BASE_URL: "http://localhost:3000", SEED_DEMO: true, MEDIA_STORE: "local" });
    expect(e.STORE_INBOX).toBe(e.STORE_EMAIL);
  });

  it("names every bad value", () => {
    const message = messageOf({
      PORT: "abc",
      DATABASE_URL: "mysql://x",
      SMTP_URL: "http://mail",
      BASE_URL: "ftp://x",
      SEED_DEMO: "maybe",
    });
    for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "BASE_URL", "SEED_DEMO"])
      expect(message).toContain(`${name}:`);
  });

  it("seeds the demo store by default only outside production", () => {
    expect(parseEnv({ NODE_ENV: "production" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: "development" }).SEED_DEMO).toBe(true);
  });

  it("trusts proxies by hop count or address, never every hop", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "loopback",
    ]);
    expect(messageOf({ TRUST_PROXY: "true" })).toContain("TRUST_PROXY: true would trust every hop");
    expect(messageOf({ TRUST_PROXY: "nginx.local" })).toContain("TRUST_PROXY: must be false, a number");
  });

  it("requires bucket settings for S3 media", () => {
    const s3 = messageOf({ MEDIA_STORE: "s3" });
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])
      expect(s3).toContain(`${name}: required when MEDIA_STORE=s3`);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });
});
