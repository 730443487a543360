import { describe, expect, it } from "vitest";
import { changeAgainstPrevious, countAgainstPrevious } from "./reports";

describe("the overview's comparisons in words", () => {
  it("says the change against the previous period, rounded to whole percents", () => {
    expect(changeAgainstPrevious(11_200, 10_000)).toBe("Up 12% on the previous period.");
    expect(changeAgainstPrevious(5_000, 10_000)).toBe("Down 50% on the previous period.");
    expect(changeAgainstPrevious(10_001, 10_000)).toBe("Level with the previous period.");
    expect(changeAgainstPrevious(500, 0)).toBe("No sales in the previous period.");
    expect(changeAgainstPrevious(0, 0)).toBe("No sales in either period.");
  });

  it("says counts without speaking of sales", () => {
    expect(countAgainstPrevious(2, 0)).toBe("None in the previous period.");
    expect(countAgainstPrevious(0, 0)).toBe("None in either period.");
    expect(countAgainstPrevious(3, 2)).toBe("Up 50% on the previous period.");
  });
});
