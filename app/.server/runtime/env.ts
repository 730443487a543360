import path from "node:path";
import { z } from "zod";

/**
 * Every setting the server reads, validated once at start-up.
 * A bad value stops the process with a message naming the variable.
 */
const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * Which reverse proxies to believe about the client's address (X-Forwarded-For), in Express's
 * own forms: "false" (none, the default), a number of hops ("1" behind one nginx), or the
 * proxies' addresses and subnets ("10.0.0.5, 10.1.0.0/16", or "loopback"). "true" would trust
 * every hop, letting any client choose its own address, so it is refused.
 */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (v === "false" || v === "0" || v === "no") return false;
  if (v === "true" || v === "yes") {
    ctx.addIssue({
      code: "custom",
      message:
        "true would trust every hop and let clients choose their address: give the number of proxies in front (e.g. 1) or their addresses",
    });
    return z.NEVER;
  }
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const list = v
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const address = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/;
  const bad = list.find((p) => !PROXY_NAMES.has(p) && !address.test(p));
  if (list.length === 0 || bad !== undefined) {
    ctx.addIssue({
      code: "custom",
      message: `must be false, a number of proxy hops, or proxy addresses/subnets (not ${JSON.stringify(bad ?? value)})`,
    });
    return z.NEVER;
  }
  return list;
});

/** How much the server logs, and in which form (see logSettings). */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const logFields = {
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** Unset: pretty when stdout is a terminal, JSON lines otherwise (a pipe, a file, a log collector). */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
};

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave it unset for SQLite)")
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    STORE_INBOX: z.email().optional(),
    STORE_NAME: z.string().min(1).default("Trinity Wholesale Supply"),
    STORE_PHONE: z.string().min(7).default("(214) 555-0147"),
    STORE_EMAIL: z.email().default("sales@example.com"),
    STORE_ADDRESS: z.string().min(5).default("2400 Irving Blvd, Dallas, TX 75207"),
    STORE_HOURS: z.string().min(3).default("Mon-Sat 10am-6pm"),
    SEED_DEMO: booleanish.optional(),
    /**
     * "automatic": a verified email is enough to see prices and order. "manual": a business sees
     * prices only once an admin approved it (/admin/approvals).
     */
    ACCOUNT_APPROVAL: z.enum(["automatic", "manual"]).default("automatic"),
    /** "off": this process runs no scheduled work (mail, reminders); another process must. */
    JOBS: z.enum(["on", "off"]).default("on"),
    /** Wholesale (issue 16): the least an order may total, in cents (0: no minimum). */
    MIN_ORDER_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(0),
    /** From this order total, in cents, shipping is free (the cart shows how much is missing). */
    FREE_SHIPPING_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
    TRUST_PROXY: trustProxy.default(false),
    /** Webhooks (issue 42): "true" lets endpoints use http:// (development only; https otherwise). */
    WEBHOOK_ALLOW_HTTP: booleanish.default(false),
    /**
     * "true" lets webhooks reach loopback, private, link-local and other internal addresses: only
     * for tests and development with a receiver on this machine. Never in production.
     */
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanish.default(false),
    ...logFields,
    RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1000).default(1),
    BUILD_DIR: z.string().min(1).default("build"),
    MEDIA_STORE: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanish.optional(),
    S3_PREFIX: z
      .string()
      .regex(/^[\w./-]*$/, "may use letters, numbers, dots, dashes, underscores and slashes")
      .default(""),
  })
  .superRefine((e, ctx) => {
    if (e.MEDIA_STORE === "s3") {
      for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!e[name]) ctx.addIssue({ code: "custom", path: [name], message: "required when MEDIA_STORE=s3" });
      }
    }
  })
  .transform((e) => {
    const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
    const dataDir = path.resolve(e.DATA_DIR);
    return {
      ...e,
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      MAIL_FROM: e.MAIL_FROM ?? `${e.STORE_NAME} <${e.STORE_EMAIL}>`,
      STORE_INBOX: e.STORE_INBOX ?? e.STORE_EMAIL,
      isProduction: e.NODE_ENV === "production",
      // The demo store is seeded by default while developing and testing, never in production
      // unless asked for (npm run demo).
      SEED_DEMO: e.SEED_DEMO ?? e.NODE_ENV !== "production",
    };
  });

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {}

function parseWith<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>): z.infer<S> {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid environment settings:\n${lines.join("\n")}`);
  }
  return result.data;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  return parseWith(schema, source);
}

export type LogSettings = { level: (typeof LOG_LEVELS)[number]; format: "json" | "pretty" };

/**
 * The logger's settings, read on their own: the logger is made when its module loads, before
 * the rest of the settings are checked, and scripts log without needing the server's settings.
 * LOG_FORMAT unset means pretty for a person at a terminal and JSON lines for everything else.
 */
export function logSettings(
  source: Record<string, string | undefined> = process.env,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): LogSettings {
  const e = parseWith(z.object(logFields), source);
  return { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? (stdoutIsTerminal ? "pretty" : "json") };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change process.env between cases; this forgets the parsed copy. */
export function resetEnvForTests() {
  cached = undefined;
}
