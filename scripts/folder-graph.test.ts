import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { buildFolderGraph, describeCycle, findCycles, folderOf } from "./folder-graph";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

describe("the folder graph of app/ and db/ (decision 0031)", () => {
  it("has no cycle between folders", () => {
    const graph = buildFolderGraph(root);
    const told = findCycles(graph).map((cycle) => describeCycle(graph, cycle));
    expect(told, `folders that import each other:\n${told.join("\n")}`).toEqual([]);
  });

  it("sees the imports it must: the flows compose the domains, the domains do not import the flows", () => {
    const graph = buildFolderGraph(root);
    const flows = graph.edges.get("app/.server/flows");
    expect(flows?.has("app/.server/catalog")).toBe(true);
    expect(flows?.has("app/.server/pricing")).toBe(true);
    for (const [from, row] of graph.edges) {
      if (from.startsWith("app/.server/") && from !== "app/.server/flows") {
        expect([...row.keys()], from).not.toContain("app/.server/flows");
      }
    }
  });

  it("counts a file in its folder", () => {
    expect(folderOf("app/.server/catalog/csv/read.ts")).toBe("app/.server/catalog");
    expect(folderOf("app/.server/flows/catalog-import/plan.ts")).toBe("app/.server/flows");
    expect(folderOf("app/routes/store/home.tsx")).toBe("app/routes");
    expect(folderOf("app/root.tsx")).toBe("app (root)");
    expect(folderOf("db/migrations/0001-initial.ts")).toBe("db/migrations");
    expect(folderOf("db/seed.ts")).toBe("db");
  });

  describe("on a made-up tree", () => {
    const tree = mkdtempSync(join(tmpdir(), "folder-graph-"));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    };
    write(
      "app/.server/catalog/products.ts",
      'import { price } from "~/.server/pricing/prices";\nexport const a = price;\n',
    );
    write("app/.server/pricing/prices.ts", 'import type { A } from "../catalog/types";\nexport const price = 1;\n');
    write("app/.server/catalog/types.ts", "export type A = number;\n");
    write("app/.server/catalog/products.test.ts", 'import "../../routes/page";\n');
    write("app/routes/page.tsx", 'import("~/.server/catalog/products");\n');

    it("finds a cycle made by an alias import one way and a type-only relative import back, and names the files", () => {
      const graph = buildFolderGraph(tree);
      const cycles = findCycles(graph);
      expect(cycles).toEqual([["app/.server/catalog", "app/.server/pricing", "app/.server/catalog"]]);
      const told = describeCycle(graph, cycles[0] ?? []);
      expect(told).toContain("app/.server/catalog/products.ts → app/.server/pricing/prices.ts");
      expect(told).toContain("app/.server/pricing/prices.ts → app/.server/catalog/types.ts");
    });

    it("follows dynamic imports and leaves tests out", () => {
      const graph = buildFolderGraph(tree);
      expect(graph.edges.get("app/routes")?.has("app/.server/catalog")).toBe(true);
      expect(graph.edges.get("app/.server/catalog")?.has("app/routes")).toBeFalsy();
    });
  });
});
