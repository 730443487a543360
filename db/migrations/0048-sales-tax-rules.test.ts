import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taxabilityRulesOfState } from "../../app/.server/tax/taxability-rules";
import { feeTaxable } from "../../app/lib/sales-tax-rules";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0048 from "./0048-sales-tax-rules";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`migration 0048 on ${ON}`, () => {
  it("turns each state's delivery and excise flags into rules in force since before any order", async () => {
    // The schema as it was before, with two states' flags as 0045 kept them.
    await t.db.transaction().execute((trx) => m0048.down(trx));
    const now = new Date().toISOString();
    await sql`insert into sales_tax_states (state, collects, sourcing, origin_zip, delivery_taxable, excise_taxable, pending_grace_days, updated_at)
      values ('TX', 1, 'origin', '75207', 1, 0, 0, ${now}), ('OK', 1, 'destination', null, 0, 1, 0, ${now})`.execute(
      t.db,
    );
    await t.db.transaction().execute((trx) => m0048.up(trx));

    const texas = await taxabilityRulesOfState(t.db, "TX");
    const oklahoma = await taxabilityRulesOfState(t.db, "OK");
    expect(texas.map((r) => [r.subject, r.verdict, r.effectiveFrom, r.effectiveUntil, r.scope])).toEqual([
      ["delivery", "taxable", "2000-01-01", null, { all: true }],
      ["excise", "exempt", "2000-01-01", null, { all: true }],
    ]);
    expect(oklahoma.map((r) => [r.subject, r.verdict])).toEqual([
      ["delivery", "exempt"],
      ["excise", "taxable"],
    ]);
    // As before: Texas taxes the delivery fee and not the excise, Oklahoma the other way round.
    for (const day of ["2001-06-30", "2026-11-29"]) {
      expect([feeTaxable(texas, "delivery", day), feeTaxable(texas, "excise", day)]).toEqual([true, false]);
      expect([feeTaxable(oklahoma, "delivery", day), feeTaxable(oklahoma, "excise", day)]).toEqual([false, true]);
    }
    // The order lines' tax names the rule that exempted them from now on.
    const columns = await t.db.selectFrom("order_line_tax").select(["rule_id", "rule_name"]).execute();
    expect(columns).toEqual([]);
  });
});
