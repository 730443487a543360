import { describe, expect, it } from "vitest";
import { storeToday } from "./business";
import { nextMonth, storeDayStart, storeMonthBounds } from "./store-time";

describe("the store's calendar against UTC instants", () => {
  it("begins a day at Dallas midnight: 06:00 UTC in winter, 05:00 UTC in summer, across the DST days", () => {
    expect(storeDayStart("2026-11-23")).toBe("2026-11-23T06:00:00.000Z");
    expect(storeDayStart("2026-07-01")).toBe("2026-07-01T05:00:00.000Z");
    // DST ends on 2026-11-01 at 02:00 CDT: that day still began at CDT midnight.
    expect(storeDayStart("2026-11-01")).toBe("2026-11-01T05:00:00.000Z");
    expect(storeDayStart("2026-11-02")).toBe("2026-11-02T06:00:00.000Z");
    // DST begins on 2026-03-08 at 02:00 CST.
    expect(storeDayStart("2026-03-08")).toBe("2026-03-08T06:00:00.000Z");
    expect(storeDayStart("2026-03-09")).toBe("2026-03-09T05:00:00.000Z");
  });

  it("gives a month's bounds, the year's turn included, and agrees with the store's today", () => {
    expect(storeMonthBounds("2026-11")).toEqual({ start: "2026-11-01T05:00:00.000Z", end: "2026-12-01T06:00:00.000Z" });
    expect(storeMonthBounds("2026-12")).toEqual({ start: "2026-12-01T06:00:00.000Z", end: "2027-01-01T06:00:00.000Z" });
    expect(nextMonth("2026-12")).toBe("2027-01");
    // The last minute of November in Dallas, and the first of December.
    const { end } = storeMonthBounds("2026-11");
    expect(storeToday(new Date(Date.parse(end) - 60_000))).toBe("2026-11-30");
    expect(storeToday(new Date(end))).toBe("2026-12-01");
  });
});
