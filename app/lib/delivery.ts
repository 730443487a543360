/**
 * Local delivery days (issue 40; decision 0068): which route days a zone can still take an order
 * for, and what it costs. Pure: the server and the checkout page compute the same days.
 *
 * A zone runs on its route days (ISO weekdays, 1 = Monday … 7 = Sunday) except store holidays.
 * An order makes a route day while the store's clock (America/Chicago) is before the cutoff:
 * `cutoffDaysBefore` days before that day at `cutoffTime`. An order placed after the cutoff rolls
 * to the next route day.
 */
export interface DeliveryZoneRules {
  routeDays: readonly number[];
  cutoffDaysBefore: number;
  /** "HH:MM", store time. */
  cutoffTime: string;
  feeCents: number;
  /** Goods from which delivery is free; null: the fee is always charged. */
  freeFromCents: number | null;
  minimumCents: number;
}

/** What checkout shows of an address's local delivery (server: delivery/zones.ts deliveryOptionFor). */
export interface DeliveryOptionView {
  zoneId: number;
  zoneName: string;
  /** The open route days, earliest first. */
  days: string[];
  cutoffDaysBefore: number;
  cutoffTime: string;
  feeCents: number;
  freeFromCents: number | null;
  minimumCents: number;
}

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** How far ahead delivery days are looked for: a zone that runs once a month still offers one. */
const HORIZON_DAYS = 62;

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The day `count` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, count: number): string {
  return dayOf(dayNumber(day) + count);
}

/** ISO weekday of a day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(dayNumber(day) * DAY_MS).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

let storeClock: Intl.DateTimeFormat | undefined;

/** The store's date and time now, as "YYYY-MM-DDTHH:MM" (America/Chicago). */
export function storeDateTime(now: Date = new Date()): string {
  storeClock ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = Object.fromEntries(storeClock.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The moment (store time) orders for `day` close: "YYYY-MM-DDTHH:MM". */
export function cutoffOf(zone: Pick<DeliveryZoneRules, "cutoffDaysBefore" | "cutoffTime">, day: string): string {
  return `${addDays(day, -zone.cutoffDaysBefore)}T${zone.cutoffTime}`;
}

/**
 * The next route days an order placed at `now` (store time, "YYYY-MM-DDTHH:MM") can be delivered
 * on, earliest first, at most `count`.
 */
export function deliveryDays(
  zone: Pick<DeliveryZoneRules, "routeDays" | "cutoffDaysBefore" | "cutoffTime">,
  now: string,
  holidays: ReadonlySet<string>,
  count = 4,
): string[] {
  const days: string[] = [];
  const today = now.slice(0, 10);
  for (let i = 0; i <= HORIZON_DAYS && days.length < count; i++) {
    const day = addDays(today, i);
    if (!zone.routeDays.includes(isoWeekday(day)) || holidays.has(day)) continue;
    if (cutoffOf(zone, day) <= now) continue;
    days.push(day);
  }
  return days;
}

/** The delivery fee of an order with these goods. */
export function deliveryFeeCents(zone: Pick<DeliveryZoneRules, "feeCents" | "freeFromCents">, goodsCents: number) {
  return zone.freeFromCents !== null && goodsCents >= zone.freeFromCents ? 0 : zone.feeCents;
}

/** "Thursday, December 3" for a day (YYYY-MM-DD). */
export function deliveryDayLabel(day: string): string {
  const date = new Date(dayNumber(day) * DAY_MS);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    date,
  );
}

/** Route days as stored ("1,4") from weekday numbers, and back. */
export function formatRouteDays(days: readonly number[]): string {
  return [...new Set(days)].sort((a, b) => a - b).join(",");
}

export function parseRouteDays(stored: string): number[] {
  return stored
    .split(",")
    .map(Number)
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
}

/** "Monday and Thursday". */
export function routeDaysLabel(days: readonly number[]): string {
  const names = days.map((d) => WEEKDAY_NAMES[d - 1]);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
