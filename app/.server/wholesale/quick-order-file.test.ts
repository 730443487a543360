import { describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import { enterLines, MAX_QUICK_ORDER_LINES } from "~/lib/quick-order";
import { decodeQuickOrderFile, MAX_QUICK_ORDER_FILE_BYTES, readQuickOrderFile } from "./quick-order-file";

const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16le(text: string, bom = true): Uint8Array {
  const body = Buffer.from(text, "utf16le");
  return new Uint8Array(bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body);
}

function utf16be(text: string): Uint8Array {
  const le = Buffer.from(text, "utf16le");
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1] ?? 0;
    be[i + 1] = le[i] ?? 0;
  }
  return new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
}

function read(bytes: Uint8Array) {
  const result = readQuickOrderFile(bytes);
  if (!result.ok) throw new Error(result.error);
  return enterLines(result.lines).map((l) => [l.where, l.code, l.quantity, l.problem]);
}

describe("quick order: reading a CSV file", () => {
  it("reads the sku and quantity columns by their names, in any order, beside others", () => {
    expect(read(utf8("name,quantity,sku,price\nBlue Razz,20,VAP-001,12.50\nMint,10,VAP-002,12.50\n"))).toEqual([
      ["Row 2", "VAP-001", 20, null],
      ["Row 3", "VAP-002", 10, null],
    ]);
    expect(read(utf8("UPC;Qty\n036000291452;12\n"))).toEqual([["Row 2", "036000291452", 12, null]]);
  });

  it("reads a plain two-column file without a header", () => {
    expect(read(utf8("VAP-001,20\r\nVAP-002,10\r\n"))).toEqual([
      ["Row 1", "VAP-001", 20, null],
      ["Row 2", "VAP-002", 10, null],
    ]);
  });

  it("keeps the rows' numbers as the spreadsheet shows them, skipping empty rows", () => {
    expect(read(utf8("sku,quantity\nVAP-001,20\n,\n\nVAP-002,10\n"))).toEqual([
      ["Row 2", "VAP-001", 20, null],
      ["Row 5", "VAP-002", 10, null],
    ]);
  });

  it("takes off a UTF-8 byte order mark (Excel's CSV UTF-8)", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("sku,quantity\nVAP-001,20\n")]);
    expect(read(bytes)).toEqual([["Row 2", "VAP-001", 20, null]]);
  });

  it("decodes UTF-16 (Excel's Unicode text, tab separated), with or without a byte order mark", () => {
    const text = "SKU\tQuantity\r\nVAP-001\t20\r\n";
    expect(read(utf16le(text))).toEqual([["Row 2", "VAP-001", 20, null]]);
    expect(read(utf16le(text, false))).toEqual([["Row 2", "VAP-001", 20, null]]);
    expect(read(utf16be(text))).toEqual([["Row 2", "VAP-001", 20, null]]);
  });

  it("decodes Windows-1252 (a spreadsheet's plain CSV) instead of refusing it", () => {
    // "Café" in Windows-1252: é is one byte, 0xE9, which is not UTF-8.
    const bytes = new Uint8Array([...utf8("sku,name,qty\nVAP-001,Caf"), 0xe9, ...utf8(",20\n")]);
    expect(decodeQuickOrderFile(bytes)).toEqual({ ok: true, text: "sku,name,qty\nVAP-001,Café,20\n" });
    expect(read(bytes)).toEqual([["Row 2", "VAP-001", 20, null]]);
  });

  it("gives a formula cell its reason and never runs or keeps it as a SKU", () => {
    const file = utf8('sku,quantity\n"=HYPERLINK(""http://evil.example"",""VAP-001"")",20\n+cmd,5\nVAP-002,5\n');
    expect(read(file)).toEqual([
      ["Row 2", expect.stringMatching(/^=HYPERLINK/), null, QUICK_ORDER_MESSAGES.quickOrderFormula],
      ["Row 3", "+cmd", null, QUICK_ORDER_MESSAGES.quickOrderFormula],
      ["Row 4", "VAP-002", 5, null],
    ]);
  });

  it("refuses a file with the wrong columns, naming what it found", () => {
    expect(readQuickOrderFile(utf8("name,price\nBlue Razz,12.50\n"))).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderFileColumns("name, price"),
    });
    expect(readQuickOrderFile(utf8("sku,name\nVAP-001,Blue Razz\n"))).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderFileColumns("sku, name"),
    });
  });

  it("refuses empty files, header-only files and binary data", () => {
    expect(readQuickOrderFile(utf8(""))).toEqual({ ok: false, error: QUICK_ORDER_MESSAGES.quickOrderFileEmpty });
    expect(readQuickOrderFile(utf8("\n\n"))).toEqual({ ok: false, error: QUICK_ORDER_MESSAGES.quickOrderFileEmpty });
    expect(readQuickOrderFile(utf8("sku,quantity\n"))).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderFileHeaderOnly,
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect(readQuickOrderFile(png)).toEqual({ ok: false, error: MESSAGES.importNotCsv });
  });

  it("refuses a broken quote with the row it is on", () => {
    const result = readQuickOrderFile(utf8('sku,quantity\nVAP-001,20\n"VAP-002,10\n'));
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toMatch(/^Row \d+ cannot be read: a quote is opened and never closed/);
  });

  it("refuses more lines than the limit, and files over the size limit, before parsing them", () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `SKU-${i},1`).join("\n");
    expect(readQuickOrderFile(utf8(`sku,quantity\n${rows}\n`))).toEqual({
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(10_000, MAX_QUICK_ORDER_LINES),
    });
    const big = new Uint8Array(MAX_QUICK_ORDER_FILE_BYTES + 1).fill(0x41);
    expect(readQuickOrderFile(big)).toEqual({ ok: false, error: IMPORT_MESSAGES.importTooLarge(2) });
  });
});
