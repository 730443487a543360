import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "~/.server/catalog/product-writes";
import { placeOrder } from "~/.server/flows/place-order";
import { addDays, storeToday } from "~/lib/business";
import { FIRST_DAY, isStoreDay, lastDayOfNextYear } from "~/lib/calendar-days";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { REPORT_KINDS } from "~/lib/reports";
import { customerWithAddress } from "../../../tests/support/customers";
import { postTo, viewerFor } from "../../../tests/support/route-call";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loader as statementPdf } from "../account/statement-pdf";
import { loader as ordersFile } from "./orders-export";
import { loader as receivablesFile } from "./receivables-export";
import { loader as reportPage } from "./reports";
import { loader as reportFile } from "./reports-export";

/**
 * Every report's parameters, fuzzed (issue 36): whatever `from`, `to`, `by` and `page` hold (days
 * the calendar has not, years 0000 to 9999, reversed or huge ranges, garbage, repeated, empty),
 * the page's loader (which also answers its `.data` requests) and the CSV file's answer, never a
 * 500; a range that is not one gets a range message and the default range (the last 30 days).
 * The issue's own addresses first. On the database the run is on (SQLite, or PostgreSQL with
 * DATABASE_URL).
 */
let t: TestDatabase;
let buyerId: string;

beforeAll(async () => {
  t = await setupTestDatabase();
  const buyer = await customerWithAddress(t.db, "ranges@shop.test", { name: "Range Buyer" });
  buyerId = buyer.id;
  const id = await insertProduct(
    t.db,
    { sku: "RANGE-1", name: "Range Glass", description: "", priceCents: 2_500, stock: 50, category: "glass" },
    [],
  );
  await placeOrder(t.db, {
    userId: buyer.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: buyer.addressId,
    lines: [{ id, quantity: 2 }],
  });
});

afterAll(async () => {
  await t.cleanup();
});

const RANGE_MESSAGES = new Set<string>([
  REPORT_MESSAGES.reportRangeIncomplete,
  REPORT_MESSAGES.reportRangeNotADate,
  REPORT_MESSAGES.reportRangeReversed,
  REPORT_MESSAGES.reportRangeTooLong,
  REPORT_MESSAGES.reportRangeOutOfBounds(FIRST_DAY, lastDayOfNextYear()),
]);

const defaultRange = () => ({ from: addDays(storeToday(), -29), to: storeToday() });

type Query = [string, string][];

/** The page and the file for a query string, as their routes answer them. */
async function ask(query: Query) {
  const search = new URLSearchParams(query).toString();
  const pageUrl = new URL(`http://store.test/admin/reports?${search}`);
  const fileUrl = new URL(`http://store.test/admin/reports/export.csv?${search}`);
  const { view } = await reportPage({ url: pageUrl, request: new Request(pageUrl), params: {} } as never);
  const file = (await reportFile({ url: fileUrl, request: new Request(fileUrl), params: {} } as never)) as Response;
  expect(file.status, search).toBe(200);
  expect(file.headers.get("content-disposition"), search).toContain(`-${view.range.from}-to-${view.range.to}`);
  const rows = parse(await file.text()) as string[][];
  expect(rows.length, search).toBe(view.rows.length + 1);
  // Whatever was asked, the range shown is one a report can read, and the page shows its days.
  expect(isStoreDay(view.range.from) && isStoreDay(view.range.to), search).toBe(true);
  expect(view.range.from <= view.range.to, search).toBe(true);
  return view;
}

/** A range that is not one: the page says so and shows the last 30 days. */
async function expectRefused(query: Query) {
  const view = await ask(query);
  const search = new URLSearchParams(query).toString();
  expect(view.rangeProblem, search).not.toBeNull();
  expect(RANGE_MESSAGES.has(view.rangeProblem as string), `${search}: ${view.rangeProblem}`).toBe(true);
  expect(view.range, search).toEqual(defaultRange());
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const dayText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;

/** A day the store takes: 2000-01-01 to the end of next year. */
const storeDay = fc
  .integer({ min: 0, max: Date.parse(`${lastDayOfNextYear()}T00:00:00Z`) / 86_400_000 - 10_957 })
  .map((n) => addDays(FIRST_DAY, n));

/** Text that is not a day the store takes: other years, days the calendar has not, garbage. */
const notAStoreDay = fc.oneof(
  fc
    .record({
      y: fc.oneof(
        fc.integer({ min: 0, max: 1999 }),
        fc.integer({ min: Number(storeToday().slice(0, 4)) + 2, max: 9999 }),
      ),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ y, m, d }) => dayText(y, m, d)),
  fc
    .record({
      y: fc.integer({ min: 0, max: 9999 }),
      m: fc.integer({ min: 0, max: 99 }),
      d: fc.integer({ min: 0, max: 99 }),
    })
    .filter(({ m, d }) => m === 0 || m > 12 || d === 0 || d > 31)
    .map(({ y, m, d }) => dayText(y, m, d)),
  fc.constantFrom(
    "2026-02-30",
    "2025-02-29",
    "2025-04-31",
    "2026-06-31",
    "0000-00-00",
    "+010000-01-01",
    "-000001-12-31",
  ),
  fc.string({ maxLength: 40 }).filter((s) => s.trim() !== "" && !isStoreDay(s.trim())),
  fc.constantFrom("9".repeat(500), "2026-01-01T00:00:00Z", "2026-1-1", "20260101", "2026/01/01", "null", "undefined"),
);

const anyParam = fc.oneof(storeDay, notAStoreDay, fc.constant(""));
const kind = fc.oneof(fc.constantFrom(...REPORT_KINDS), fc.string({ maxLength: 12 }));
const page = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.constantFrom("0", "-3", "1e99", "99999999999", "", "2.5", "x"),
);

describe(`report ranges on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("answers the issue's addresses with the message and the default range, every report", async () => {
    for (const by of REPORT_KINDS) {
      await expectRefused([
        ["by", by],
        ["from", "9999-12-01"],
        ["to", "9999-12-31"],
      ]);
      await expectRefused([
        ["by", by],
        ["from", "0001-01-01"],
        ["to", "0001-01-31"],
      ]);
      await expectRefused([
        ["by", by],
        ["from", "0000-01-01"],
        ["to", "0000-01-31"],
      ]);
    }
    const outOfBounds = await ask([
      ["by", "period"],
      ["from", "9999-12-01"],
      ["to", "9999-12-31"],
    ]);
    expect(outOfBounds.rangeProblem).toBe(REPORT_MESSAGES.reportRangeOutOfBounds(FIRST_DAY, lastDayOfNextYear()));
    // A range at the store's own ends is read.
    const first = await ask([
      ["by", "product"],
      ["from", FIRST_DAY],
      ["to", "2000-01-31"],
    ]);
    expect(first).toMatchObject({ rangeProblem: null, range: { from: FIRST_DAY, to: "2000-01-31" } });
    const last = lastDayOfNextYear();
    const end = await ask([
      ["by", "period"],
      ["from", addDays(last, -30)],
      ["to", last],
    ]);
    expect(end).toMatchObject({ rangeProblem: null, range: { from: addDays(last, -30), to: last } });
  }, 120_000);

  it("refuses any range with a day that is not a store day, a reversed or too long range, or a repeated end", async () => {
    const badRange = fc.oneof(
      fc.tuple(notAStoreDay, anyParam).map(([from, to]) => ({ from: [from], to: [to] })),
      fc.tuple(anyParam, notAStoreDay).map(([from, to]) => ({ from: [from], to: [to] })),
      fc
        .tuple(storeDay, storeDay)
        .filter(([a, b]) => a !== b)
        .map((days) => days.sort())
        .map(([early = "", late = ""]) => ({ from: [late], to: [early] })),
      fc
        .tuple(storeDay, fc.integer({ min: 731, max: 20_000 }))
        .map(([from, n]) => ({ from: [from], to: [addDays(from, n)] }))
        .filter(({ to }) => isStoreDay(to[0])),
      fc.tuple(storeDay, storeDay).map(([from, to]) => ({ from: [from, from], to: [to] })),
      fc.tuple(storeDay, storeDay).map(([from, to]) => ({ from: [from], to: [to, to] })),
      storeDay.map((day) => ({ from: [day], to: [] as string[] })),
      storeDay.map((day) => ({ from: [" "], to: [day] })),
    );
    await fc.assert(
      fc.asyncProperty(kind, page, badRange, async (by, p, range) => {
        const query: Query = [["by", by]];
        if (p !== null) query.push(["page", p]);
        for (const from of range.from) query.push(["from", from]);
        for (const to of range.to) query.push(["to", to]);
        await expectRefused(query);
      }),
      { numRuns: 60 },
    );
  }, 300_000);

  it("takes any range of store days of two years at most, in order, whatever else is asked", async () => {
    const goodRange = fc
      .tuple(storeDay, fc.integer({ min: 0, max: 730 }))
      .map(([from, n]) => ({ from, to: addDays(from, n) }))
      .filter(({ to }) => isStoreDay(to));
    await fc.assert(
      fc.asyncProperty(kind, page, goodRange, async (by, p, range) => {
        const query: Query = [
          ["by", by],
          ["from", range.from],
          ["to", range.to],
        ];
        if (p !== null) query.push(["page", p]);
        const view = await ask(query);
        expect(view.rangeProblem).toBeNull();
        expect(view.range).toEqual(range);
      }),
      { numRuns: 60 },
    );
  }, 300_000);

  it("the other day filters (orders and receivables CSV, the statement PDF) answer 400 at the calendar's ends, never 500", async () => {
    const owner = viewerFor({ id: buyerId, name: "Range Buyer", email: "ranges@shop.test" }, "customer");
    /** What a loader answered: its status, thrown or returned. */
    const statusOf = async (run: () => Promise<unknown>) => {
      const answer = await run().catch((e: unknown) => e);
      if (answer instanceof Response) return answer.status;
      const init = (answer as { init?: ResponseInit | null } | null)?.init;
      if (init) return init.status ?? 200;
      throw answer;
    };
    const call = (loader: (args: never) => Promise<unknown>, path: string, query: Query) => {
      const url = new URL(`http://store.test${path}?${new URLSearchParams(query).toString()}`);
      const { context } = postTo(path, {}, owner);
      return statusOf(() => loader({ url, request: new Request(url), params: {}, context } as never));
    };
    const ends: Query[] = [
      [
        ["from", "9999-12-01"],
        ["to", "9999-12-31"],
      ],
      [
        ["from", "0001-01-01"],
        ["to", "0001-01-31"],
      ],
      [
        ["from", "0000-01-01"],
        ["to", "0000-01-31"],
      ],
      [["to", "9999-12-31"]],
      [["to", "garbage"]],
      [
        ["from", "2026-02-30"],
        ["to", "2026-03-01"],
      ],
    ];
    for (const query of ends) {
      const search = new URLSearchParams(query).toString();
      expect(await call(ordersFile, "/admin/orders/export.csv", query), search).toBe(400);
      expect(await call(receivablesFile, "/admin/receivables/export.csv", query), search).toBe(400);
      expect(await call(statementPdf, "/account/statement.pdf", query), search).toBe(400);
    }
    const fine: Query = [
      ["from", FIRST_DAY],
      ["to", storeToday()],
    ];
    expect(await call(ordersFile, "/admin/orders/export.csv", fine)).toBe(200);
    expect(await call(receivablesFile, "/admin/receivables/export.csv", fine)).toBe(200);
    expect(await call(statementPdf, "/account/statement.pdf", fine)).toBe(200);
  }, 120_000);
});
