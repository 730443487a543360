import { storeToday } from "./business";

/**
 * Days as people type them and the store keeps them: YYYY-MM-DD, a day the calendar has (no
 * 2026-02-30), in the store's time zone. One reading for every form and every URL that takes a
 * day (issue 36): the back office's dates, report ranges, exports and statements.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first day the store deals in: nothing it sells, bills or reports is older. */
export const FIRST_DAY = "2000-01-01";

/** A day the calendar has, written YYYY-MM-DD (years 0000 to 9999; bounds are the caller's). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The last day of next year, seen on `today`: the latest day a back-office date may name. */
export function lastDayOfNextYear(today: string = storeToday()): string {
  return `${Number(today.slice(0, 4)) + 1}-12-31`;
}

/** A day the calendar has, from `first` to `last` (both included). */
export function isDayBetween(value: unknown, first: string, last: string): value is string {
  return isCalendarDay(value) && value >= first && value <= last;
}

/**
 * A day the store's records can be about: a calendar day from FIRST_DAY to the end of next year.
 * Report ranges, exports and statements take nothing else, so no day outside the years the
 * store's date arithmetic handles ever reaches a query.
 */
export function isStoreDay(value: unknown, today: string = storeToday()): value is string {
  return isDayBetween(value, FIRST_DAY, lastDayOfNextYear(today));
}
