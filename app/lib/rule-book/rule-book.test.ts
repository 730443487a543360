import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BookRule, findClash } from "./book";
import { datesOverlap, describeDates, inForce } from "./dates";
import { describePlace, placeReaches, placesOverlap, type RulePlace } from "./place";
import {
  describeScope,
  filtersFilled,
  type ProductScope,
  type ScopeFacts,
  sameScope,
  scopeCovers,
  scopeFromInput,
  scopesOverlap,
} from "./scope";

function facts(over: Partial<ScopeFacts> = {}): ScopeFacts {
  return {
    id: 1,
    category: "disposable-vapes",
    brand: "Vaporlux",
    productClass: "nicotine-vape",
    flavorClass: "menthol",
    country: "CN",
    thcMg: null,
    nicotineMgMl: null,
    options: {},
    ...over,
  };
}

type PlacedRule = BookRule & RulePlace & { scope: ProductScope };
let nextId = 1;
function rule(over: Partial<PlacedRule> = {}): PlacedRule {
  return {
    id: nextId++,
    name: `Rule ${nextId}`,
    enabled: true,
    example: false,
    updatedAt: "",
    effectiveFrom: "2025-01-01",
    effectiveUntil: null,
    states: ["TX"],
    zips: [],
    scope: { all: true },
    ...over,
  };
}

describe("the rule-book's scope over products", () => {
  it("covers every product with all, and with filters only the products matching each", () => {
    expect(scopeCovers({ all: true }, facts())).toBe(true);
    expect(scopeCovers({ classes: ["nicotine-vape"], flavors: ["menthol"] }, facts())).toBe(true);
    expect(scopeCovers({ classes: ["nicotine-vape"], flavors: ["tobacco"] }, facts())).toBe(false);
    expect(scopeCovers({ categories: ["glass"] }, facts())).toBe(false);
    expect(scopeCovers({ productIds: [2, 3] }, facts())).toBe(false);
  });

  it("matches brands without case or outer spaces, and an unknown fact matches no filter on it", () => {
    expect(scopeCovers({ brands: ["  VAPORLUX "] }, facts())).toBe(true);
    expect(scopeCovers({ brands: ["Vaporlux"] }, facts({ brand: null }))).toBe(false);
    expect(scopeCovers({ countries: ["CN"] }, facts({ country: null }))).toBe(false);
  });

  it("narrows by THC per container, strictly above the floor, with or without all", () => {
    expect(scopeCovers({ all: true, minThcMg: 0.4 }, facts({ thcMg: 0.4 }))).toBe(false);
    expect(scopeCovers({ all: true, minThcMg: 0.4 }, facts({ thcMg: 0.5 }))).toBe(true);
    expect(scopeCovers({ classes: ["nicotine-vape"], minThcMg: 1 }, facts())).toBe(false);
  });

  it("reads a form's scope: all drops the filters, lists are sorted, the THC floor is kept", () => {
    expect(scopeFromInput({ all: true, classes: ["kratom"], minThcMg: 2 })).toEqual({ all: true, minThcMg: 2 });
    expect(
      scopeFromInput({
        all: false,
        classes: ["kratom", "glass"],
        brands: ["b", "A"],
        productIds: [10, 9],
        flavors: [],
      }),
    ).toEqual({ classes: ["glass", "kratom"], brands: ["A", "b"], productIds: [9, 10] });
    expect(filtersFilled({ all: false, classes: ["kratom"], productIds: [1, 2] })).toBe(3);
    expect(filtersFilled({ all: true })).toBe(0);
  });

  it("tells the same scope whatever the order of its lists or the case of its brands", () => {
    expect(
      sameScope(
        { brands: ["A", "b"], classes: ["glass", "kratom"] },
        { classes: ["kratom", "glass"], brands: ["B", "a"] },
      ),
    ).toBe(true);
    expect(sameScope({ productIds: [2, 10] }, { productIds: [10, 2] })).toBe(true);
    expect(sameScope({ productIds: [2] }, { productIds: [2], minThcMg: 1 })).toBe(false);
  });

  it("finds overlap from the filters both name, and from the catalog where they name different ones", () => {
    expect(scopesOverlap({ classes: ["kratom"] }, { classes: ["glass"] }, [facts()])).toBe(false);
    expect(scopesOverlap({ brands: ["vaporlux"] }, { brands: ["VAPORLUX", "x"] }, [])).toBe(true);
    expect(scopesOverlap({ classes: ["nicotine-vape"] }, { countries: ["CN"] }, [])).toBe(false);
    expect(scopesOverlap({ classes: ["nicotine-vape"] }, { countries: ["CN"] }, [facts()])).toBe(true);
  });

  it("says a scope in words, each filter in the admin's terms", () => {
    expect(describeScope({ all: true })).toBe("All products");
    expect(
      describeScope({
        classes: ["nicotine-vape"],
        flavors: ["menthol"],
        countries: ["CN"],
        productIds: [4, 5],
        minThcMg: 0.4,
      }),
    ).toBe("Nicotine vape; Menthol flavor; made in CN; products #4, #5; over 0.4 mg THC per container");
  });

  it("a product a scope covers is covered by every scope that overlaps it only through the catalog (property)", () => {
    const classes = fc.constantFrom("nicotine-vape" as const, "kratom" as const, "glass" as const);
    const countries = fc.constantFrom("CN", "US");
    fc.assert(
      fc.property(classes, countries, classes, countries, (c1, k1, c2, k2) => {
        const product = facts({ productClass: c1, country: k1 });
        const a: ProductScope = { classes: [c2] };
        const b: ProductScope = { countries: [k2] };
        expect(scopesOverlap(a, b, [product])).toBe(scopeCovers(a, product) && scopeCovers(b, product));
      }),
    );
  });
});

describe("the rule-book's places", () => {
  it("reaches every destination with no state, a state's every ZIP without ZIPs, else the ZIPs listed", () => {
    expect(placeReaches({ states: [], zips: [] }, { state: "ak", zip: "99501" })).toBe(true);
    expect(placeReaches({ states: ["TX"], zips: [] }, { state: " tx ", zip: "75201" })).toBe(true);
    expect(placeReaches({ states: ["TX"], zips: [] }, { state: "OK", zip: "73101" })).toBe(false);
    expect(placeReaches({ states: ["TX"], zips: ["75201"] }, { state: "TX", zip: "75201-1234" })).toBe(true);
    expect(placeReaches({ states: ["TX"], zips: ["75201"] }, { state: "TX", zip: "75202" })).toBe(false);
  });

  it("overlaps when a destination is reached by both", () => {
    expect(placesOverlap({ states: [], zips: [] }, { states: ["TX"], zips: ["75201"] })).toBe(true);
    expect(placesOverlap({ states: ["TX"], zips: [] }, { states: ["OK"], zips: [] })).toBe(false);
    expect(placesOverlap({ states: ["TX", "OK"], zips: [] }, { states: ["OK"], zips: ["73101"] })).toBe(true);
    expect(placesOverlap({ states: ["TX"], zips: ["75201"] }, { states: ["TX"], zips: ["75202"] })).toBe(false);
  });

  it("says a place with the states' codes, or their names", () => {
    expect(describePlace({ states: [], zips: [] })).toBe("All destinations");
    expect(describePlace({ states: ["AL", "AR"], zips: [] })).toBe("AL, AR");
    expect(describePlace({ states: ["LA"], zips: ["70112"] }, { names: true })).toBe("Louisiana (ZIP 70112)");
  });
});

describe("the rule-book's dates", () => {
  it("is in force from the first day to the last, inclusive, and only while enabled", () => {
    const dates = { effectiveFrom: "2025-01-01", effectiveUntil: "2025-12-31", enabled: true };
    expect(inForce(dates, "2024-12-31")).toBe(false);
    expect(inForce(dates, "2025-01-01")).toBe(true);
    expect(inForce(dates, "2025-12-31")).toBe(true);
    expect(inForce(dates, "2026-01-01")).toBe(false);
    expect(inForce({ ...dates, effectiveUntil: null }, "2099-01-01")).toBe(true);
    expect(inForce({ ...dates, enabled: false }, "2025-06-01")).toBe(false);
  });

  it("overlaps when a day is in both, a rule without a last day running for good", () => {
    expect(
      datesOverlap(
        { effectiveFrom: "2025-01-01", effectiveUntil: "2025-06-30" },
        { effectiveFrom: "2025-06-30", effectiveUntil: null },
      ),
    ).toBe(true);
    expect(
      datesOverlap(
        { effectiveFrom: "2025-01-01", effectiveUntil: "2025-06-29" },
        { effectiveFrom: "2025-06-30", effectiveUntil: null },
      ),
    ).toBe(false);
    expect(describeDates({ effectiveFrom: "2025-01-01", effectiveUntil: null })).toBe("From 2025-01-01");
    expect(describeDates({ effectiveFrom: "2025-01-01", effectiveUntil: "2025-06-30" })).toBe(
      "2025-01-01 to 2025-06-30",
    );
  });
});

describe("the rule-book's contradiction check", () => {
  const test = { placeOf: (r: RulePlace) => r, clashes: () => true };

  it("names the first enabled rule at an overlapping place and time that the kind's comparison says clashes", () => {
    const off = rule({ enabled: false });
    const elsewhere = rule({ states: ["OK"] });
    const before = rule({ effectiveUntil: "2025-12-31" });
    const clash = rule({ states: [] });
    const later = rule();
    const candidate = rule({ effectiveFrom: "2026-01-01" });
    expect(findClash(candidate, [off, elsewhere, before, clash, later], null, test)).toBe(clash);
  });

  it("leaves out the rule being edited, and asks the kind only about rules that meet the candidate", () => {
    const editing = rule();
    const other = rule({ scope: { classes: ["kratom"] } });
    const asked: number[] = [];
    const kindTest = {
      placeOf: (r: RulePlace) => r,
      clashes: (stored: PlacedRule, candidate: PlacedRule) => {
        asked.push(stored.id);
        return scopesOverlap(stored.scope, candidate.scope, []);
      },
    };
    const candidate = { ...editing, scope: { classes: ["glass" as const] } };
    expect(findClash(candidate, [editing, other], editing.id, kindTest)).toBeNull();
    expect(asked).toEqual([other.id]);
    expect(
      findClash({ ...candidate, scope: { classes: ["kratom" as const] } }, [editing, other], editing.id, kindTest),
    ).toBe(other);
  });

  it("places a kind with one state per rule by its placeOf", () => {
    const oneState = (r: { state: string; zips: string[] }) => ({ states: [r.state], zips: r.zips });
    const stored = { ...rule(), state: "LA", zips: ["70112"] };
    const clashes = () => true;
    expect(findClash({ ...rule(), state: "LA", zips: [] }, [stored], null, { placeOf: oneState, clashes })).toBe(
      stored,
    );
    expect(
      findClash({ ...rule(), state: "LA", zips: ["70113"] }, [stored], null, { placeOf: oneState, clashes }),
    ).toBeNull();
    expect(findClash({ ...rule(), state: "KY", zips: [] }, [stored], null, { placeOf: oneState, clashes })).toBeNull();
  });
});
