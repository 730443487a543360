import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../tests/support/route-table";
import { INFO_PAGE_SLUGS, INFO_PAGES } from "./info-pages";

describe("the information pages' one list", () => {
  it("has a route for each page, on the information page module, and no other route on it", () => {
    const onModule = ROUTES.filter((r) => r.file === "routes/store/info-page.tsx").map((r) => r.path);
    expect(onModule.sort()).toEqual(INFO_PAGE_SLUGS.map((slug) => `/${slug}`).sort());
  });

  it("has a markdown file for each page, and no file is left out of it", () => {
    const files = fs
      .readdirSync("content/pages")
      .filter((f) => f.endsWith(".md"))
      .map((f) => f.replace(/\.md$/, ""));
    expect(files.sort()).toEqual([...INFO_PAGE_SLUGS].sort());
  });

  it("names each page once", () => {
    expect(new Set(INFO_PAGE_SLUGS).size).toBe(INFO_PAGES.length);
    expect(new Set(INFO_PAGES.map((p) => p.label)).size).toBe(INFO_PAGES.length);
  });
});
