import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The repository's shape: imports without circles, decision records dated and indexed. */

/**
 * No file in app/ imports a file that imports it back (type imports included): a module's
 * parts that another needs move to a third file both import (media/store-types.ts,
 * lib/root-data.ts), so every module can be read, and loaded, without its dependents.
 */
describe("imports within app/", () => {
  const SPECIFIER = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/g;

  function resolve(from: string, specifier: string): string | null {
    let target: string;
    if (specifier.startsWith("~/")) target = path.join("app", specifier.slice(2));
    else if (specifier.startsWith(".")) target = path.join(path.dirname(from), specifier);
    else return null;
    for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return null;
  }

  const files = fs
    .readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes("+types"))
    .map((f) => path.join("app", f));
  const imports = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of fs.readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const target = resolve(file, match[1] ?? "");
      if (target && target !== file) targets.add(target);
    }
    imports.set(file, targets);
  }

  it("reads the imports it checks", () => {
    expect(imports.get(path.join("app", "root.tsx"))).toContain(path.join("app", "components", "app-shell.tsx"));
    expect(imports.get(path.join("app", ".server", "media", "store.ts"))).toContain(
      path.join("app", ".server", "media", "s3-store.ts"),
    );
  });

  /**
   * The shell (the document, header, footer, age gate, toasts: app-shell.tsx and what it imports)
   * is in the file every page loads, and the bundler puts a module in one file with every export
   * any page uses. So the shell reaches no message module but messages/shell.ts: through
   * lib/messages.ts it would carry every sentence with parts that any page shows (decision 0078).
   */
  it("keeps the message catalog out of the shell every page loads", () => {
    const VALUE_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/g;
    const shell = new Set<string>();
    const queue = [path.join("app", "components", "app-shell.tsx")];
    while (queue.length) {
      const file = queue.pop() as string;
      if (shell.has(file)) continue;
      shell.add(file);
      for (const match of fs.readFileSync(file, "utf8").matchAll(VALUE_IMPORT)) {
        const target = resolve(file, match[1] ?? "");
        if (target) queue.push(target);
      }
    }
    expect(shell).toContain(path.join("app", "components", "site-header.tsx"));
    expect([...shell].filter((f) => /lib[\\/]messages/.test(f))).toEqual([
      path.join("app", "lib", "messages", "shell.ts"),
    ]);
  });

  it("has no file importing a file that imports it back", () => {
    const circles: string[] = [];
    for (const [file, targets] of imports) {
      for (const target of targets) {
        if (file < target && imports.get(target)?.has(file)) circles.push(`${file} <-> ${target}`);
      }
    }
    expect(circles).toEqual([]);
  });
});

/** The decision records (docs/decisions): each dated and with its status, each in the index. */
describe("decision records", () => {
  const dir = "docs/decisions";
  const records = fs.readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f));
  const index = fs.readFileSync(path.join(dir, "README.md"), "utf8");

  it("start with their number and title, then a date line and a status line", () => {
    const wrong = records.filter((file) => {
      const [title, blank, date, status] = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
      return !(
        title?.startsWith(`# ${file.slice(0, 4)}: `) &&
        blank === "" &&
        /^Date: \d{4}-\d{2}-\d{2}$/.test(date ?? "") &&
        /^Status: (Accepted|Superseded by \d{4}|Partly superseded by \d{4})\b/.test(status ?? "")
      );
    });
    expect(wrong).toEqual([]);
  });

  it("are each listed in the index with their date and status", () => {
    const rows = index
      .split("\n")
      .filter((line) => /^\|\s*\d{4}\s*\|/.test(line))
      .map((line) =>
        line
          .split("|")
          .map((cell) => cell.trim())
          .slice(1, -1)
          .join(" | "),
      );
    const missing = records.filter((file) => {
      const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
      const title = lines[0]?.replace(/^# \d{4}: /, "").replaceAll("|", "\\|");
      const date = lines[2]?.slice("Date: ".length);
      const status = /^Status: ((?:Partly s|S)uperseded by \d{4}|Accepted)/.exec(lines[3] ?? "")?.[1];
      return !rows.includes(`${file.slice(0, 4)} | [${title}](${file}) | ${date} | ${status}`);
    });
    expect(missing).toEqual([]);
    expect(rows).toHaveLength(records.length);
  });
});
