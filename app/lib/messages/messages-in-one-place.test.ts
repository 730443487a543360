import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every sentence a person reads lives in app/lib/messages.ts, or for the account area, the back
 * office and quick order in app/lib/messages/*.ts (one export each; decision 0020), so that
 * wording is changed in one place and two screens that say the same thing share one export. This test
 * fails when a sentence-shaped literal appears anywhere else in app/: a quoted or template string
 * that starts with a capital and ends with . ! or ?, or a sentence written as JSX text.
 *
 * Where a person reads what is written, any wording is copy, sentence-shaped or not: the
 * messages of zod schemas (`.min(1, "...")`, `{ error: "..." }`, `message: "..."`), the field
 * errors and messages of actions' replies, and the domain errors a person reads (`new
 * SkuTakenError("...")`, `super("...")` in a DomainError). There a literal of two words or more
 * is refused, whatever its punctuation.
 *
 * Not user-facing, so not checked: comments, log calls, developer errors (`new Error(...)`, for
 * programmer mistakes; domain errors a person reads extend DomainError and take MESSAGES),
 * tests, and the markdown pages in content/.
 */
const SENTENCE_PATTERNS: RegExp[] = [
  /"[A-Z][^"\n]{10,}[.!?]"/g,
  /'[A-Z][^'\n]{10,}[.!?]'/g,
  /`(?:[A-Z]|\$\{[^}]+\})[^`\n]{10,}[.!?]`/g,
];
/** JSX text: a sentence between tags, or alone on its line inside an element. */
const JSX_PATTERNS: RegExp[] = [/>\s*([A-Z][^<>{}"`\n]{8,}[.!?])\s*</g, /^\s*([A-Z][^<>{}"`=;\n]{8,}[.!?])\s*$/g];

/**
 * Positions whose text a person reads: a literal there is copy, whatever its shape (two words or
 * more, starting with a capital or an interpolation). Zod's messages, replies' messages and field
 * errors, and the message a domain error is built with.
 */
const LITERAL = "(\"[^\"\\n]*\"|'[^'\\n]*'|`[^`\\n]*`)";
const COPY_POSITIONS: RegExp[] = [
  // message: "...", error: "..." (zod, replies, toasts; an audit record's `summary` is a record, not copy)
  new RegExp(String.raw`\b(?:message|error)\s*:\s*${LITERAL}`, "g"),
  // zod checks with a message: .min(1, "..."), .max(n, "..."), .regex(/x/, "..."), .refine(fn, "...")
  new RegExp(
    String.raw`\.(?:min|max|length|regex|refine|superRefine|gte|lte|gt|lt|int|positive|nonnegative)\([^()]*(?:\([^()]*\))?[^()]*,\s*${LITERAL}\s*\)`,
    "g",
  ),
  // zod formats: z.email("..."), z.literal("on", "...") and the like
  new RegExp(String.raw`\bz\.(?:email|url|uuid|string|number|enum|literal)\(\s*${LITERAL}\s*\)`, "g"),
  // domain errors: new SkuTakenError("..."), super("...") (developer errors, new Error(...), are not copy)
  new RegExp(String.raw`\bnew (?!Error\b|TypeError\b|RangeError\b|EnvError\b)[A-Z]\w*Error\(\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\bsuper\(\s*${LITERAL}`, "g"),
  // replies: replyError({ fieldErrors: { name: "..." } }), notify("error", "...")
  new RegExp(String.raw`\bfieldErrors\s*:\s*\{\s*[\w"]+\s*:\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\bnotify\(\s*"\w+"\s*,\s*${LITERAL}`, "g"),
];

/** Copy: two words or more of its own (not counting what it interpolates), starting with a capital or an interpolation. */
function isCopy(text: string): boolean {
  const own = text.replace(/\$\{[^}]*\}/g, " ");
  return /^(?:[A-Z]|\$\{)/.test(text) && /[A-Za-z]+\W+[A-Za-z]+/.test(own);
}

/** Lines that are not copy: comments, log calls, developer errors. */
const NOT_COPY = [/^\s*(\/\/|\/\*|\*)/, /\blog\.(trace|debug|info|warn|error|fatal)\(/, /\bnew Error\(/];

/** Sentences that truly stay where they are, each with the reason. */
const ALLOWED: { file: string; text: string; reason: string }[] = [
  {
    file: "app/.server/jobs/run-due.ts",
    text: "The worker running the last attempt stopped before finishing it (lease expired).",
    reason: "a job's last_error, read by operators in the jobs table, never shown to a customer",
  },
];

function sentencesIn(file: string, source: string): string[] {
  const found: string[] = [];
  for (const line of source.split("\n")) {
    if (NOT_COPY.some((p) => p.test(line))) continue;
    const hits = SENTENCE_PATTERNS.flatMap((p) => [...line.matchAll(p)].map((m) => m[0].slice(1, -1)));
    for (const p of COPY_POSITIONS) {
      for (const m of line.matchAll(p)) {
        const text = (m[1] ?? "").slice(1, -1);
        if (isCopy(text) && !hits.includes(text)) hits.push(text);
      }
    }
    if (file.endsWith(".tsx")) hits.push(...JSX_PATTERNS.flatMap((p) => [...line.matchAll(p)].map((m) => m[1] ?? "")));
    for (const text of hits) {
      if (!ALLOWED.some((a) => a.file === file && a.text === text)) found.push(`${file}: ${text}`);
    }
  }
  return found;
}

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Where the sentences live: the store's, and those of the areas whose pages alone show them. */
const MESSAGE_FILES = [
  "app/lib/messages.ts",
  ...fs
    .readdirSync(path.join(ROOT, "app/lib/messages"))
    .filter((f) => !/\.test\.ts$/.test(f))
    .map((f) => `app/lib/messages/${f}`),
];

function appFiles(): string[] {
  return fs
    .readdirSync(path.join(ROOT, "app"), { recursive: true, encoding: "utf8" })
    .map((name) => path.join("app", name).split(path.sep).join("/"))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !MESSAGE_FILES.includes(f));
}

describe("user-facing sentences live in app/lib/messages.ts and app/lib/messages/", () => {
  it("finds the sentence shapes it looks for, and leaves comments, logs and developer errors alone", () => {
    const sample = [
      'return replyError({ message: "That product no longer exists." });',
      `ctx.addIssue({ message: \`Quantities must be at most \${max}.\` });`,
      '<p className="mt-2">No orders yet.</p>',
      `const problem = \`\${label} must be on one line.\`;`,
      "          Loading your cart...",
      "// A comment that reads like a sentence.",
      'log.warn({ id }, "The job ran late again.");',
      'throw new Error("A rejection needs a reason.");',
      'const id = "order-summary";',
      // Copy whatever its punctuation, where a person reads it:
      'name: z.string().min(1, "Name is required"),',
      '  .refine((v) => v.length > 2, "Too short for a name"),',
      'throw new SkuTakenError("SKU already taken");',
      `super(\`\${fileName} cannot be read\`);`,
      'return replyError({ fieldErrors: { zip: "Wrong ZIP code" } });',
      'ctx.addIssue({ code: "custom", message: "Pick a state" });',
      'notify("error", "Could not save");',
      // Not copy: one word, a key, a developer error.
      'const parsed = z.string().min(1, "x"),',
      'throw new Error("Unknown job kind");',
    ].join("\n");
    expect(sentencesIn("app/routes/x.tsx", sample)).toEqual([
      "app/routes/x.tsx: That product no longer exists.",
      `app/routes/x.tsx: Quantities must be at most \${max}.`,
      "app/routes/x.tsx: No orders yet.",
      `app/routes/x.tsx: \${label} must be on one line.`,
      "app/routes/x.tsx: Loading your cart...",
      "app/routes/x.tsx: Name is required",
      "app/routes/x.tsx: Too short for a name",
      "app/routes/x.tsx: SKU already taken",
      `app/routes/x.tsx: \${fileName} cannot be read`,
      "app/routes/x.tsx: Wrong ZIP code",
      "app/routes/x.tsx: Pick a state",
      "app/routes/x.tsx: Could not save",
    ]);
  });

  it("every allowed sentence is still where the allow-list says (no stale entries)", () => {
    for (const a of ALLOWED) {
      expect(fs.readFileSync(path.join(ROOT, a.file), "utf8"), a.reason).toContain(a.text);
    }
  });

  it("no two message exports say the same thing, in any of the message files (places that say it share one export)", () => {
    const source = MESSAGE_FILES.map((f) => fs.readFileSync(path.join(ROOT, f), "utf8")).join("\n");
    const texts = [...source.matchAll(/export const \w+ =\s*("(?:[^"\\]|\\.)*");/g)].map((m) =>
      JSON.parse(m[1] ?? '""'),
    );
    expect(texts.length).toBeGreaterThan(150);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
  });

  it("no sentence literal in app/ outside the message files", () => {
    const files = appFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => sentencesIn(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });
});
