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
 * Not user-facing, so not checked: comments, log calls, developer errors (`new Error(...)`, for
 * programmer mistakes; domain errors a person reads use their own classes and take MESSAGES),
 * tests, and the markdown pages in content/.
 */
const SENTENCE_PATTERNS: RegExp[] = [
  /"[A-Z][^"\n]{10,}[.!?]"/g,
  /'[A-Z][^'\n]{10,}[.!?]'/g,
  /`(?:[A-Z]|\$\{[^}]+\})[^`\n]{10,}[.!?]`/g,
];
/** JSX text: a sentence between tags, or alone on its line inside an element. */
const JSX_PATTERNS: RegExp[] = [/>\s*([A-Z][^<>{}"`\n]{8,}[.!?])\s*</g, /^\s*([A-Z][^<>{}"`=;\n]{8,}[.!?])\s*$/g];

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
    if (file.endsWith(".tsx")) hits.push(...JSX_PATTERNS.flatMap((p) => [...line.matchAll(p)].map((m) => m[1] ?? "")));
    for (const text of hits) {
      if (!ALLOWED.some((a) => a.file === file && a.text === text)) found.push(`${file}: ${text}`);
    }
  }
  return found;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Where the sentences live: the store's, and those of the areas whose pages alone show them. */
const MESSAGE_FILES = [
  "app/lib/messages.ts",
  ...fs.readdirSync(path.join(ROOT, "app/lib/messages")).map((f) => `app/lib/messages/${f}`),
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
    ].join("\n");
    expect(sentencesIn("app/routes/x.tsx", sample)).toEqual([
      "app/routes/x.tsx: That product no longer exists.",
      `app/routes/x.tsx: Quantities must be at most \${max}.`,
      "app/routes/x.tsx: No orders yet.",
      `app/routes/x.tsx: \${label} must be on one line.`,
      "app/routes/x.tsx: Loading your cart...",
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
