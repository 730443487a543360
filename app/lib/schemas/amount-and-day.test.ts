import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { isCalendarDay, isStoreDay } from "../calendar-days";
import * as FORM_MESSAGES from "../messages/forms";
import { amountField, optionalAmountField } from "./amount";
import { dayField, notAfterToday, optionalDayField } from "./day";

/**
 * The two fields every form's money and days go through (issue 36): what they take, what they
 * read it as, and the message naming the field for everything else. Seen on 2026-06-15 (store
 * time), so the last day a date may name is 2027-12-31.
 */
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-15T17:00:00Z"));
});

afterAll(() => {
  vi.useRealTimers();
});

function read<S extends z.ZodType>(schema: S, value: unknown) {
  const result = z.object({ field: schema }).safeParse(value === undefined ? {} : { field: value });
  return result.success
    ? { ok: true as const, value: (result.data as { field: unknown }).field }
    : { ok: false as const, message: result.error.issues[0]?.message };
}

describe("the amount field", () => {
  const price = amountField("price", { max: 100_000_000 });
  const payment = amountField("amount", { max: 1_000_000_000, aboveZero: true });
  const limit = optionalAmountField("credit limit", { max: 1_000_000_000 });

  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    ["0.05", 5],
    ["0", 0],
    ["1234.56", 123456],
    ["1,234.56", 123456],
    ["$1,234.56", 123456],
    ["$40", 4000],
    ["1,000,000", 100_000_000],
    ["  7.10 ", 710],
  ])("reads %j as %i cents", (text, cents) => {
    expect(read(price, text)).toEqual({ ok: true, value: cents });
  });

  it.each([
    // The issue's examples: once $100.00, $1,250.00 and $100.00.
    "1,00",
    "12,50",
    "1,0,0",
    // Grouping anywhere but every three digits before the point.
    "1,2345",
    "12,50.00",
    "1,000,00",
    ",123",
    "0,123",
    "1.234,56",
    "1 234",
    // Not an amount of dollars and cents.
    "-1",
    "+1",
    "1.234",
    "1e3",
    ".5",
    "5.",
    "$",
    "$$5",
    "5$",
    "USD 5",
    "١٢",
    "１２",
    "NaN",
    "Infinity",
    "0x10",
    "9".repeat(30),
  ])("refuses %j, naming the field", (text) => {
    expect(read(price, text)).toEqual({ ok: false, message: FORM_MESSAGES.amountFormat("price") });
  });

  it("asks for it when left empty, and refuses what is not one text (repeated, a number) with the same message", () => {
    for (const value of [undefined, "", "   "]) {
      expect(read(price, value)).toEqual({ ok: false, message: FORM_MESSAGES.fieldRequired("Price") });
    }
    for (const value of [["1", "2"], 12, null]) {
      expect(read(price, value)).toEqual({ ok: false, message: FORM_MESSAGES.amountFormat("price") });
    }
  });

  it("refuses above its most, and zero where zero means nothing", () => {
    expect(read(price, "1,000,000.01")).toEqual({
      ok: false,
      message: FORM_MESSAGES.amountTooHigh("price", "$1,000,000.00"),
    });
    expect(read(payment, "0.00")).toEqual({ ok: false, message: FORM_MESSAGES.amountAboveZero("amount") });
    expect(read(payment, "0.01")).toEqual({ ok: true, value: 1 });
  });

  it("may be left empty when the field says so, and is held to the same rule otherwise", () => {
    expect(read(limit, "")).toEqual({ ok: true, value: null });
    expect(read(limit, undefined)).toEqual({ ok: true, value: null });
    expect(read(limit, "2,500")).toEqual({ ok: true, value: 250_000 });
    expect(read(limit, "2,50")).toEqual({ ok: false, message: FORM_MESSAGES.optionalAmountFormat("credit limit") });
  });
});

describe("the day field", () => {
  const received = dayField("received date", notAfterToday);
  const start = dayField("start date");
  const end = optionalDayField("end date");
  const startMessage = FORM_MESSAGES.dayFormat("start date", "2000-01-01", "2027-12-31");

  it.each(["2000-01-01", "2024-02-29", "2026-02-28", "2026-06-15", "2027-12-31", " 2026-03-15 "])(
    "takes %j",
    (text) => {
      expect(read(start, text)).toEqual({ ok: true, value: text.trim() });
    },
  );

  it.each([
    // The issue's examples, once recorded as payments' received dates.
    "2026-02-30",
    "2025-04-31",
    "0000-01-01",
    "0001-01-01",
    // Days the calendar has not, or outside the years the store deals in.
    "2025-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-01-32",
    "1999-12-31",
    "2028-01-01",
    "9999-12-31",
    "+002026-01-01",
    // Not written YYYY-MM-DD.
    "2026-1-5",
    "20260105",
    "2026/01/05",
    "01/05/2026",
    "2026-01-05T00:00:00Z",
    "2026-01-05x",
    "",
    "garbage",
  ])("refuses %j, naming the field and the days it takes", (text) => {
    expect(read(start, text)).toEqual({ ok: false, message: startMessage });
  });

  it("refuses what is not one text with the same message", () => {
    for (const value of [undefined, ["2026-01-01", "2026-01-02"], 20260101]) {
      expect(read(start, value)).toEqual({ ok: false, message: startMessage });
    }
  });

  it("takes no day after today where the field says what has happened", () => {
    expect(read(received, "2026-06-15")).toEqual({ ok: true, value: "2026-06-15" });
    expect(read(received, "2026-06-16")).toEqual({
      ok: false,
      message: FORM_MESSAGES.dayFormat("received date", "2000-01-01", "2026-06-15"),
    });
  });

  it("may be left empty when the field says so", () => {
    expect(read(end, "")).toEqual({ ok: true, value: null });
    expect(read(end, undefined)).toEqual({ ok: true, value: null });
    expect(read(end, "2026-02-30")).toEqual({
      ok: false,
      message: FORM_MESSAGES.dayFormat("end date", "2000-01-01", "2027-12-31"),
    });
  });

  it("reads the calendar without Date.parse's roll-over or its years 0 to 99", () => {
    expect(isCalendarDay("0099-02-29")).toBe(false);
    expect(isCalendarDay("0096-02-29")).toBe(true);
    expect(isCalendarDay("2100-02-29")).toBe(false);
    expect(isCalendarDay("2000-02-29")).toBe(true);
    expect(isStoreDay("0096-02-29")).toBe(false);
    expect(isStoreDay("2027-12-31", "2026-06-15")).toBe(true);
    expect(isStoreDay("2028-01-01", "2026-06-15")).toBe(false);
  });
});
