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

  it("requires a session secret in production, and bucket settings for S3 media", () => {
    expect(messageOf({ NODE_ENV: "production" })).toContain("SESSION_SECRET: required in production");
    const s3 = messageOf({ MEDIA_STORE: "s3" });
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])
      expect(s3).toContain(`${name}: required when MEDIA_STORE=s3`);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });
});
