/**
 * Sales tax as data (issue 41; decision 0071): the one pure decision of what a sale owes. The
 * server loads the rates in force where the sale is sourced, the buyer's resale certificates in
 * force and the lines; this decides each line's tax in each jurisdiction.
 *
 * Invariants (property test app/lib/sales-tax.test.ts; the order's, app/.server/flows/order-life.test.ts):
 * 1. Each line is taxed once per jurisdiction: tax = base × rate, rounded half up to the cent, on
 *    that line alone (never re-rounded across lines); an order's tax is the sum of its lines'.
 * 2. A line whose product a taxability rule in force exempts (lib/sales-tax-rules.ts; the rule
 *    named), or whose product class a certificate in force describes (the certificate named), is
 *    exempt in every jurisdiction (tax 0); every other line is taxed in every jurisdiction in force.
 * 3. The delivery fee, when a rule says it is taxable, is taxed in the proportion of the goods that are taxed (a sale
 *    wholly for resale owes none on its delivery), the rest recorded as exempt.
 * 4. Nothing is taxed where the store does not collect (no jurisdiction given).
 */

export type JurisdictionKind = "state" | "city" | "transit" | "county" | "special";

export const JURISDICTION_KINDS: readonly { value: JurisdictionKind; label: string }[] = [
  { value: "state", label: "State" },
  { value: "city", label: "City" },
  { value: "transit", label: "Transit authority" },
  { value: "county", label: "County" },
  { value: "special", label: "Special purpose district" },
];

export interface TaxJurisdiction {
  id: number;
  state: string;
  kind: JurisdictionKind;
  name: string;
  /** Parts per million: 6.25% is 62500. */
  ratePpm: number;
}

export interface TaxableLine {
  /** The order line's position. */
  position: number;
  productId: number | null;
  /** The product's class (lib/compliance/vocabulary.ts); none counts as "other". */
  productClass: string | null;
  /** What the line is sold for: its goods, plus the excise the store collects on it when that is taxable. */
  baseCents: number;
  /** The taxability rule in force that exempts the line's product (lib/sales-tax-rules.ts), if any. */
  exemptRule?: { id: number; name: string } | null;
}

export interface CertificateInForce {
  id: string;
  productClasses: readonly string[];
}

export interface SalesTaxLine {
  /** The order line's position; null for the delivery fee. */
  position: number | null;
  productId: number | null;
  jurisdictionId: number;
  jurisdictionName: string;
  jurisdictionKind: JurisdictionKind;
  state: string;
  ratePpm: number;
  baseCents: number;
  taxCents: number;
  exempt: boolean;
  certificateId: string | null;
  /** The taxability rule that exempts the line (named instead of a certificate). */
  ruleId: number | null;
  ruleName: string | null;
}

export interface SaleToTax {
  lines: readonly TaxableLine[];
  /** The delivery fee when a rule makes it taxable (0 or absent: none). */
  taxableDeliveryCents?: number;
  /** The rates in force where the sale is sourced; none: the store does not collect there. */
  jurisdictions: readonly TaxJurisdiction[];
  certificates: readonly CertificateInForce[];
}

/** base × rate, rounded half up to the cent. */
export function taxOf(baseCents: number, ratePpm: number): number {
  if (!Number.isSafeInteger(baseCents) || baseCents < 0)
    throw new RangeError(`base must be whole cents, not ${baseCents}`);
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0) throw new RangeError(`rate must be whole ppm, not ${ratePpm}`);
  return Math.floor((baseCents * ratePpm + 500_000) / 1_000_000);
}

/** The certificate in force that describes a product class, if any. */
export function certificateFor(
  certificates: readonly CertificateInForce[],
  productClass: string | null,
): CertificateInForce | null {
  const cls = productClass ?? "other";
  return certificates.find((c) => c.productClasses.includes(cls)) ?? null;
}

export function evaluateSalesTax(sale: SaleToTax): SalesTaxLine[] {
  if (sale.jurisdictions.length === 0) return [];
  const out: SalesTaxLine[] = [];
  let taxedGoods = 0;
  let allGoods = 0;
  for (const line of sale.lines) {
    // A rule's exemption needs no certificate: it is named first.
    const rule = line.exemptRule ?? null;
    const certificate = rule ? null : certificateFor(sale.certificates, line.productClass);
    const exempt = rule !== null || certificate !== null;
    allGoods += line.baseCents;
    if (!exempt) taxedGoods += line.baseCents;
    for (const j of sale.jurisdictions)
      out.push({
        position: line.position,
        productId: line.productId,
        jurisdictionId: j.id,
        jurisdictionName: j.name,
        jurisdictionKind: j.kind,
        state: j.state,
        ratePpm: j.ratePpm,
        baseCents: line.baseCents,
        taxCents: exempt ? 0 : taxOf(line.baseCents, j.ratePpm),
        exempt,
        certificateId: certificate?.id ?? null,
        ruleId: rule?.id ?? null,
        ruleName: rule?.name ?? null,
      });
  }
  const fee = sale.taxableDeliveryCents ?? 0;
  if (fee > 0 && allGoods > 0) {
    // The taxed share of the fee, rounded half up: all of it when nothing is exempt, none when all is.
    const taxedFee = Math.floor((fee * taxedGoods * 2 + allGoods) / (allGoods * 2));
    for (const j of sale.jurisdictions) {
      const base = { position: null, productId: null, jurisdictionId: j.id, jurisdictionName: j.name };
      const facts = {
        jurisdictionKind: j.kind,
        state: j.state,
        ratePpm: j.ratePpm,
        certificateId: null,
        ruleId: null,
        ruleName: null,
      };
      if (taxedFee > 0)
        out.push({ ...base, ...facts, baseCents: taxedFee, taxCents: taxOf(taxedFee, j.ratePpm), exempt: false });
      if (fee - taxedFee > 0) out.push({ ...base, ...facts, baseCents: fee - taxedFee, taxCents: 0, exempt: true });
    }
  }
  return out;
}

/** What a sale's lines owe in all: the order's taxCents. */
export function salesTaxCents(lines: readonly Pick<SalesTaxLine, "taxCents">[]): number {
  return lines.reduce((sum, l) => sum + l.taxCents, 0);
}

/** A rate as people write it: 62500 ppm is "6.25%". */
export function formatRate(ratePpm: number): string {
  const percent = ratePpm / 10_000;
  return `${percent.toFixed(4).replace(/0+$/, "").replace(/\.$/, "")}%`;
}

/** "6.25" or "6.25%" or "0.125" → ppm; null when it is not a rate from 0 to 20%. */
export function parseRate(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:\.(\d{1,4}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const ppm = Number(m[1]) * 10_000 + Number((m[2] ?? "").padEnd(4, "0"));
  return ppm <= 200_000 ? ppm : null;
}

/** The months from one to another, both included ("2026-11", "2026-12", "2027-01"). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  while ((y < ty || (y === ty && m <= tm)) && months.length <= 600) {
    months.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return months;
}
