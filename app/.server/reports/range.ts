import { addDays, storeToday } from "~/lib/business";
import { FIRST_DAY, isCalendarDay, isStoreDay, lastDayOfNextYear } from "~/lib/calendar-days";
import * as REPORT_MESSAGES from "~/lib/messages/reports";

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

/** One value of a parameter, or null when it is absent, empty or given more than once. */
function single(params: URLSearchParams, name: string): { value: string | null; repeated: boolean } {
  const all = params.getAll(name);
  if (all.length > 1) return { value: null, repeated: true };
  return { value: all[0]?.trim() || null, repeated: false };
}

/**
 * The range asked by ?from=&to=, or the default range and why it was not taken. Whatever the URL
 * holds (a day the calendar has not, a year out of the store's years, a reversed or too long
 * range, a repeated parameter, anything at all), the answer is a range of real days from
 * 2000-01-01 to the end of next year, so no report's date arithmetic meets a year it cannot
 * write (issue 36: 9999-12-31 and 0001-01-01 answered 500; 0000-01-01 was taken).
 */
export function readRange(
  params: URLSearchParams,
  today: string = storeToday(),
): { range: DayRange; problem: string | null } {
  const from = single(params, "from");
  const to = single(params, "to");
  const fallback = (problem: string) => ({ range: defaultRange(today), problem });
  if (from.repeated || to.repeated) return fallback(REPORT_MESSAGES.reportRangeNotADate);
  if (from.value === null && to.value === null) return { range: defaultRange(today), problem: null };
  if (from.value === null || to.value === null) return fallback(REPORT_MESSAGES.reportRangeIncomplete);
  if (!isCalendarDay(from.value) || !isCalendarDay(to.value)) return fallback(REPORT_MESSAGES.reportRangeNotADate);
  const last = lastDayOfNextYear(today);
  if (!isStoreDay(from.value, today) || !isStoreDay(to.value, today))
    return fallback(REPORT_MESSAGES.reportRangeOutOfBounds(FIRST_DAY, last));
  if (from.value > to.value) return fallback(REPORT_MESSAGES.reportRangeReversed);
  const range = { from: from.value, to: to.value };
  if (daysIn(range) > MAX_RANGE_DAYS) return fallback(REPORT_MESSAGES.reportRangeTooLong);
  return { range, problem: null };
}

/** The same number of days just before a range (the comparison period). */
export function previousRange(range: DayRange): DayRange {
  const n = daysIn(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}
