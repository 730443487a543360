import { describe, expect, it } from "vitest";
import type { CartLine } from "./cart";
import * as MESSAGES from "./messages";
import * as QUICK_ORDER_MESSAGES from "./messages/quick-order";
import * as SELLING_MESSAGES from "./messages/selling";
import {
  addToCartFromCheck,
  countFilledLines,
  enterLines,
  headerColumns,
  isFormula,
  linesForCart,
  MAX_QUICK_ORDER_LINES,
  type QuickOrderLine,
  readCode,
  readPaste,
  readQuantity,
  readTyped,
  splitCells,
} from "./quick-order";

function pasted(text: string) {
  const result = readPaste(text);
  if (!result.ok) throw new Error(result.error);
  return enterLines(result.lines);
}

describe("quick order: quantities", () => {
  it("reads whole numbers, with or without thousands separators", () => {
    expect(readQuantity("20")).toEqual({ ok: true, value: 20 });
    expect(readQuantity(" 007 ")).toEqual({ ok: true, value: 7 });
    expect(readQuantity('"1,000"')).toEqual({ ok: true, value: 1000 });
    expect(readQuantity("10000")).toEqual({ ok: true, value: 10_000 });
  });

  it("says why every bad kind of quantity cannot be ordered", () => {
    expect(readQuantity("")).toEqual({ ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderQuantityMissing });
    expect(readQuantity("0")).toEqual({ ok: false, problem: MESSAGES.enterQuantityAtLeastOne });
    expect(readQuantity("-5")).toEqual({ ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderQuantityNegative });
    expect(readQuantity("- 2.5")).toEqual({ ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderQuantityNegative });
    expect(readQuantity("2.5")).toEqual({
      ok: false,
      problem: QUICK_ORDER_MESSAGES.quickOrderQuantityFractional("2.5"),
    });
    expect(readQuantity("2,5")).toEqual({
      ok: false,
      problem: QUICK_ORDER_MESSAGES.quickOrderQuantityFractional("2,5"),
    });
    expect(readQuantity("10001")).toEqual({ ok: false, problem: SELLING_MESSAGES.quantityTooLarge(10_000) });
    expect(readQuantity("99999999999999999999999")).toEqual({
      ok: false,
      problem: SELLING_MESSAGES.quantityTooLarge(10_000),
    });
    expect(readQuantity("1e3")).toEqual({
      ok: false,
      problem: QUICK_ORDER_MESSAGES.quickOrderQuantityNotNumber("1e3"),
    });
    expect(readQuantity("ten")).toEqual({
      ok: false,
      problem: QUICK_ORDER_MESSAGES.quickOrderQuantityNotNumber("ten"),
    });
    expect(readQuantity("Infinity")).toMatchObject({ ok: false });
    expect(readQuantity("0x10")).toMatchObject({ ok: false });
  });
});

describe("quick order: SKU or UPC cells", () => {
  it("takes SKUs and UPCs as they are made", () => {
    expect(readCode("VAP-001")).toEqual({ ok: true, value: "VAP-001" });
    expect(readCode(' "036000291452" ')).toEqual({ ok: true, value: "036000291452" });
  });

  it("never takes a spreadsheet formula for a SKU", () => {
    for (const cell of [
      '=HYPERLINK("http://evil.example","VAP-001")',
      "+VAP-001",
      "@SUM(A1)",
      '-HYPERLINK("x")',
      "'=1+1",
      "\"=cmd|' /C calc'!A0\"",
    ]) {
      expect(isFormula(cell), cell).toBe(true);
      expect(readCode(cell), cell).toEqual({ ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderFormula });
    }
    expect(isFormula("VAP-001")).toBe(false);
  });

  it("says when a cell is not a SKU at all, cut short", () => {
    expect(readCode("VAP 001!")).toEqual({ ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderNotACode("VAP 001!") });
    const long = "X".repeat(80);
    expect(readCode(long)).toEqual({
      ok: false,
      problem: QUICK_ORDER_MESSAGES.quickOrderNotACode(`${"X".repeat(39)}…`),
    });
    expect(readCode("")).toEqual({ ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderCodeMissing });
  });
});

describe("quick order: pasted lines", () => {
  it("splits a spreadsheet's tabs, commas, semicolons and spaces", () => {
    expect(splitCells("VAP-001\t20")).toEqual(["VAP-001", "20"]);
    expect(splitCells("VAP-001, 20")).toEqual(["VAP-001", "20"]);
    expect(splitCells("VAP-001;20")).toEqual(["VAP-001", "20"]);
    expect(splitCells("  VAP-001   20 ")).toEqual(["VAP-001", "20"]);
    expect(splitCells('"VAP-001","1,000"')).toEqual(["VAP-001", "1,000"]);
    expect(splitCells("VAP-001\t20\t\t")).toEqual(["VAP-001", "20"]);
  });

  it("reads lines with their line numbers, skipping blank lines", () => {
    const lines = pasted("VAP-001\t20\n\n  \r\nGUM-1,5\r\nKRA-9 3\n");
    expect(lines).toEqual([
      { key: "p1", where: "Line 1", code: "VAP-001", quantity: 20, problem: null },
      { key: "p4", where: "Line 4", code: "GUM-1", quantity: 5, problem: null },
      { key: "p5", where: "Line 5", code: "KRA-9", quantity: 3, problem: null },
    ]);
  });

  it("takes a header row and reads the columns it names, in any order, ignoring the others", () => {
    const lines = pasted("Name\tQty\tSKU\nBlue Razz\t20\tVAP-001\nMint\t10\tVAP-002");
    expect(lines.map((l) => [l.where, l.code, l.quantity])).toEqual([
      ["Line 2", "VAP-001", 20],
      ["Line 3", "VAP-002", 10],
    ]);
    expect(headerColumns(["UPC", "Quantity"])).toEqual({ code: 0, quantity: 1 });
    expect(headerColumns(["VAP-001", "20"])).toBeNull();
  });

  it("gives every bad line its own reason and keeps the good ones", () => {
    const lines = pasted(
      [
        "VAP-001,20",
        "VAP-002",
        "VAP-003,-4",
        "VAP-004,2.5",
        "VAP-005,99999999999",
        "VAP-006,0",
        '=HYPERLINK("http://evil.example";"VAP-007")\t5',
        "VAP-008,1,000",
        ",5",
      ].join("\n"),
    );
    expect(lines.map((l) => l.problem)).toEqual([
      null,
      QUICK_ORDER_MESSAGES.quickOrderQuantityMissing,
      QUICK_ORDER_MESSAGES.quickOrderQuantityNegative,
      QUICK_ORDER_MESSAGES.quickOrderQuantityFractional("2.5"),
      SELLING_MESSAGES.quantityTooLarge(10_000),
      MESSAGES.enterQuantityAtLeastOne,
      QUICK_ORDER_MESSAGES.quickOrderFormula,
      // "1,000" split at its comma is not guessed at.
      QUICK_ORDER_MESSAGES.quickOrderLineShape,
      QUICK_ORDER_MESSAGES.quickOrderCodeMissing,
    ]);
    expect(lines.map((l) => l.quantity)).toEqual([20, null, null, null, null, null, null, null, null]);
  });

  it("refuses more than the limit of lines, saying how many (how fast: npm run bench:hostile)", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `SKU-${i}\t1`).join("\n");
    expect(readPaste(many)).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(10_000, MAX_QUICK_ORDER_LINES),
    });
    const limit = Array.from({ length: MAX_QUICK_ORDER_LINES }, (_, i) => `SKU-${i}\t1`).join("\n");
    expect(readPaste(`SKU\tQTY\n${limit}`)).toMatchObject({ ok: true });
    expect(readPaste(`${limit}\nSKU-X\t1`)).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(MAX_QUICK_ORDER_LINES + 1, MAX_QUICK_ORDER_LINES),
    });
  });

  it("refuses a paste far longer than the limit of lines could be, before counting its lines", () => {
    expect(readPaste(`VAP-001\t1\n${" ".repeat(1_000_000)}`)).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderPasteTooLong,
    });
  });

  it("counts filled lines whatever the line ends", () => {
    expect(countFilledLines("")).toBe(0);
    expect(countFilledLines("a\r\nb\rc\n\n \t\nd")).toBe(4);
  });
});

describe("quick order: typed lines", () => {
  it("pairs codes and quantities, skipping empty rows", () => {
    expect(readTyped(["VAP-001", "", "GUM-1"], ["20", "", ""])).toEqual([
      { key: "t1", where: "Typed line 1", code: "VAP-001", quantity: "20" },
      { key: "t3", where: "Typed line 3", code: "GUM-1", quantity: "" },
    ]);
  });
});

describe("quick order: into the cart", () => {
  function line(key: string, id: number, status: QuickOrderLine["status"], quantity: number): QuickOrderLine {
    return {
      key,
      where: [key],
      code: `SKU-${id}`,
      requested: quantity,
      product: {
        id,
        sku: `SKU-${id}`,
        name: `Product ${id}`,
        stock: 100,
        image: null,
        casePack: 1,
        minQuantity: 1,
        maxQuantity: null,
      },
      status,
      quantity: status === "bad" ? 0 : quantity,
      unitPriceCents: status === "bad" ? null : 100 + id,
      problem: null,
      suggestion: null,
      licenseLabel: null,
      note: null,
    };
  }

  it("takes ready lines and accepted suggestions only, at the prices the server answered", () => {
    const lines = [
      line("p1", 1, "ready", 2),
      line("p2", 2, "confirm", 10),
      line("p3", 3, "confirm", 5),
      line("p4", 4, "bad", 1),
    ];
    expect(linesForCart(lines, new Set(["p3"])).map((l) => [l.id, l.quantity, l.product?.priceCents])).toEqual([
      [1, 2, 101],
      [3, 5, 103],
    ]);
    const result = addToCartFromCheck([], lines, new Set(["p3"]));
    expect(result.lines.map((l) => [l.id, l.quantity, l.priceCents])).toEqual([
      [1, 2, 101],
      [3, 5, 103],
    ]);
    expect(result).toMatchObject({ added: 2, leftOut: 2, noRoom: 0 });
  });

  it("never passes the most products an order can have; products already in the cart merge", () => {
    const inCart: CartLine[] = [
      { id: 1, name: "Product 1", priceCents: 101, quantity: 1, stock: 100, image: null },
      { id: 9, name: "Product 9", priceCents: 109, quantity: 1, stock: 100, image: null },
    ];
    const lines = [line("p1", 1, "ready", 2), line("p2", 2, "ready", 1), line("p3", 3, "ready", 1)];
    const result = addToCartFromCheck(inCart, lines, new Set(), 3);
    expect(result.lines.map((l) => [l.id, l.quantity])).toEqual([
      [1, 3],
      [9, 1],
      [2, 1],
    ]);
    expect(result).toMatchObject({ added: 2, leftOut: 1, noRoom: 1 });
  });
});
