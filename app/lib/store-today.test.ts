import { afterEach, describe, expect, it, vi } from "vitest";
import { storeToday } from "./business";

describe("storeToday", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("turns to the next date at Dallas's midnight, in winter and in summer, though it is worked out once an hour", () => {
    vi.useFakeTimers();
    // Central Standard Time (UTC-6): midnight is 06:00 UTC.
    vi.setSystemTime(new Date("2026-12-01T05:59:59.999Z"));
    expect(storeToday()).toBe("2026-11-30");
    vi.setSystemTime(new Date("2026-12-01T06:00:00.000Z"));
    expect(storeToday()).toBe("2026-12-01");
    // Central Daylight Time (UTC-5): midnight is 05:00 UTC.
    vi.setSystemTime(new Date("2026-07-04T04:59:59.999Z"));
    expect(storeToday()).toBe("2026-07-03");
    vi.setSystemTime(new Date("2026-07-04T05:00:00.000Z"));
    expect(storeToday()).toBe("2026-07-04");
    // Back in time (a test clock, a corrected system clock): the date follows.
    vi.setSystemTime(new Date("2026-01-15T18:00:00.000Z"));
    expect(storeToday()).toBe("2026-01-15");
  });

  it("formats a given instant directly", () => {
    expect(storeToday(new Date("2026-03-08T07:30:00Z"))).toBe("2026-03-08");
    expect(storeToday(new Date("2026-03-08T05:30:00Z"))).toBe("2026-03-07");
  });
});
