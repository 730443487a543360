import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0012 from "./0012-directory-listing";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

const now = "2026-01-01T00:00:00.000Z";
const rule = (name: string, effect: string) => ({
  name,
  scope: JSON.stringify({ classes: ["nicotine-vape"] }),
  states: JSON.stringify(["KY"]),
  zips: "[]",
  effective_from: "2025-01-01",
  effective_until: null,
  effect: effect as "block",
  license_type: null,
  reason: "Reason.",
  label: "label",
  enabled: 1,
  example: 0,
  created_at: now,
  updated_at: now,
});
const version = async () =>
  Number(
    (
      await t.db
        .selectFrom("cache_versions")
        .select("version")
        .where("name", "=", "compliance")
        .executeTakeFirstOrThrow()
    ).version,
  );

describe(`migration 0012 on ${ON}`, () => {
  it("adds the require-listing effect keeping the rules, their ids and the version triggers; down takes it away", async () => {
    await t.db.transaction().execute((trx) => m0012.down(trx));
    await expect(
      t.db.insertInto("compliance_rules").values(rule("Too early", "require-listing")).execute(),
    ).rejects.toThrow();
    const kept = await t.db
      .insertInto("compliance_rules")
      .values(rule("Kept", "block"))
      .returning("id")
      .executeTakeFirstOrThrow();
    const gone = await t.db
      .insertInto("compliance_rules")
      .values(rule("Gone", "block"))
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom("compliance_rules").where("id", "=", gone.id).execute();

    await t.db.transaction().execute((trx) => m0012.up(trx));
    expect(await t.db.selectFrom("compliance_rules").select(["id", "name"]).execute()).toEqual([
      { id: kept.id, name: "Kept" },
    ]);
    const before = await version();
    const added = await t.db
      .insertInto("compliance_rules")
      .values(rule("Directory", "require-listing"))
      .returning("id")
      .executeTakeFirstOrThrow();
    // A deleted rule's id is never given again; every rule change still moves the version.
    expect(added.id).toBeGreaterThan(gone.id);
    expect(await version()).toBe(before + 1);
    await expect(t.db.insertInto("compliance_rules").values(rule("Unknown", "allow")).execute()).rejects.toThrow();
    const product = await insertProduct(
      t.db,
      { sku: "M12", name: "M12", description: "", priceCents: 100, stock: 1, category: "novelty" },
      [],
    );
    await t.db.insertInto("product_compliance").values({ product_id: product, updated_at: now }).execute();
    const row = await t.db
      .selectFrom("product_compliance")
      .select("directory_states")
      .where("product_id", "=", product)
      .executeTakeFirstOrThrow();
    expect(row.directory_states).toBe("[]");
  });
});
