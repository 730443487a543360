import { describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import type { Product } from "../catalog/product";
import { firstError, parseForm } from "../http/forms";
import { DomainError } from "../runtime/domain-error";
import { type LinePage, lineAddSchema, orderableLines } from "./line-page";

function variant(id: number, name: string, changes: Partial<Product> = {}): Product {
  return {
    id,
    sku: `SKU-${id}`,
    name,
    description: "",
    priceCents: 10_00,
    stock: 50,
    category: "disposables",
    createdAt: "2026-01-01",
    updatedAt: "2026-01-01",
    version: 1,
    casePack: 1,
    minQuantity: 1,
    maxQuantity: null,
    lineId: 7,
    options: [name, "", ""],
    priceApart: false,
    upc: null,
    images: [],
    ...changes,
  };
}

const mint = variant(11, "Bar Mint");
const mango = variant(12, "Bar Mango", { stock: 0 });
const razz = variant(13, "Bar Razz", { casePack: 6, minQuantity: 6 });
const page: LinePage = {
  head: {
    id: 7,
    slug: "bar",
    name: "Bar",
    description: "",
    category: "disposables",
    brand: null,
    optionNames: ["Flavor"],
    puffs: null,
    updatedAt: "2026-01-01",
  },
  variants: [mint, mango, razz],
  chosen: mint,
};

/** What a post of the line's page adds, or the one sentence it is refused with. */
function post(fields: [string, string][], on: LinePage = page) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const parsed = parseForm(form, lineAddSchema(on));
  if (!parsed.ok) return { refused: firstError(parsed.errors) };
  try {
    return { added: orderableLines(on, parsed.data) };
  } catch (error) {
    if (error instanceof DomainError) return { refused: error.message };
    throw error;
  }
}

describe("a line page's post (issue 37: read with the form's schema)", () => {
  it("reads the grid's quantities as typed variant lines, skipping the empty and 0 ones", () => {
    const form = new FormData();
    form.append("q.11", " 3 ");
    form.append("q.12", "");
    form.append("q.13", "12");
    const parsed = parseForm(form, lineAddSchema(page));
    expect(parsed).toEqual({
      ok: true,
      data: {
        from: "grid",
        lines: [
          { variantId: 11, quantity: 3 },
          { variantId: 13, quantity: 12 },
        ],
      },
    });
    expect(
      post([
        ["q.11", "3"],
        ["q.13", "0"],
      ]),
    ).toEqual({ added: [{ id: 11, quantity: 3 }] });
  });

  it("refuses a grid naming another line's product, or a field that is no variant", () => {
    expect(post([["q.99", "2"]])).toEqual({ refused: LINE_MESSAGES.gridWrongLine });
    expect(post([["q.011", "2"]])).toEqual({ refused: LINE_MESSAGES.gridWrongLine });
    expect(
      post([
        ["q.11", "2"],
        ["q.", "2"],
      ]),
    ).toEqual({ refused: LINE_MESSAGES.gridWrongLine });
  });

  it("refuses negative, fractional, huge or repeated quantities, naming the variant", () => {
    for (const typed of ["-2", "2.5", "1e3", "abc", "1234567"]) {
      expect(post([["q.11", typed]]), typed).toEqual({ refused: LINE_MESSAGES.gridQuantityNotWhole("Bar Mint") });
    }
    expect(
      post([
        ["q.11", "2"],
        ["q.11", "3"],
      ]),
    ).toEqual({ refused: LINE_MESSAGES.gridQuantityNotWhole("Bar Mint") });
    expect(post([["q.11", "10001"]])).toEqual({ refused: SELLING_MESSAGES.quantityTooLarge(10_000) });
  });

  it("adds nothing when one quantity cannot be sold now, and says the first problem", () => {
    expect(
      post([
        ["q.11", "2"],
        ["q.12", "1"],
      ]),
    ).toEqual({ refused: LINE_MESSAGES.gridNotOrderable("Bar Mango") });
    expect(
      post([
        ["q.11", "2"],
        ["q.13", "7"],
      ]),
    ).toEqual({ refused: SELLING_MESSAGES.quantityNotPackMultiple("Bar Razz", 6) });
    expect(post([["q.11", "51"]])).toEqual({ refused: SELLING_MESSAGES.quantityAboveStock("Bar Mint", 50) });
  });

  it("asks for at least one quantity", () => {
    expect(
      post([
        ["q.11", "0"],
        ["q.13", ""],
      ]),
    ).toEqual({ refused: LINE_MESSAGES.gridNothingChosen });
  });

  it("reads one product's Add to Cart: the smallest orderable quantity when none is typed", () => {
    expect(post([], { ...page, chosen: razz })).toEqual({ added: [{ id: 13, quantity: 6 }] });
    expect(post([["quantity", "12"]], { ...page, chosen: razz })).toEqual({ added: [{ id: 13, quantity: 12 }] });
    expect(post([["quantity", "many"]])).toEqual({ refused: MESSAGES.quantityNotWhole });
    expect(post([["quantity", "2.5"]])).toEqual({ refused: MESSAGES.quantityNotWhole });
    expect(post([["quantity", "2"]], { ...page, chosen: mango })).toEqual({ refused: MESSAGES.outOfStock });
  });
});
