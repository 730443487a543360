import { describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import { MAX_IMPORT_BYTES, readProductsCsv } from "./read";

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function refusal(text: string | Uint8Array): string {
  const result = readProductsCsv(typeof text === "string" ? bytes(text) : text);
  if (result.ok) throw new Error("the file was accepted");
  return result.error;
}

describe("reading a catalog CSV", () => {
  it("refuses a bad file as a whole, with what to do", () => {
    expect(refusal("name,price\nA,1\n")).toBe(MESSAGES.importNoSkuColumn);
    expect(refusal("sku,colour\nA,red\n")).toBe(
      MESSAGES.importUnknownColumn("colour", [
        "line_handle",
        "line_name",
        "option1_name",
        "option1_value",
        "option2_name",
        "option2_value",
        "option3_name",
        "option3_value",
        "sku",
        "name",
        "category",
        "price",
        "stock",
        "low_stock_threshold",
        "description",
        "case_pack",
        "min_quantity",
        "max_quantity",
        "price_tiers",
        "brand",
        "product_class",
        "flavor_class",
        "nicotine_mg_ml",
        "country",
        "upc",
        "thc_mg",
        "seven_oh_percent",
        "directory_states",
        "ml_per_unit",
        "cartridges_per_unit",
        "vape_system",
        "contains_nicotine",
        "image_urls",
        "delete",
      ]),
    );
    expect(refusal("sku,name,SKU\nA,b,c\n")).toBe(MESSAGES.importDuplicateColumn("sku"));
    expect(refusal("sku,name\n")).toBe(MESSAGES.importEmpty);
    expect(refusal("")).toBe(MESSAGES.importEmpty);
    expect(refusal('sku,name\nA,"open\n')).toContain("a quote is opened and never closed");
    expect(refusal("sku,name\nA,b,c\n")).toBe(
      MESSAGES.importUnreadable(2, "it does not have as many cells as the first row"),
    );
    // Windows-1252 "café" and UTF-16: another encoding, not UTF-8.
    expect(refusal(Uint8Array.from([...bytes("sku,name\nA,caf"), 0xe9, 10]))).toBe(MESSAGES.importNotUtf8);
    expect(refusal(Uint8Array.from([0xff, 0xfe, ...bytes("s\0k\0u\0")]))).toBe(MESSAGES.importNotUtf8);
    // Garbage: random bytes, and a file past the size limit.
    const garbage = new Uint8Array(256 * 1024);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
    expect(refusal(garbage)).toBe(MESSAGES.importNotCsv);
    expect(refusal(new Uint8Array(50 * 1024 * 1024).fill(0x41))).toBe(
      IMPORT_MESSAGES.importTooLarge(MAX_IMPORT_BYTES / 2 ** 20),
    );
  });
});
