import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../tests/support/route-table";

/**
 * A file download is a resource route (issue 26): a module with a page component whose loader
 * sometimes answers a file has that answer rendered through the page, which then reads data the
 * file answer does not have (the PACT report's "Download CSV" was a 500). Every module that
 * builds a file answer (a CSV, a PDF, a stored document, anything with a Content-Disposition) has
 * no page component, and the pages link to it.
 */
const FILE_ANSWERS = [/\bcsvResponse\(/, /\bpdfResponse\(/, /Content-Disposition/i, /\bnew Response\(/];

describe("routes that answer files", () => {
  const modules = ROUTES.map((r) => ({
    file: r.file,
    source: fs.readFileSync(path.join("app", r.file), "utf8"),
  }));

  it("have no page component", () => {
    const pagesAnsweringFiles = modules
      .filter((m) => /export default\b/.test(m.source) && FILE_ANSWERS.some((p) => p.test(m.source)))
      .map((m) => m.file);
    expect(pagesAnsweringFiles).toEqual([]);
  });

  it("include every back-office download (so the check above reads them)", () => {
    const files = modules.filter((m) => FILE_ANSWERS.some((p) => p.test(m.source))).map((m) => m.file);
    expect(files).toEqual(
      expect.arrayContaining([
        "routes/admin/products-export.ts",
        "routes/admin/orders-export.ts",
        "routes/admin/reports-pact-export.ts",
        "routes/admin/packing-slip.ts",
        "routes/account/invoice.ts",
        "routes/account/license-document.ts",
      ]),
    );
  });
});

/**
 * A page announces what its form did once it shows it (issue 26): React Router hands the action's
 * answer to the page before the page's data is reloaded, so every page reads the answer through
 * useSettledActionData (components/use-settled-action-data.ts), never directly.
 */
describe("pages read their form's answer once it settled", () => {
  it("no module reads the action's answer directly", () => {
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts") && !f.endsWith("use-settled-action-data.ts"));
    const readers = files.filter((f) => {
      const source = fs.readFileSync(path.join("app", f), "utf8");
      return /\buseActionData\b/.test(source) || /\{[^}]*\bactionData\b[^}]*\}: Route\.ComponentProps/.test(source);
    });
    expect(readers).toEqual([]);
  });
});
