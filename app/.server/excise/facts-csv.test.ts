import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkSetCompliance, readComplianceFacts } from "~/.server/compliance/product-form";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { bulkComplianceSchema } from "~/lib/schemas/compliance";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { exportProductsCsv } from "../catalog/csv/export";
import { readProductsCsv } from "../catalog/csv/read";
import { findProductCompliance, saveProductCompliance } from "../compliance/facts";
import { applyImport } from "../flows/catalog-import/apply";
import { planImport } from "../flows/catalog-import/plan";
import { loadExciseFacts } from "./facts";

let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

function read(text: string) {
  const result = readProductsCsv(new TextEncoder().encode(text));
  if (!result.ok) throw new Error(result.error);
  return result;
}

async function exported(): Promise<string[][]> {
  let out = "";
  for await (const chunk of exportProductsCsv(t.db, { baseUrl: "https://store.test" })) out += chunk;
  return parse(out) as string[][];
}

describe(`excise facts of products on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("imports ml, cartridges, system and nicotine from the CSV, refuses bad cells per row, and exports them back", async () => {
    const header = "sku,name,category,price,stock,ml_per_unit,cartridges_per_unit,vape_system,contains_nicotine";
    const file = read(
      [
        header,
        "EXV-1,Pods,disposable-vapes,80,10,120.5,10,closed,yes",
        "EXV-2,Bottle,disposable-vapes,20,10,60,,open,NO",
        "EXV-BAD,Bad,disposable-vapes,20,10,-1,2.5,semi,maybe",
      ].join("\n"),
    );
    const plan = await planImport(t.db, file);
    expect(plan.refused).toEqual([
      {
        row: 4,
        sku: "EXV-BAD",
        reasons: [
          `ml_per_unit: ${EXCISE_MESSAGES.mlPerUnitFormat}`,
          `cartridges_per_unit: ${EXCISE_MESSAGES.cartridgesPerUnitFormat}`,
          `vape_system: ${EXCISE_MESSAGES.chooseVapeSystem}`,
          `contains_nicotine: ${EXCISE_MESSAGES.chooseNicotine}`,
        ],
      },
    ]);
    expect((await applyImport(t.db, file, plan.digest, TEST_ADMIN)).applied).toBe(true);
    const ids = (await t.db.selectFrom("products").select(["id", "sku"]).orderBy("sku").execute()).map((r) => r.id);
    const facts = await loadExciseFacts(t.db, ids);
    expect([...facts.values()].map((f) => [f.mlPerUnit, f.cartridgesPerUnit, f.system, f.nicotine])).toEqual([
      [120.5, 10, "closed", true],
      [60, null, "open", false],
    ]);
    const rows = await exported();
    const col = (name: string) => rows[0]?.indexOf(name) ?? -1;
    expect(
      rows.slice(1).map((r) => [r[col("ml_per_unit")], r[col("vape_system")], r[col("contains_nicotine")]]),
    ).toEqual([
      ["120.5", "closed", "yes"],
      ["60", "open", "no"],
    ]);
    // The export imported unchanged changes nothing.
    const again = await planImport(
      t.db,
      read((await exported()).map((r) => r.map((c) => JSON.stringify(c)).join(",")).join("\n")),
    );
    expect([again.added, again.changed, again.refused]).toEqual([[], [], []]);
  });

  it("reads the product form's facts with a message per field, and a save without them keeps them", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      mlPerUnit: "abc",
      cartridgesPerUnit: "-3",
      vapeSystem: "x",
      containsNicotine: "1",
    }))
      form.set(k, v);
    const refused = readComplianceFacts(form);
    expect(refused).toEqual({
      ok: false,
      errors: {
        mlPerUnit: EXCISE_MESSAGES.mlPerUnitFormat,
        cartridgesPerUnit: EXCISE_MESSAGES.cartridgesPerUnitFormat,
        vapeSystem: EXCISE_MESSAGES.chooseVapeSystem,
        containsNicotine: EXCISE_MESSAGES.chooseNicotine,
      },
    });
    const [first] = await t.db.selectFrom("products").select("id").orderBy("sku").execute();
    const id = first?.id ?? 0;
    const {
      labReport: _l,
      mlPerUnit: _m,
      cartridgesPerUnit: _c,
      vapeSystem: _v,
      containsNicotine: _n,
      ...rest
    } = await findProductCompliance(t.db, id);
    await saveProductCompliance(t.db, id, { ...rest, brand: "Renamed" }, TEST_ADMIN);
    expect(await findProductCompliance(t.db, id)).toMatchObject({
      brand: "Renamed",
      mlPerUnit: 120.5,
      vapeSystem: "closed",
    });
  });

  it("sets excise facts in bulk; blank fields stay as they are, bad ones are refused with their message", async () => {
    const ids = (await t.db.selectFrom("products").select("id").orderBy("sku").execute()).map((r) => r.id);
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const id of ids) f.append("ids", String(id));
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return Object.fromEntries([...f.keys()].map((k) => [k, k === "ids" ? f.getAll(k) : f.get(k)]));
    };
    expect(bulkComplianceSchema.safeParse(form({ mlPerUnit: "-2" })).error?.issues[0]?.message).toBe(
      EXCISE_MESSAGES.mlPerUnitFormat,
    );
    const parsed = bulkComplianceSchema.parse(form({ cartridgesPerUnit: "20", containsNicotine: "no", mlPerUnit: "" }));
    const { ids: chosen, ...changes } = parsed;
    expect(await bulkSetCompliance(t.db, chosen, changes, TEST_ADMIN)).toBe(2);
    const facts = await loadExciseFacts(t.db, ids);
    expect([...facts.values()].map((f) => [f.mlPerUnit, f.cartridgesPerUnit, f.nicotine])).toEqual([
      [120.5, 20, false],
      [60, 20, false],
    ]);
  });
});
