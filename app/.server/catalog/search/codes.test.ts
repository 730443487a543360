import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import { TEST_ADMIN } from "../../../../tests/support/actors";
import { customerWithAddress } from "../../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { saveProductCompliance } from "../../compliance/facts";
import { checkQuickOrder, scannedProduct } from "../../wholesale/quick-order";
import { insertProduct } from "../product-writes";
import { findIdByCode } from "./codes";
import { searchProducts } from "./engine";

/**
 * A variant found by its barcode number however it is written (issue 38): typed in the search box,
 * on a quick-order line, pasted, or scanned off a box on the quick order page.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

let t: TestDatabase;
let buyer: string;
const ids: Record<string, number> = {};

/** UPC-A 036000291452, EAN-13 4006381333931, EAN-8 96385074; a SKU made of digits. */
const VARIANTS = [
  { sku: "VLX-BR-5", name: "Vaporlux Blue Razz 5%", upc: "036000291452", casePack: 10, minQuantity: 20 },
  { sku: "KRA-014", name: "Red Bali Kratom 250 g", upc: "4006381333931", casePack: 1, minQuantity: 1 },
  { sku: "GUM-8", name: "Mint Gum", upc: "96385074", casePack: 12, minQuantity: 12 },
  { sku: "123456789012", name: "Numbered Lighter", upc: null, casePack: 1, minQuantity: 1 },
] as const;

beforeAll(async () => {
  t = await setupTestDatabase();
  for (const v of VARIANTS) {
    ids[v.sku] = await insertProduct(
      t.db,
      {
        sku: v.sku,
        name: v.name,
        description: "",
        priceCents: 1000,
        stock: 500,
        category: "novelty",
        casePack: v.casePack,
        minQuantity: v.minQuantity,
      },
      [],
    );
    if (v.upc) {
      await saveProductCompliance(
        t.db,
        ids[v.sku] as number,
        {
          brand: null,
          productClass: null,
          flavorClass: null,
          nicotineMgMl: null,
          country: null,
          upc: v.upc,
          thcMg: null,
          sevenOhPercent: null,
        },
        TEST_ADMIN,
      );
    }
  }
  buyer = (
    await customerWithAddress(t.db, "scanner@shop.test", {
      password: "pw-secret-1234",
      businessName: "Scanner store",
      city: "Town",
      state: "TX",
      zip: "75201",
    })
  ).id;
});

afterAll(async () => {
  await t?.cleanup();
});

/** Every way each variant's barcode may be typed or scanned. */
const FORMS: [string, string][] = [
  // UPC-A: its 12 digits, the EAN-13 with a leading 0, the GTIN-14.
  ["036000291452", "VLX-BR-5"],
  ["0036000291452", "VLX-BR-5"],
  ["00036000291452", "VLX-BR-5"],
  // EAN-13 and its GTIN-14.
  ["4006381333931", "KRA-014"],
  ["04006381333931", "KRA-014"],
  // EAN-8, and padded to 13 and 14 digits.
  ["96385074", "GUM-8"],
  ["0000096385074", "GUM-8"],
  ["00000096385074", "GUM-8"],
];

/** Misread or mistyped: the last digit is not the check digit of the others (what it should be). */
const MISREAD: [string, number][] = [
  ["036000291453", 2],
  ["0036000291457", 2],
  ["00036000291450", 2],
  ["4006381333932", 1],
  ["96385070", 4],
];

describe(`codes on ${ON}: a barcode number in every form finds its variant`, () => {
  it("the search box goes straight to it", async () => {
    for (const [code, sku] of FORMS) {
      expect(await findIdByCode(t.db, code), code).toBe(ids[sku]);
      expect((await searchProducts(t.db, code, { limit: 5 })).exact?.id, code).toBe(ids[sku]);
    }
    // A SKU made of twelve digits is still a SKU (its check digit is not a UPC's).
    expect(await findIdByCode(t.db, "123456789012")).toBe(ids["123456789012"]);
  });

  it("a misread digit finds nothing, nor does a case's own GTIN-14", async () => {
    for (const [code] of MISREAD) expect(await findIdByCode(t.db, code), code).toBeNull();
    expect(await findIdByCode(t.db, "10036000291459")).toBeNull();
  });

  it("quick order takes every form typed or pasted, as one line of its variant", async () => {
    const result = await checkQuickOrder(t.db, buyer, {
      codes: ["00036000291452"],
      quantities: ["20"],
      // Whole cases of each: 20 of the vape, 12 of the gum.
      paste: FORMS.slice(1)
        .map(([code, sku]) => `${code}\t${sku === "GUM-8" ? 12 : 20}`)
        .join("\n"),
      file: null,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.lines.map((l) => [l.product?.sku, l.requested, l.where.length])).toEqual([
      ["VLX-BR-5", 60, 3],
      ["KRA-014", 40, 2],
      ["GUM-8", 36, 3],
    ]);
  });

  it("quick order says which digit a misread barcode number should end in", async () => {
    const result = await checkQuickOrder(t.db, buyer, {
      codes: [],
      quantities: [],
      paste: [...MISREAD.map(([code]) => `${code} 1`), "10036000291459 1", "123456789013 1"].join("\n"),
      file: null,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.lines.map((l) => l.problem)).toEqual([
      ...MISREAD.map(([code, digit]) => QUICK_ORDER_MESSAGES.quickOrderCheckDigit(code, digit)),
      QUICK_ORDER_MESSAGES.quickOrderUnknownCode("10036000291459"),
      QUICK_ORDER_MESSAGES.quickOrderCheckDigit("123456789013", 2),
    ]);
    expect(QUICK_ORDER_MESSAGES.quickOrderCheckDigit("036000291453", 2)).toBe(
      '"036000291453" is not a valid UPC or EAN: its last digit should be 2. Check the number on the box.',
    );
  });

  it("a scanned code names its variant and what one scan adds; an unknown or misread one none", async () => {
    expect(await scannedProduct(t.db, "0036000291452")).toEqual({
      id: ids["VLX-BR-5"],
      sku: "VLX-BR-5",
      name: "Vaporlux Blue Razz 5%",
      casePack: 10,
      smallest: 20,
    });
    expect(await scannedProduct(t.db, "96385074")).toMatchObject({ sku: "GUM-8", casePack: 12, smallest: 12 });
    expect(await scannedProduct(t.db, "kra-014")).toMatchObject({ sku: "KRA-014", smallest: 1 });
    for (const code of ["036000291453", "012345678905", "", "=cmd()", "x".repeat(65)]) {
      expect(await scannedProduct(t.db, code), code).toBeNull();
    }
  });
});
