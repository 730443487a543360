import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as BENCH_NAMES from "../scripts/bench/names";
import { DEMO_PRODUCTS } from "./demo-catalog";

/**
 * A US store writes American English: the demo catalog (names and descriptions), the content
 * pages, the bench catalog's words and the app's own copy use "color", not "colour". The spec's
 * order status 'Cancelled' is kept word for word, so the cancel- forms are not checked.
 */
const BRITISH: [RegExp, string][] = [
  [/\bcolour/i, "color"],
  [/\bflavour/i, "flavor"],
  [/\bfavourit/i, "favorite"],
  [/\btravell(?:er|ers|ing|ed)\b/i, "traveler, traveling, traveled"],
  [/\bcatalogue/i, "catalog"],
  [/\bcentre/i, "center"],
  [/\bcentred\b/i, "centered"],
  [/\bvapour/i, "vapor"],
  [/\bodour/i, "odor"],
  [/\bhonour/i, "honor"],
  [/\blabour/i, "labor"],
  [/\bneighbour/i, "neighbor"],
  [/\bbehaviour/i, "behavior"],
  [/\bhumour/i, "humor"],
  [/\bgrey/i, "gray"],
  [/\baluminium/i, "aluminum"],
  [/\blicence/i, "license"],
  [/\bdefence/i, "defense"],
  [/\bcheque/i, "check"],
  [/\bjeweller/i, "jewelry"],
  [/\bmould/i, "mold"],
  [/\b(?:centi|milli|kilo)?metres?\b/i, "meter"],
  [/\b(?:milli)?litres?\b/i, "liter"],
  [/\bfibre/i, "fiber"],
  [/\btheatre/i, "theater"],
  [/\bprogramme/i, "program"],
  [/\btyres?\b/i, "tire"],
  [/\bsulphur/i, "sulfur"],
  [/\bwhilst\b/i, "while"],
  [/\bageing\b/i, "aging"],
  [/\blabell(?:ed|ing)\b/i, "labeled, labeling"],
  [/\banalys(?:e|ed|es|ing)\b/i, "analyze"],
  [
    /\b(?:organ|real|recogn|custom|apolog|minim|maxim|optim|util|stabil|summar|moisturi|pasteur|rasteri|serial|normal|initial|author|priorit|standard|categor|visual|sanit|final|memor|special|capital|synchron|personal|character|critic|local|item|steril|neutral|harmon)is(?:e|ed|es|ing|ation|ations)\b/i,
    "-ize, -ization",
  ],
];

function britishWords(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    for (const [pattern, american] of BRITISH) {
      const match = pattern.exec(line);
      if (match) found.push(`"${match[0]}" (use ${american}) in: ${line.trim().slice(0, 120)}`);
    }
  }
  return found;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function filesUnder(dir: string, extensions: string[]): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" }).flatMap((name) => {
    const file = path.join(dir, name);
    return extensions.some((e) => file.endsWith(e)) && !/\.test\.tsx?$/.test(file) ? [file] : [];
  });
}

describe("American spelling", () => {
  it("finds the British spellings it looks for", () => {
    expect(britishWords("Assorted Colours\nA favourite flavour for travellers\nCancelled")).toHaveLength(4);
    expect(britishWords("Assorted Colors\nA favorite flavor for travelers\nCancelled")).toEqual([]);
  });

  it("in the demo catalog's product names and descriptions", () => {
    const text = DEMO_PRODUCTS.map((p) => `${p.name}\n${p.description}`).join("\n");
    expect(britishWords(text)).toEqual([]);
  });

  it("in the bench catalog's words", () => {
    expect(britishWords(JSON.stringify(BENCH_NAMES, null, 1))).toEqual([]);
  });

  it("in the content pages and the app's copy", () => {
    const files = [
      ...filesUnder("content", [".md"]),
      ...filesUnder("app", [".ts", ".tsx"]),
      ...filesUnder("db", [".ts"]),
    ];
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      britishWords(fs.readFileSync(path.join(ROOT, file), "utf8")).map((w) => `${file}: ${w}`),
    );
    expect(found).toEqual([]);
  });
});
