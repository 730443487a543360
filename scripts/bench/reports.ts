import type { Kysely } from "kysely";
import type { DB } from "../../app/.server/db/schema";
import { loadDashboard } from "../../app/.server/reports/dashboard";
import { defaultRange } from "../../app/.server/reports/range";
import { salesBy, salesByPeriod } from "../../app/.server/reports/sales";
import { addDays, storeToday } from "../../app/lib/business";
import { REPORT_KINDS } from "../../app/lib/reports";

/**
 * The back office's reports at scale (issue 32): p50/p95 of each report on the default range (the
 * last 30 days) and on the last 365 days, and of the whole overview, on the database npm run
 * bench:data filled (200,000 orders over a year, 100,000 products). The target is 200 ms p95.
 */
export async function reportTimings(db: Kysely<DB>, runs = 20) {
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const time = async (fn: () => Promise<unknown>, n = runs) => {
    await fn();
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    return { p50: Number(percentile(samples, 50).toFixed(2)), p95: Number(percentile(samples, 95).toFixed(2)) };
  };
  const today = storeToday();
  const ranges = { last30Days: defaultRange(today), last365Days: { from: addDays(today, -364), to: today } };
  const out: Record<string, Record<string, { p50: number; p95: number }>> = {};
  for (const [name, range] of Object.entries(ranges)) {
    out[name] = {};
    for (const kind of REPORT_KINDS) {
      (out[name] as Record<string, { p50: number; p95: number }>)[kind] = await time(() =>
        kind === "period" ? salesByPeriod(db, range) : salesBy(db, kind, range),
      );
    }
  }
  return { reports: out, overview: await time(() => loadDashboard(db, today), Math.max(5, runs / 2)) };
}

/** The figures as lines for the console. */
export function reportTimingLines(t: Awaited<ReturnType<typeof reportTimings>>): string[] {
  const lines = Object.entries(t.reports).map(
    ([range, kinds]) =>
      `  ${range.padEnd(12)} ${Object.entries(kinds)
        .map(([kind, v]) => `${kind} ${v.p95}`)
        .join("  ")}`,
  );
  return [...lines, `  overview     ${t.overview.p95} (p50 ${t.overview.p50})`];
}
