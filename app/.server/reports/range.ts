import { addDays, storeToday } from "~/lib/business";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { isDay } from "../orders/export";

/**
 * The date range of a report (issue 32): two store days (YYYY-MM-DD, America/Chicago), both
 * included. A range a person typed that is not one (a day that does not exist, one end missing,
 * reversed, longer than two years) is answered with a message and the default range: never a 500.
 */
export interface DayRange {
  from: string;
  to: string;
}

/** The longest range a report reads: two years of days. */
export const MAX_RANGE_DAYS = 731;
/** The default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export function defaultRange(today: string = storeToday()): DayRange {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysIn(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A calendar day that exists (isDay lets 2026-02-31 through: Date.parse rolls it over). */
function realDay(value: string | null): value is string {
  return isDay(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** The range asked by ?from=&to=, or the default range and why it was not taken. */
export function readRange(
  params: URLSearchParams,
  today: string = storeToday(),
): { range: DayRange; problem: string | null } {
  const from = params.get("from")?.trim() || null;
  const to = params.get("to")?.trim() || null;
  if (from === null && to === null) return { range: defaultRange(today), problem: null };
  const fallback = (problem: string) => ({ range: defaultRange(today), problem });
  if (from === null || to === null) return fallback(REPORT_MESSAGES.reportRangeIncomplete);
  if (!realDay(from) || !realDay(to)) return fallback(REPORT_MESSAGES.reportRangeNotADate);
  if (from > to) return fallback(REPORT_MESSAGES.reportRangeReversed);
  const range = { from, to };
  if (daysIn(range) > MAX_RANGE_DAYS) return fallback(REPORT_MESSAGES.reportRangeTooLong);
  return { range, problem: null };
}

/** The same number of days just before a range (the comparison period). */
export function previousRange(range: DayRange): DayRange {
  const n = daysIn(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}
