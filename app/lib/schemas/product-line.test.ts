import { describe, expect, it } from "vitest";
import * as MESSAGES from "../messages";
import * as FORM_MESSAGES from "../messages/forms";
import * as LINE_EDITOR_MESSAGES from "../messages/line-editor";
import * as VOLUME_MESSAGES from "../messages/volume-prices";
import { addExistingSchema, lineSchema } from "./product-line";

/** The line editor's form, as the browser posts it: the line's fields and `variants.<row>.<column>`. */
function form(line: Record<string, string>, rows: Record<string, string>[]): Record<string, string> {
  const out: Record<string, string> = { name: "Cloud 6000", category: "disposable-vapes", ...line };
  rows.forEach((row, i) => {
    for (const [column, value] of Object.entries(row)) out[`variants.${i}.${column}`] = value;
  });
  return out;
}

function problems(fields: Record<string, string>): Record<string, string> {
  const parsed = lineSchema.safeParse(fields);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join(".") || "form"] ??= issue.message;
  return out;
}

const TWO_OPTIONS = { optionName1: "Flavor", optionName2: "Nicotine" };
const row = (flavor: string, strength: string, more: Record<string, string> = {}) => ({
  option1: flavor,
  option2: strength,
  price: "12.50",
  stock: "40",
  ...more,
});

describe("the line editor's form", () => {
  it("reads the line and its rows: money in cents, a spare empty row left out, codes as digits", () => {
    const parsed = lineSchema.parse(
      form({ ...TWO_OPTIONS, brand: "  Cloud   Co ", puffs: "6,000", tiers: "20, 11.00" }, [
        row("Blue Razz", "5%", { sku: "CL-BR5", upc: "0 36000-29145 2", casePack: "10", apart: "on", position: "2" }),
        row("Mint", "5%", { id: "7", version: "3", stockSeen: "40", price: "$1,234.56", sku: "CL-M5" }),
        {},
      ]),
    );
    expect(parsed).toMatchObject({
      name: "Cloud 6000",
      brand: "Cloud Co",
      puffs: 6000,
      optionNames: ["Flavor", "Nicotine"],
      tiers: [{ minQuantity: 20, priceCents: 11_00 }],
      removed: [],
    });
    expect(parsed.variants).toEqual([
      {
        row: 0,
        id: null,
        version: null,
        stockSeen: null,
        like: null,
        options: ["Blue Razz", "5%"],
        sku: "CL-BR5",
        upc: "036000291452",
        priceCents: 12_50,
        stock: 40,
        casePack: 10,
        minQuantity: 10,
        maxQuantity: null,
        apart: true,
        position: 2,
      },
      expect.objectContaining({ row: 1, id: 7, version: 3, stockSeen: 40, sku: "CL-M5", priceCents: 123_456 }),
    ]);
  });

  it("says each row's problem beside its own field", () => {
    const found = problems(
      form(TWO_OPTIONS, [
        row("Blue Razz", "", { upc: "036000291453", price: "1,00" }),
        row("Mint", "5%", { sku: "CL 1", stock: "-1", casePack: "6", minQuantity: "7" }),
        row("mint", "5%", { position: "0" }),
        row("Mango", "3%", { id: "9", version: "1", stockSeen: "0", sku: "" }),
      ]),
    );
    expect(found).toEqual({
      "variants.0.option2": LINE_EDITOR_MESSAGES.optionValueMissing("Nicotine"),
      "variants.0.upc": MESSAGES.upcFormat,
      "variants.0.price": FORM_MESSAGES.amountFormat("price"),
      "variants.1.sku": MESSAGES.skuCharacters,
      "variants.1.stock": LINE_EDITOR_MESSAGES.stockInvalid,
      "variants.1.minQuantity": MESSAGES.minimumNotPackMultiple,
      "variants.2.option1": LINE_EDITOR_MESSAGES.variantRepeated("mint / 5%"),
      "variants.2.position": LINE_EDITOR_MESSAGES.orderInvalid,
      "variants.3.sku": LINE_EDITOR_MESSAGES.skuRequiredOfVariant,
    });
  });

  it("refuses two variants with the same values, SKU or UPC (a UPC-A and its EAN-13 are one code)", () => {
    expect(
      problems(
        form(TWO_OPTIONS, [
          row("Blue Razz", "5%", { sku: "A1", upc: "036000291452" }),
          row("Mint", "5%", { sku: "A1", upc: "0036000291452" }),
          row("blue razz", "5%"),
        ]),
      ),
    ).toEqual({
      "variants.1.sku": LINE_EDITOR_MESSAGES.skuRepeated("A1"),
      "variants.1.upc": LINE_EDITOR_MESSAGES.upcRepeated("0036000291452"),
      "variants.2.option1": LINE_EDITOR_MESSAGES.variantRepeated("blue razz / 5%"),
    });
    // Without options a line has one variant.
    expect(problems(form({}, [row("", ""), row("", "")]))).toEqual({
      optionName1: LINE_EDITOR_MESSAGES.optionNeeded,
    });
  });

  it("checks the line's fields, its options in order and its breaks against every variant they apply to", () => {
    expect(
      problems(
        form({ name: "", category: "cigars", puffs: "0", optionName2: "Nicotine", tiers: "12, 9.00" }, [
          row("Blue Razz", "5%", { casePack: "10" }),
        ]),
      ),
    ).toEqual({
      name: LINE_EDITOR_MESSAGES.lineNameRequired,
      category: MESSAGES.chooseStoreCategory,
      puffs: LINE_EDITOR_MESSAGES.puffsInvalid,
      optionName2: LINE_EDITOR_MESSAGES.optionNameInOrder(2),
      tiers: VOLUME_MESSAGES.tierNotPackMultiple(1, 10, "line"),
    });
    // A variant counted apart is not held to the line's breaks.
    expect(
      problems(form({ ...TWO_OPTIONS, tiers: "12, 9.00" }, [row("Blue Razz", "5%", { casePack: "10", apart: "on" })])),
    ).toEqual({});
    expect(problems(form({ optionName1: "Flavor", optionName2: "flavor" }, [row("A", "B")]))).toEqual({
      optionName2: LINE_EDITOR_MESSAGES.optionNameRepeated,
    });
  });

  it("takes a row marked for removal as removed, and keeps one variant at least", () => {
    const parsed = lineSchema.parse(
      form(TWO_OPTIONS, [
        row("Blue Razz", "5%", { id: "4", version: "2", stockSeen: "1", remove: "on" }),
        row("Mint", "5%"),
        row("", "", { remove: "on", sku: "NEW-1" }),
      ]),
    );
    expect(parsed.removed).toEqual([{ row: 0, id: 4, version: 2 }]);
    expect(parsed.variants.map((v) => v.row)).toEqual([1]);
    expect(
      problems(form(TWO_OPTIONS, [row("A", "B", { id: "4", version: "2", stockSeen: "1", remove: "on" })])),
    ).toEqual({ form: LINE_EDITOR_MESSAGES.keepOneVariant });
    expect(problems(form(TWO_OPTIONS, [{}]))).toEqual({ form: LINE_EDITOR_MESSAGES.atLeastOneVariant });
  });

  it("refuses rows beyond what one save takes", () => {
    expect(problems({ ...form(TWO_OPTIONS, [row("A", "B")]), "variants.250.sku": "X" })).toEqual({
      form: LINE_EDITOR_MESSAGES.tooManyVariants(250),
    });
  });
});

describe("adding existing products", () => {
  it("reads the SKUs typed, however separated, and the products the table has", () => {
    expect(
      addExistingSchema.parse({
        existing: "A-1, B-2\nC-3 A-1",
        name: "Cloud",
        optionName1: "Flavor",
        "variants.0.id": "5",
        "variants.1.id": "",
      }),
    ).toEqual({ skus: ["A-1", "B-2", "C-3"], inTable: [5], lineName: "Cloud", optionCount: 1 });
    const empty = addExistingSchema.safeParse({ existing: " " });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe(LINE_EDITOR_MESSAGES.existingRequired);
  });
});
