import { describe, expect, it } from "vitest";
import { forgivingExpr, slotsOf, typedExpr } from "./plan";
import { queryWords } from "./text";
import { Vocabulary } from "./vocabulary";

const vocabulary = new Vocabulary();
vocabulary.add(["vaporlux blue razz ice cloudking crown geek bar pulse"]);

describe("reading a query", () => {
  it("cuts words at anything that is not a letter or a digit, folded, repeats dropped, at most eight", () => {
    expect(queryWords("  Vaporlux–BLUE  razz!! blue ")).toEqual(["vaporlux", "blue", "razz"]);
    expect(queryWords("Piña 6,000")).toEqual(["pina", "6", "000"]);
    expect(queryWords("%%% \"'")).toEqual([]);
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
  });

  it("takes the longest phrase that has synonyms as one slot", () => {
    const synonyms = new Map([
      ["geek bar", [["geekbar"]]],
      ["bar", [["stick"]]],
    ]);
    expect(slotsOf(["geek", "bar", "pulse"], synonyms)).toEqual([
      { words: ["geek", "bar"], synonyms: [["geekbar"]] },
      { words: ["pulse"], synonyms: [] },
    ]);
    expect(typedExpr(slotsOf(["geek", "bar"], synonyms))).toEqual({
      kind: "or",
      of: [
        {
          kind: "and",
          of: [
            { kind: "word", text: "geek", prefix: true },
            { kind: "word", text: "bar", prefix: true },
          ],
        },
        { kind: "word", text: "geekbar", prefix: true },
      ],
    });
  });

  it("forgives nothing when every word is a catalog word's start", () => {
    const slots = slotsOf(["vaporlux", "bl"], new Map());
    expect(forgivingExpr(slots, vocabulary, { typing: true, correctKnown: false })).toBeNull();
  });

  it("corrects the unknown word, keeps it as typed too, and joins words typed apart", () => {
    expect(forgivingExpr(slotsOf(["vaporlx"], new Map()), vocabulary, { typing: false, correctKnown: false })).toEqual({
      kind: "or",
      of: [
        { kind: "word", text: "vaporlx", prefix: true },
        { kind: "word", text: "vaporlux", prefix: false },
      ],
    });
    expect(
      forgivingExpr(slotsOf(["cloud", "king"], new Map()), vocabulary, { typing: false, correctKnown: false }),
    ).toEqual({
      kind: "or",
      of: [
        {
          kind: "and",
          of: [
            { kind: "word", text: "cloud", prefix: true },
            { kind: "word", text: "king", prefix: true },
          ],
        },
        { kind: "word", text: "cloudking", prefix: true },
      ],
    });
  });
});
