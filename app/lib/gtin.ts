/**
 * The numbers under a barcode (GTIN): an EAN-8 (8 digits), a UPC-A (12) or an EAN-13 (13), the
 * last digit a check digit of the others (GS1: from the right, weights 3 and 1 in turn; the check
 * brings the sum to a multiple of 10). Pure: the product's compliance facts, the line editor and
 * any import read codes through it.
 */
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13];

/** A code as printed on a box ("0 36000-29145 2") as its digits: spaces and dashes dropped. */
export function cleanGtin(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/** The check digit of a code's other digits. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** What is wrong with a code: not 8, 12 or 13 digits, or a last digit that is not its check digit. */
export function gtinProblem(code: string): "length" | "check-digit" | null {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.includes(code.length)) return "length";
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1)) ? null : "check-digit";
}

export function isValidGtin(code: string): boolean {
  return gtinProblem(code) === null;
}

/**
 * The codes that are the same product as `code`: a UPC-A is also the EAN-13 made by a leading 0
 * (and the other way round), so a box scanned either way finds one product.
 */
export function sameGtins(code: string): string[] {
  if (code.length === 12) return [code, `0${code}`];
  if (code.length === 13 && code.startsWith("0")) return [code, code.slice(1)];
  return [code];
}

/** The lengths a code read off a box or typed may have: the stored ones, or a GTIN-14 (a case's ITF-14 or a padded form). */
const READ_LENGTHS: readonly number[] = [8, 12, 13, 14];

/**
 * What a code read or typed to find a product is, as a barcode number: a GTIN (8, 12, 13 or 14
 * digits, spaces and dashes dropped) whose check digit is right ("gtin"), one whose check digit is
 * wrong ("check-digit": a misread or a mistyped digit), or not a barcode number at all ("none":
 * then it can only be a SKU).
 */
export function readGtin(text: string): "gtin" | "check-digit" | "none" {
  const code = cleanGtin(text);
  if (!/^\d+$/.test(code) || !READ_LENGTHS.includes(code.length)) return "none";
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1)) ? "gtin" : "check-digit";
}

/**
 * The stored codes (GTIN_LENGTHS) that are the same GTIN as a code read or typed: GS1 pads every
 * GTIN to 14 digits with leading zeros, so a UPC-A "036000291452" is the EAN-13 "0036000291452"
 * and the GTIN-14 "00036000291452", and an EAN-8 "96385074" is the GTIN-14 "00000096385074" (the
 * check digit is the same in every form). Empty when the code is no GTIN or its check digit is
 * wrong: such a code finds no product by its barcode. A GTIN-14 whose first digit is not 0 names a
 * packaging level (a case of the item), which is a code of its own, kept as such.
 */
export function storedGtinForms(text: string): string[] {
  const code = cleanGtin(text);
  if (readGtin(code) !== "gtin") return [];
  const padded = code.padStart(14, "0");
  return GTIN_LENGTHS.flatMap((length) =>
    /^0*$/.test(padded.slice(0, 14 - length)) ? [padded.slice(14 - length)] : [],
  );
}
