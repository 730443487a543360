import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as MESSAGES from "../messages";
import {
  checkDates,
  checkScope,
  DATE_FIELDS,
  SCOPE_FIELDS,
  splitList,
  stateField,
  statesField,
  zipsField,
} from "./rule-book";

/** A kind's schema as a third kind would declare it: a place, the scope, the dates, and its own field. */
const kindSchema = z
  .object({
    state: stateField("Unknown state"),
    zips: zipsField("Five digits"),
    all: SCOPE_FIELDS.all,
    categories: SCOPE_FIELDS.categories,
    ...DATE_FIELDS,
    rate: z.string(),
  })
  .superRefine((v, ctx) => {
    checkScope(v, ctx, { scopeEmpty: "Choose what it covers" });
    checkDates(v, ctx);
  });

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = kindSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the rule-book's form fields", () => {
  it("splits lists on commas, spaces and lines, without blanks or repeats", () => {
    expect(splitList(" TX, OK\nTX;;AR ")).toEqual(["TX", "OK", "AR"]);
  });

  it("reads a kind's place, scope and dates, each refused in the kind's words next to its field", () => {
    const ok = kindSchema.parse({
      state: "tx",
      zips: "75201, 75202",
      categories: "glass",
      effectiveFrom: "2025-01-01",
      rate: "1",
    });
    expect(ok).toMatchObject({
      state: "TX",
      zips: ["75201", "75202"],
      all: false,
      categories: ["glass"],
      effectiveUntil: null,
    });
    expect(
      errorsOf({ state: "XX", zips: "7520", effectiveFrom: "2025-01-01", effectiveUntil: "2024-12-31", rate: "1" }),
    ).toEqual({
      state: "Unknown state",
      zips: "Five digits",
      all: "Choose what it covers",
      effectiveUntil: MESSAGES.ruleEndBeforeStart,
    });
  });

  it("counts a kind's own filters toward a scope that is not empty", () => {
    const schema = z
      .object({ all: SCOPE_FIELDS.all, own: z.boolean() })
      .superRefine((v, ctx) => checkScope(v, ctx, { scopeEmpty: "Empty", extraFilters: v.own ? 1 : 0 }));
    expect(schema.safeParse({ own: true }).success).toBe(true);
    expect(schema.safeParse({ own: false }).success).toBe(false);
  });

  it("reads a list of states upper-cased, refusing an unknown one", () => {
    expect(statesField("Unknown").parse("tx ok")).toEqual(["TX", "OK"]);
    expect(statesField("Unknown").safeParse("TX, XX").success).toBe(false);
  });
});
