import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 37: every form under the one contract. Every route module that exports an `action`
 * handles its form with `formAction(schema, handler)` (app/.server/http/form-action.ts), itself or
 * through a ~/.server function it calls whose body does; the others are named here, each with why.
 */
const ROUTES = path.resolve(__dirname);
const APP = path.resolve(__dirname, "..");

/** Actions that read no form of a person's: each with its reason. */
const OUTSIDE: Record<string, string> = {
  "auth/logout.ts": "reads no form field: it ends the session of the request",
  "api/cart-check.ts": "a JSON API of the cart's script: the browser's cart lines, answered as data",
  "api/cart-excise.ts": "a JSON API of the cart's script: the browser's cart lines, answered as data",
  "driver/sync.ts": "a JSON API of the driver's phone: its queued actions, each answered by its key, as data",
  "store/product.tsx":
    "reads no form field: a post to a product's old address goes on to its line (308), whose action reads it",
};

/** Actions not yet under the contract: each with who converts it. The list only shrinks. */
const PENDING: Record<string, string> = {};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const exportsAction = (source: string) =>
  /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source);

/** The body of `export (async) function name(`, up to the first closing brace at the line's start. */
function functionBody(source: string, name: string): string | null {
  const start = source.search(new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b`));
  if (start === -1) return null;
  const end = source.indexOf("\n}\n", start);
  return source.slice(start, end === -1 ? undefined : end);
}

/** Does the action use formAction, itself or through an imported ~/.server function it calls? */
function usesFormAction(source: string, readModule: (specifier: string) => string | null): boolean {
  const action = functionBody(source, "action") ?? source;
  if (/\bformAction\(/.test(action)) return true;
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(~\/\.server\/[^"]+)"/g)) {
    const names = (match[1] ?? "")
      .split(",")
      .map((n) => n.replace(/^\s*type\s+/, "").trim())
      .filter(Boolean);
    const module = readModule(match[2] ?? "");
    if (!module) continue;
    for (const name of names) {
      if (!new RegExp(`\\b${name}\\(`).test(action)) continue;
      if (/\bformAction\(/.test(functionBody(module, name) ?? "")) return true;
    }
  }
  return false;
}

function readServerModule(specifier: string): string | null {
  const base = path.join(APP, specifier.replace(/^~\//, ""));
  for (const file of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    try {
      return readFileSync(file, "utf8");
    } catch {}
  }
  return null;
}

describe("every form under the one contract (issue 37)", () => {
  const actions = routeFiles(ROUTES)
    .map((file) => ({
      route: path.relative(ROUTES, file).split(path.sep).join("/"),
      source: readFileSync(file, "utf8"),
    }))
    .filter((r) => exportsAction(r.source));

  it("finds the routes' actions", () => {
    expect(actions.length).toBeGreaterThan(30);
  });

  it("has every action use formAction, or be named with its reason", () => {
    const outside = actions
      .filter((r) => !(r.route in OUTSIDE) && !(r.route in PENDING))
      .filter((r) => !usesFormAction(r.source, readServerModule))
      .map((r) => r.route);
    expect(outside).toEqual([]);
  });

  it("names no route that is gone or already under the contract", () => {
    const byRoute = new Map(actions.map((r) => [r.route, r.source]));
    const stale = Object.keys(PENDING).filter((route) => {
      const source = byRoute.get(route);
      return !source || usesFormAction(source, readServerModule);
    });
    expect(stale).toEqual([]);
    expect(Object.keys(OUTSIDE).filter((route) => !byRoute.has(route))).toEqual([]);
  });

  it("would catch an action that reads its form by hand", () => {
    const handWritten = `import { parseForm } from "~/.server/http/forms";
export async function action({ context }) {
  const parsed = parseForm(formOf(context), schema);
  if (!parsed.ok) return replyError({ fieldErrors: parsed.errors });
}
`;
    expect(usesFormAction(handWritten, () => null)).toBe(false);
    const delegated = `import { handleListAction } from "~/.server/flows/list-actions";
export async function action({ context }) {
  return handleListAction(viewer, formOf(context));
}
`;
    const handler = `export async function handleListAction(viewer, form) {\n  return formAction(form, schema, work);\n}\n`;
    expect(usesFormAction(delegated, () => handler)).toBe(true);
    expect(usesFormAction(delegated, () => handler.replace("formAction(", "parseForm("))).toBe(false);
  });
});
