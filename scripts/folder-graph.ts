/**
 * The folder graph: which folder of app/ and db/ imports which (issue 27, decision 0031).
 *
 *   npx tsx scripts/folder-graph.ts          prints the graph and its cycles, rewrites docs/folders.md
 *   npx tsx scripts/folder-graph.ts --check  exits 1 when there is a cycle (docs/folders.md untouched)
 *
 * Every import of every TypeScript file (static, `export … from`, dynamic `import()`, and type-only
 * imports, which are dependencies too) is resolved: the `~/` alias to app/, relative paths to files.
 * Test files are left out: a test may set its scene with code from any layer. Packages are left out.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export type FolderGraph = {
  folders: string[];
  /** from folder → to folder → the file imports that make the edge ("from.ts → to.ts"). */
  edges: Map<string, Map<string, string[]>>;
};

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|\.d\.ts$/;

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !TEST.test(name)) out.push(path);
  }
  return out;
}

/** The folder a file counts in: app/.server/<domain>, app/<area>, db, with db/migrations apart. */
export function folderOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "app") {
    if (parts.length === 2) return "app (root)";
    if (parts[1] === ".server") {
      return parts.length === 3 ? "app/.server (root)" : `app/.server/${parts[2]}`;
    }
    return `app/${parts[1]}`;
  }
  if (parts[0] === "db") {
    return parts.length > 2 ? `db/${parts[1]}` : "db";
  }
  return parts[0] ?? file;
}

function resolveImport(root: string, fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = join(root, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(join(root, fromFile)), spec);
  else return null; // a package
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  // `./x.js` written for `./x.ts`
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"));
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) {
      return relative(root, candidate).split(sep).join("/");
    }
  }
  return null;
}

export function buildFolderGraph(root: string): FolderGraph {
  const files = [...walk(join(root, "app"), []), ...walk(join(root, "db"), [])].map((file) =>
    relative(root, file).split(sep).join("/"),
  );
  const folders = new Set<string>();
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const from = folderOf(file);
    folders.add(from);
    const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    for (const imported of info.importedFiles) {
      const target = resolveImport(root, file, imported.fileName);
      if (!target) continue;
      const to = folderOf(target);
      if (to === from) continue;
      folders.add(to);
      const row = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, row);
      const list = row.get(to) ?? [];
      list.push(`${file} → ${target}`);
      row.set(to, list);
    }
  }
  return { folders: [...folders].sort(), edges };
}

/** Every strongly connected group of two or more folders: folders that reach each other. */
export function findCycleGroups(graph: FolderGraph): string[][] {
  // Tarjan's strongly connected components.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const next = (folder: string) => [...(graph.edges.get(folder)?.keys() ?? [])].sort();

  function connect(folder: string) {
    indices.set(folder, index);
    low.set(folder, index);
    index++;
    stack.push(folder);
    onStack.add(folder);
    for (const to of next(folder)) {
      if (!indices.has(to)) {
        connect(to);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, indices.get(to) ?? 0));
      }
    }
    if (low.get(folder) === indices.get(folder)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) groups.push(group.sort());
    }
  }
  for (const folder of graph.folders) if (!indices.has(folder)) connect(folder);
  return groups;
}

/** One concrete cycle through each strongly connected group (its first folder, a shortest way back). */
export function findCycles(graph: FolderGraph): string[][] {
  const next = (folder: string) => [...(graph.edges.get(folder)?.keys() ?? [])].sort();
  return findCycleGroups(graph).map((group) => {
    const members = new Set(group);
    const start = group[0] as string;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const folder = queue.shift() as string;
      for (const to of next(folder)) {
        if (!members.has(to)) continue;
        if (to === start) {
          const path = [start];
          for (let at: string | undefined = folder; at !== undefined && at !== start; at = cameFrom.get(at)) {
            path.splice(1, 0, at);
          }
          return [...path, start];
        }
        if (!cameFrom.has(to)) {
          cameFrom.set(to, folder);
          queue.push(to);
        }
      }
    }
    return [...group, start];
  });
}

/** A cycle told with the file imports behind each of its edges. */
export function describeCycle(graph: FolderGraph, cycle: string[]): string {
  const lines = [cycle.join(" → ")];
  for (let i = 0; i < cycle.length - 1; i++) {
    const from = cycle[i] as string;
    const to = cycle[i + 1] as string;
    for (const edge of graph.edges.get(from)?.get(to) ?? []) lines.push(`    ${edge}`);
  }
  return lines.join("\n");
}

function mermaidId(folder: string): string {
  return folder.replace(/[^a-zA-Z0-9]/g, "_");
}

export function renderMarkdown(graph: FolderGraph, cycles: string[][]): string {
  const lines = [
    "# Folders and what they import",
    "",
    "Written by `npx tsx scripts/folder-graph.ts` from the imports of app/ and db/ (tests left out);",
    "do not edit by hand. `scripts/folder-graph.test.ts` fails when a cycle appears. The rule on",
    "layers is in `docs/architecture.md` and decision 0031.",
    "",
    "```mermaid",
    "graph TD",
  ];
  for (const folder of graph.folders) lines.push(`  ${mermaidId(folder)}["${folder}"]`);
  for (const from of graph.folders) {
    for (const to of [...(graph.edges.get(from)?.keys() ?? [])].sort()) {
      lines.push(`  ${mermaidId(from)} --> ${mermaidId(to)}`);
    }
  }
  lines.push("```", "", "## Each folder imports", "");
  for (const from of graph.folders) {
    const targets = [...(graph.edges.get(from)?.entries() ?? [])].sort(([a], [b]) => a.localeCompare(b));
    const told = targets.map(([to, files]) => `${to} (${files.length})`).join(", ");
    lines.push(`- **${from}**: ${told || "nothing in app/ or db/"}`);
  }
  lines.push("", "## Cycles", "");
  if (cycles.length === 0) lines.push("None.");
  else for (const cycle of cycles) lines.push(`- ${cycle.join(" → ")}`);
  lines.push("");
  return lines.join("\n");
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const graph = buildFolderGraph(root);
  const cycles = findCycles(graph);
  const check = process.argv.includes("--check");
  if (!check) writeFileSync(join(root, "docs/folders.md"), renderMarkdown(graph, cycles));
  for (const from of graph.folders) {
    const targets = [...(graph.edges.get(from)?.keys() ?? [])].sort();
    console.log(`${from} → ${targets.join(", ") || "(nothing)"}`);
  }
  if (cycles.length === 0) console.log("\nNo cycle between folders.");
  else {
    console.log(`\n${cycles.length} cycle(s) between folders:`);
    for (const cycle of cycles) console.log(describeCycle(graph, cycle));
    for (const group of findCycleGroups(graph)) console.log(`folders that reach each other: ${group.join(", ")}`);
    if (check) process.exitCode = 1;
  }
}
