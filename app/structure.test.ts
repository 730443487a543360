import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

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
    const missing = records.filter((file) => {
      const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
      const date = lines[2]?.slice("Date: ".length);
      const status = /^Status: ((?:Partly s|S)uperseded by \d{4}|Accepted)/.exec(lines[3] ?? "")?.[1];
      return !index.includes(`| ${file.slice(0, 4)} | [`) || !index.includes(`](${file}) | ${date} | ${status} |`);
    });
    expect(missing).toEqual([]);
  });
});
