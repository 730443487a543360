import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  cutoffOf,
  deliveryDayLabel,
  deliveryDays,
  deliveryFeeCents,
  isoWeekday,
  routeDaysLabel,
  storeDateTime,
} from "./delivery";

// Monday and Thursday, orders close at 4 pm the day before.
const zone = { routeDays: [1, 4], cutoffDaysBefore: 1, cutoffTime: "16:00" };

describe("delivery days", () => {
  it("offers the next route days while their cutoff is ahead", () => {
    // Sunday 29 November 2026, 10 am: Monday's cutoff (Sunday 4 pm) is still ahead.
    expect(deliveryDays(zone, "2026-11-29T10:00", new Set(), 3)).toEqual(["2026-11-30", "2026-12-03", "2026-12-07"]);
  });

  it("rolls an order placed at or after the cutoff to the next route day", () => {
    expect(deliveryDays(zone, "2026-11-29T15:59", new Set(), 1)).toEqual(["2026-11-30"]);
    expect(deliveryDays(zone, "2026-11-29T16:00", new Set(), 1)).toEqual(["2026-12-03"]);
    // On the route day itself it is long past.
    expect(deliveryDays(zone, "2026-11-30T07:00", new Set(), 1)).toEqual(["2026-12-03"]);
  });

  it("skips store holidays", () => {
    expect(deliveryDays(zone, "2026-11-29T10:00", new Set(["2026-11-30"]), 2)).toEqual(["2026-12-03", "2026-12-07"]);
  });

  it("a same-day zone closes on the day at its time", () => {
    const sameDay = { routeDays: [1, 2, 3, 4, 5], cutoffDaysBefore: 0, cutoffTime: "09:00" };
    expect(deliveryDays(sameDay, "2026-11-30T08:59", new Set(), 1)).toEqual(["2026-11-30"]);
    expect(deliveryDays(sameDay, "2026-11-30T09:00", new Set(), 1)).toEqual(["2026-12-01"]);
  });

  it("every day offered is a route day, not a holiday, open at the time, and in order", () => {
    const weekdays = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });
    const moment = fc
      .tuple(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([d, h, m]) => `${addDays("2026-01-01", d)}T${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    fc.assert(
      fc.property(
        weekdays,
        fc.integer({ min: 0, max: 3 }),
        moment,
        fc.array(fc.integer({ min: 0, max: 30 })),
        (routeDays, before, now, holidayOffsets) => {
          const rules = { routeDays, cutoffDaysBefore: before, cutoffTime: "16:00" };
          const holidays = new Set(holidayOffsets.map((o) => addDays(now.slice(0, 10), o)));
          const days = deliveryDays(rules, now, holidays, 5);
          expect(days.length).toBeGreaterThan(0);
          for (const [i, day] of days.entries()) {
            expect(routeDays).toContain(isoWeekday(day));
            expect(holidays.has(day)).toBe(false);
            expect(cutoffOf(rules, day) > now).toBe(true);
            if (i > 0) expect(day > (days[i - 1] as string)).toBe(true);
          }
          // No route day between now and the first one offered was skipped while still open.
          for (let d = now.slice(0, 10); d < (days[0] as string); d = addDays(d, 1)) {
            const open = routeDays.includes(isoWeekday(d)) && !holidays.has(d) && cutoffOf(rules, d) > now;
            expect(open).toBe(false);
          }
        },
      ),
    );
  });
});

describe("delivery fee and words", () => {
  it("is charged below the free-delivery threshold and not from it", () => {
    const fee = { feeCents: 2500, freeFromCents: 50_000 };
    expect(deliveryFeeCents(fee, 49_999)).toBe(2500);
    expect(deliveryFeeCents(fee, 50_000)).toBe(0);
    expect(deliveryFeeCents({ feeCents: 1500, freeFromCents: null }, 10_000_000)).toBe(1500);
  });

  it("names days the way a buyer reads them", () => {
    expect(deliveryDayLabel("2026-12-03")).toBe("Thursday, December 3");
    expect(routeDaysLabel([1, 4])).toBe("Monday and Thursday");
    expect(routeDaysLabel([1, 3, 5])).toBe("Monday, Wednesday and Friday");
  });

  it("reads the store's clock in Dallas", () => {
    // 29 November 2026 03:30 UTC is 9:30 pm the day before in Dallas (CST, UTC-6).
    expect(storeDateTime(new Date("2026-11-29T03:30:00Z"))).toBe("2026-11-28T21:30");
  });
});
