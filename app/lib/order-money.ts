import type { ExciseSummary } from "./excise/engine";
import * as EXCISE_MESSAGES from "./messages/excise";

/**
 * What a business owes for an order (issue 36; decision 0052): its parts and their one total.
 * The cart, checkout, every order page, document, mail, CSV, limit, credit check and ledger entry
 * read an order's money as this, and its total is made here and nowhere else.
 *
 * Invariants (tested by app/.server/flows/order-life.test.ts, a property test on both databases):
 * 1. totalCents = goodsCents + exciseCents + deliveryCents + taxCents, each a non-negative
 *    integer (the database refuses an order row that breaks it: migration 0033).
 * 2. goodsCents is the sum of the order's lines (quantity × unit price); exciseCents the sum of
 *    its stored excise lines the store owes (a tax the buyer owes is shown, never added).
 * 3. At every moment, for every order: what was invoiced for it less what was credited equals
 *    totalCents while it is Completed, and 0 otherwise.
 * 4. A business's balance (open invoices less unapplied payments and credit notes) equals what
 *    its invoices total less its credit notes less its payments not voided.
 * 5. deliveryCents is the delivery fee of the order's zone for its goods when it was placed (none
 *    from the zone's free-delivery threshold, none for an order shipped by carrier: issue 40).
 * 6. taxCents is the sum of the order's stored sales tax lines (order_line_tax), each line's goods
 *    (and the fees a taxability rule makes taxable) times one jurisdiction's rate, rounded half up
 *    once; a line a taxability rule in force exempted, or a resale certificate in force described,
 *    owes none, and nothing is owed where the store does not collect (issue 41; lib/sales-tax.ts,
 *    lib/sales-tax-rules.ts).
 */
export interface OrderMoney {
  /** The lines: quantity × unit price. */
  goodsCents: number;
  /** Excise the store collects and remits (rules owed by the store). */
  exciseCents: number;
  /** The delivery fee. */
  deliveryCents: number;
  /** Sales tax. */
  taxCents: number;
  /** What the business owes for the order: the sum of the parts. */
  totalCents: number;
}

export interface OrderMoneyParts {
  goodsCents: number;
  exciseCents?: number;
  deliveryCents?: number;
  taxCents?: number;
}

function cents(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole cents, not ${value}`);
  return value;
}

/** The order's money from its parts: the one place its total is made. */
export function orderMoney(parts: OrderMoneyParts): OrderMoney {
  const goodsCents = cents("goodsCents", parts.goodsCents);
  const exciseCents = cents("exciseCents", parts.exciseCents ?? 0);
  const deliveryCents = cents("deliveryCents", parts.deliveryCents ?? 0);
  const taxCents = cents("taxCents", parts.taxCents ?? 0);
  return {
    goodsCents,
    exciseCents,
    deliveryCents,
    taxCents,
    totalCents: goodsCents + exciseCents + deliveryCents + taxCents,
  };
}

/** The goods of some lines: quantity × unit price, summed. */
export function goodsCentsOf(lines: readonly { unitPriceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
}

/** True when the order owes more than its goods (a subtotal is then worth showing). */
export function hasCharges(money: OrderMoney): boolean {
  return money.totalCents !== money.goodsCents;
}

/** One row of an order's money above its total, as every page, document and mail prints it. */
export interface MoneyRow {
  /** Unique among an order's rows. */
  key: string;
  label: string;
  amountCents: number;
  /** A tax the buyer owes: shown with this note, not in the total. */
  note?: string;
}

/**
 * The rows above an order's total: the subtotal of its goods, each excise tax (the store's in the
 * total, the buyer's shown with its note), the delivery fee and sales tax. None when the total is
 * the goods alone and nothing else is owed.
 */
export function moneyRows(
  money: OrderMoney,
  excise:
    | { lines: readonly Pick<ExciseSummary["lines"][number], "ruleId" | "wording" | "owedBy" | "amountCents">[] }
    | null
    | undefined,
): MoneyRow[] {
  const taxes = excise?.lines ?? [];
  if (!hasCharges(money) && taxes.length === 0) return [];
  const rows: MoneyRow[] = [{ key: "goods", label: "Subtotal", amountCents: money.goodsCents }];
  for (const l of taxes)
    rows.push({
      key: `excise-${l.ruleId}-${l.owedBy}-${l.wording}`,
      label: l.wording,
      amountCents: l.amountCents,
      ...(l.owedBy === "buyer" ? { note: EXCISE_MESSAGES.buyerOwesExcise } : {}),
    });
  if (money.deliveryCents > 0) rows.push({ key: "delivery", label: "Delivery", amountCents: money.deliveryCents });
  if (money.taxCents > 0) rows.push({ key: "tax", label: "Sales tax", amountCents: money.taxCents });
  return rows;
}

/**
 * One line of what an order bills (its invoice, the accountant's CSV): a product line, or a charge
 * (each excise tax the store collects, the delivery fee, sales tax) with a code in its SKU column.
 * An order's bill lines sum to its total.
 */
export interface BillLine {
  sku: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
}

export function billLinesCents(lines: readonly BillLine[]): number {
  return lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
}
