import { describe, expect, it } from "vitest";
import { editDistance, typosAllowed } from "./typos";
import { Vocabulary } from "./vocabulary";

describe("edit distance", () => {
  it("counts a letter missing, extra, wrong, or two swapped as one edit", () => {
    expect(editDistance("vaporlux", "vaporlux", 2)).toBe(0);
    expect(editDistance("vaporlx", "vaporlux", 2)).toBe(1);
    expect(editDistance("vaporrlux", "vaporlux", 2)).toBe(1);
    expect(editDistance("vapurlux", "vaporlux", 2)).toBe(1);
    expect(editDistance("vapolrux", "vaporlux", 2)).toBe(1);
    expect(editDistance("vapurlix", "vaporlux", 2)).toBe(2);
  });

  it("stops at the bound: more than max is max + 1", () => {
    expect(editDistance("vapxrlyz", "vaporlux", 2)).toBe(3);
    expect(editDistance("kratom", "grinder", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
    expect(editDistance("", "ab", 2)).toBe(2);
  });

  it("forgives one typo in 4 to 7 letters, two from 8, none in short words or words with digits", () => {
    expect(["ice", "razz", "kratom", "vaporlx", "vaporlux", "15k", "v6000"].map(typosAllowed)).toEqual([
      0, 1, 1, 1, 2, 0, 0,
    ]);
  });
});

describe("the vocabulary", () => {
  const v = new Vocabulary();
  v.add(["vaporlux", "blue", "razz", "geek", "bar", "cloudking", "Piña", "12", "a", "6000puffs blend"]);

  it("keeps words of two letters or more that hold a letter, folded, cut as queries are", () => {
    expect(v.has("pina")).toBe(true);
    expect(v.has("12")).toBe(false);
    expect(v.has("a")).toBe(false);
    expect(v.has("blend")).toBe(true);
    expect(v.has("6000puffs")).toBe(true);
  });

  it("knows the starts of its words", () => {
    expect(v.hasPrefix("vapor")).toBe(true);
    expect(v.hasPrefix("vaporlux")).toBe(true);
    expect(v.hasPrefix("vaporlx")).toBe(false);
    expect(v.hasPrefix("zz")).toBe(false);
  });

  it("corrects a typo to whole words, and while typing to the starts of longer ones", () => {
    expect(v.corrections("vaporlx", false)).toEqual([{ term: "vaporlux", prefix: false, distance: 1 }]);
    expect(v.corrections("bleu", false).map((c) => c.term)).toEqual(["blue"]);
    expect(v.corrections("vapprl", false)).toEqual([]);
    expect(v.corrections("vapprl", true)).toEqual([{ term: "vaporl", prefix: true, distance: 1 }]);
    expect(v.corrections("rex", false)).toEqual([]);
  });

  it("splits two words run together", () => {
    expect(v.splits("geekbar")).toEqual([["geek", "bar"]]);
    expect(v.splits("geekba")).toEqual([["geek", "ba"]]);
    expect(v.splits("geekzz")).toEqual([]);
  });
});
