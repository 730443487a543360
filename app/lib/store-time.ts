/**
 * The store's calendar (Dallas, America/Chicago) against the orders' timestamps, which are UTC
 * instants (ISO text): where a store day or month begins. Every cut of the orders by day or month
 * (the order export, the reports, the excise and PACT reports, the PACT filings, the reps' month,
 * the overview's today) goes through here, so an order placed in Dallas on a month's last
 * evening (after 18:00 or 19:00, already the next day in UTC) counts in that month. The store's
 * today is lib/business.ts storeToday.
 */
const STORE_TIME_ZONE = "America/Chicago";

let zoneParts: Intl.DateTimeFormat | undefined;

/** The UTC instant at which a calendar day (YYYY-MM-DD) begins in the store's time zone. */
export function storeDayStart(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // The zone's offset at that moment (a day starts at the same offset it had at UTC midnight,
  // give or take the DST hour, which the second pass settles).
  const offsetAt = (t: number) => {
    zoneParts ??= new Intl.DateTimeFormat("en-US", {
      timeZone: STORE_TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    const parts = zoneParts.formatToParts(new Date(t));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - t;
  };
  let t = guess - offsetAt(guess);
  t = guess - offsetAt(t);
  return new Date(t).toISOString();
}

/** The month (YYYY-MM) after a month. */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/**
 * A store month (YYYY-MM) as UTC instants: orders placed from `start` (included) to `end`
 * (excluded) are the month's.
 */
export function storeMonthBounds(month: string): { start: string; end: string } {
  return { start: storeDayStart(`${month}-01`), end: storeDayStart(`${nextMonth(month)}-01`) };
}
