import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Refusal, soldUnder } from "~/lib/compliance/sold-here";
import type { ProductScope } from "~/lib/rule-book/scope";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loadCatalogFacts, saveProductCompliance } from "../compliance/facts";
import { dialectOf } from "../db/connect";
import { createLine } from "./lines";
import { insertProduct } from "./product-writes";
import { soldProductIdsSql } from "./sold-here";

/**
 * A rule's option names and values (and brands) are compared without case or outer spaces, by
 * letters of any script: "PIÑA COLADA" names "Piña Colada", "arôme" names "ARÔME", "οδος" names
 * "ΟΔΟΣ", "açaí" names "  Açaí" with a no-break space after it. The database (SQLite's lower()
 * folds ASCII only; PostgreSQL's follows its locale) must decide as the rules' JavaScript does.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
const ids: Record<string, number> = {};

async function variant(key: string, lineId: number, value: string, position: number) {
  ids[key] = await insertProduct(
    t.db,
    {
      sku: `FOLD-${key}`,
      name: `Fold ${key}`,
      description: "",
      priceCents: 100,
      stock: 1,
      category: "disposable-vapes",
      line: { id: lineId, options: [value], position, priceApart: false },
    },
    [],
  );
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const line = (name: string, option: string) =>
    createLine(t.db, { name, description: "", category: "disposable-vapes", optionNames: [option] });
  const flavors = await line("Tropic", "Flavor");
  await variant("pina", flavors, "Piña Colada", 0);
  await variant("creme", flavors, "CRÈME BRÛLÉE", 1);
  await variant("mango", flavors, "Mango", 2);
  await variant("greek", flavors, "ΟΔΟΣ", 3);
  const aromes = await line("Parfums", "ARÔME");
  await variant("creme-fr", aromes, "crème brûlée", 0);
  await variant("acai", aromes, "  Açaí\u00a0", 1);
  const strengths = await line("Plain", "Nicotine");
  await variant("plain", strengths, "5%", 0);
  ids.eclair = await insertProduct(
    t.db,
    { sku: "FOLD-ECLAIR", name: "Éclair", description: "", priceCents: 100, stock: 1, category: "glass" },
    [],
  );
  await saveProductCompliance(
    t.db,
    ids.eclair,
    {
      brand: "ÉCLAIR LABS",
      productClass: null,
      flavorClass: null,
      nicotineMgMl: null,
      country: null,
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
    },
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

/** The products a rule of this scope refuses, by key: in SQL, and as the rules' JavaScript decides. */
async function refused(scope: ProductScope) {
  const refusals: Refusal[] = [{ scope, unlessListedIn: null }];
  const sold = new Set(
    (await soldProductIdsSql(refusals, dialectOf(t.db)).execute(t.db)).rows.map((r) => Number(r.id)),
  );
  const facts = await loadCatalogFacts(t.db);
  const keyOf = (id: number) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? String(id);
  return {
    sql: Object.values(ids)
      .filter((id) => !sold.has(id))
      .map(keyOf)
      .sort(),
    rules: facts
      .filter((p) => !soldUnder(refusals, p))
      .map((p) => keyOf(p.id))
      .sort(),
  };
}

describe(`option values and brands of any script on ${ON}`, () => {
  it.each([
    [{ name: "flavor", values: ["PIÑA COLADA", "crème brûlée"], except: false }, ["creme", "pina"]],
    [{ name: "arôme", values: ["CRÈME BRÛLÉE", "açaí"], except: false }, ["acai", "creme-fr"]],
    [{ name: " FLAVOR", values: ["οδος"], except: false }, ["greek"]],
    [{ name: "Flavor", values: ["piña colada", "ΟΔΟΣ"], except: true }, ["creme", "mango"]],
  ])("a rule on option %j refuses %j, as the rules decide", async (option, expected) => {
    const answer = await refused({ option });
    expect(answer.sql).toEqual(expected);
    expect(answer.rules).toEqual(expected);
  });

  it("a rule on a brand in another case refuses its products, as the rules decide", async () => {
    const answer = await refused({ brands: ["éclair labs"] });
    expect(answer.sql).toEqual(["eclair"]);
    expect(answer.rules).toEqual(["eclair"]);
  });
});
