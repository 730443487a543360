import { type Kysely, sql, type Transaction } from "kysely";
import { addDays, storeToday } from "~/lib/business";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { CREDIT_HOLD, daysBetween, PREPAID_HOLD, type Terms, termsDays } from "~/lib/receivables";
import type { DB } from "../db/schema";
import { lockBusinessLedger } from "./invoices";
import { businessCredit, storeCreditSettings } from "./settings";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A business's credit now (issue 30): what it owes on invoices less its credit, the orders placed
 * and not yet invoiced (Processing), and what is left under its limit.
 */
export interface CreditPosition {
  terms: Terms;
  creditLimitCents: number | null;
  /** Open invoices less unapplied payments and credit notes (negative: the business has credit). */
  balanceCents: number;
  /** Orders in Processing, not yet invoiced. */
  uninvoicedCents: number;
  /** Limit less balance and uninvoiced orders; null when there is no limit. */
  availableCents: number | null;
  /** The oldest open invoice past due: its number and days late; null when none is late. */
  pastDue: { number: number; daysLate: number } | null;
}

const sum = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;

export async function creditPosition(db: Db, businessId: string, today = storeToday()): Promise<CreditPosition | null> {
  const credit = await businessCredit(db, businessId);
  if (!credit) return null;
  const [owed, credits, unapplied, uninvoiced, late] = await Promise.all([
    db
      .selectFrom("invoices")
      .select(sum("balance_cents").as("cents"))
      .where("business_id", "=", businessId)
      .where("kind", "=", "invoice")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("invoices")
      .select(sum("balance_cents").as("cents"))
      .where("business_id", "=", businessId)
      .where("kind", "=", "credit")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payments")
      .select(sum("unapplied_cents").as("cents"))
      .where("business_id", "=", businessId)
      .where("voided_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select(sum("total_cents").as("cents"))
      .where("user_id", "=", businessId)
      .where("status", "=", "Processing")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("invoices")
      .select(["number", "due_on"])
      .where("business_id", "=", businessId)
      .where("kind", "=", "invoice")
      .where("balance_cents", ">", 0)
      .where("due_on", "<", today)
      .orderBy("due_on")
      .orderBy("number")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const balance = Number(owed.cents) - Number(credits.cents) - Number(unapplied.cents);
  const open = Number(uninvoiced.cents);
  return {
    terms: credit.terms,
    creditLimitCents: credit.creditLimitCents,
    balanceCents: balance,
    uninvoicedCents: open,
    availableCents: credit.creditLimitCents === null ? null : credit.creditLimitCents - balance - open,
    pastDue: late ? { number: late.number, daysLate: daysBetween(late.due_on, today) } : null,
  };
}

export interface CreditHold {
  reason: typeof CREDIT_HOLD | typeof PREPAID_HOLD;
  /** Why, in words, for the customer and the admin. */
  message: string;
}

/**
 * Whether an order of this amount goes on hold when placed: a prepaid business's order waits for
 * its payment; an order that takes the open balance past the limit, or placed while an invoice
 * is more than the store's number of days past due, goes on credit hold.
 */
export async function creditHoldFor(db: Db, businessId: string, orderCents: number): Promise<CreditHold | null> {
  // One order of a business at a time past this point (the business's ledger lock, taken after
  // the products' rows, as every order takes them), so two orders placed at once cannot both fit
  // under a limit they exceed together.
  await lockBusinessLedger(db, businessId);
  const position = await creditPosition(db, businessId);
  if (!position) return null;
  if (position.terms === "prepaid") return { reason: PREPAID_HOLD, message: RECEIVABLES.prepaidWaiting };
  const { pastDueHoldDays } = await storeCreditSettings(db);
  if (position.pastDue && position.pastDue.daysLate > pastDueHoldDays)
    return {
      reason: CREDIT_HOLD,
      message: RECEIVABLES.creditHoldPastDue(position.pastDue.number, position.pastDue.daysLate),
    };
  if (position.creditLimitCents !== null) {
    const exposure = position.balanceCents + position.uninvoicedCents + orderCents;
    if (exposure > position.creditLimitCents)
      return {
        reason: CREDIT_HOLD,
        message: RECEIVABLES.creditHoldOverLimit(formatCents(position.creditLimitCents), formatCents(exposure)),
      };
  }
  return null;
}

/** What the checkout shows a signed-in buyer: the terms, when the invoice falls due, the credit left. */
export interface CheckoutCredit {
  terms: Terms;
  /** Days from delivery to the due date (0: prepaid or COD), and that date if delivered today. */
  days: number;
  dueIfToday: string;
  availableCents: number | null;
}

export async function checkoutCredit(db: Db, businessId: string): Promise<CheckoutCredit | null> {
  const position = await creditPosition(db, businessId);
  if (!position) return null;
  const days = termsDays(position.terms);
  return {
    terms: position.terms,
    days,
    dueIfToday: addDays(storeToday(), days),
    availableCents: position.availableCents,
  };
}
