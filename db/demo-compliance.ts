import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { SYSTEM_ACTOR } from "../app/.server/audit/log";
import { saveProductCompliance } from "../app/.server/compliance/facts";
import { createRule } from "../app/.server/compliance/rules";
import type { DB } from "../app/.server/db/schema";
import type { FlavorClass, ProductClass } from "../app/lib/compliance/vocabulary";
import { type ProductComplianceInput, ruleSchema } from "../app/lib/schemas/compliance";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo-catalog";

/**
 * The demo store's compliance data (issue 15): the compliance facts of the demo products (every
 * brand is invented; countries and strengths are plausible, not facts about real products) and an
 * EXAMPLE rule set drawn from public sources of 2025-2026. The rules are labeled as examples and
 * are not legal advice; a real store keeps its own.
 */
export const CLASS_OF_DEMO: Record<DemoProduct["category"], ProductClass> = {
  "disposable-vapes": "nicotine-vape",
  kratom: "kratom",
  glass: "glass",
  novelty: "novelty",
  delta: "cannabinoid",
  accessories: "accessory",
};

/** Vape brands made in China in this demo (the others are made in the US). */
const MADE_IN_CHINA = new Set(["CK", "FL", "ZM"]);

/** The states of the example directory rule: they allow only vapes listed in a state directory. */
export const DIRECTORY_STATES = ["AL", "AR", "KY", "LA", "NC", "OK", "VA", "WI"];

/**
 * Vape brands this demo lists in every directory state (invented, like the brands); the other
 * demo vapes are listed nowhere, so the example directory rule refuses them in those states.
 */
const DIRECTORY_LISTED = new Set(["VLX", "NB"]);

/** A valid 12-digit UPC-A derived from the SKU (stable across seeds). */
export function demoUpc(sku: string): string {
  const digits = `8${BigInt(`0x${crypto.createHash("sha256").update(sku).digest("hex").slice(0, 12)}`)
    .toString()
    .padStart(10, "0")
    .slice(-10)}`;
  const sum = digits
    .split("")
    .map(Number)
    .reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

function flavorOf(name: string): FlavorClass {
  if (/tobacco/i.test(name)) return "tobacco";
  if (/\b(mint|menthol)\b/i.test(name) && !/assorted/i.test(name)) return "menthol";
  return "flavored";
}

/** THC per container (mg) of a demo cannabinoid product: the mg on the label, or a 1 g cartridge. */
function thcOf(name: string): number {
  const mg = /(\d[\d,]*)\s*mg/i.exec(name);
  if (mg?.[1]) return Number(mg[1].replace(/,/g, ""));
  const grams = /(\d+(?:\.\d+)?)\s*g\b/i.exec(name);
  return grams?.[1] ? Number(grams[1]) * 900 : 500;
}

/**
 * A demo vape's nicotine in mg/mL: its strength's ("5%": 50 mg/mL), 5% when the line has none.
 */
function nicotineOf(demo: DemoProduct): number {
  const at = demo.line.optionNames.indexOf("Nicotine");
  const percent = /(\d+(?:\.\d+)?)\s*%/.exec(demo.options[at] ?? "")?.[1];
  return percent ? Math.round(Number(percent) * 10) : 50;
}

/** The compliance and excise facts of a demo product (a variant: its own strength and flavor). */
export function demoFacts(demo: DemoProduct): ProductComplianceInput {
  const brandCode = demo.sku.split("-")[1] ?? "";
  const productClass = CLASS_OF_DEMO[demo.category];
  const vape = productClass === "nicotine-vape";
  return {
    brand: demo.line.brand,
    productClass,
    flavorClass: vape ? flavorOf(demo.name) : null,
    nicotineMgMl: vape ? nicotineOf(demo) : null,
    country: vape ? (MADE_IN_CHINA.has(brandCode) ? "CN" : "US") : demo.category === "kratom" ? "ID" : "US",
    upc: demoUpc(demo.sku),
    thcMg: productClass === "cannabinoid" ? thcOf(demo.name) : null,
    sevenOhPercent: productClass === "kratom" ? 0.02 : null,
    directoryStates: vape && DIRECTORY_LISTED.has(brandCode) ? [...DIRECTORY_STATES] : [],
    ...demoExciseFacts(demo, vape),
  };
}

/**
 * E-liquid per disposable in this demo (invented, plausible for the puff counts), by brand code.
 * Every demo vape is sold as a display of disposables (closed system).
 */
const ML_PER_DISPOSABLE: Record<string, number> = { VLX: 12, CK: 18, NB: 8, FL: 20, PR: 14, ZM: 16 };

/** Ml, cartridges, system and nicotine of a demo product (issue 31): vapes and delta-8 cartridges. */
export function demoExciseFacts(
  demo: DemoProduct,
  vape: boolean,
): Pick<ProductComplianceInput, "mlPerUnit" | "cartridgesPerUnit" | "vapeSystem" | "containsNicotine"> {
  const pack = demo.line.pack ?? Number(/\((\d+)-pack/.exec(demo.name)?.[1] ?? 1);
  if (vape) {
    const ml = ML_PER_DISPOSABLE[demo.sku.split("-")[1] ?? ""] ?? 10;
    return { mlPerUnit: ml * pack, cartridgesPerUnit: pack, vapeSystem: "closed", containsNicotine: true };
  }
  const grams = /(?:Cartridge|Disposable) (\d+(?:\.\d+)?) g/.exec(demo.name)?.[1];
  if (grams)
    return { mlPerUnit: Number(grams) * pack, cartridgesPerUnit: pack, vapeSystem: "closed", containsNicotine: false };
  return { mlPerUnit: null, cartridgesPerUnit: null, vapeSystem: null, containsNicotine: null };
}

/** Texas's ban on vapes containing cannabinoids: the demo's delta-8 cartridges and disposables. */
const CANNABINOID_VAPE_SKUS = /^DT-CC-(CART|DISP)/;

export const EXAMPLE_RULES = [
  {
    name: "Example: kratom state bans",
    classes: "kratom",
    states: "AL, AR, IN, VT, WI, LA",
    effectiveFrom: "2025-01-01",
    effect: "block",
    reason: "Kratom cannot be shipped to {state} (state ban).",
    label: "state ban",
  },
  {
    name: "Example: flavored vape bans",
    classes: ["nicotine-vape", "non-nicotine-vape"],
    flavors: "flavored",
    states: "MA, NJ, NY, RI, UT",
    effectiveFrom: "2025-01-01",
    effect: "block",
    reason: "Flavored vapes cannot be shipped to {state} (flavor ban).",
    label: "flavor ban",
  },
  {
    name: "Example: Texas ban on vapes made in China",
    classes: ["nicotine-vape", "non-nicotine-vape"],
    countries: "CN",
    states: "TX",
    effectiveFrom: "2025-09-01",
    effect: "block",
    reason: "Texas does not allow vapes made in China (since September 1, 2025).",
    label: "made in China",
  },
  {
    name: "Example: state vape directories",
    classes: "nicotine-vape",
    states: DIRECTORY_STATES.join(", "),
    effectiveFrom: "2025-01-01",
    effect: "require-listing",
    reason: "{state} allows only vapes listed in its state directory; this one is not listed there.",
    label: "not in state directory",
  },
  {
    name: "Example: federal hemp redefinition",
    classes: "cannabinoid",
    minThcMg: "0.4",
    effectiveFrom: "2026-11-12",
    effect: "block",
    reason:
      "Since November 12, 2026, hemp products with more than 0.4 mg total THC per container are no longer legal hemp.",
    label: "federal hemp law",
  },
  {
    name: "Example: Texas hemp registration",
    classes: "cannabinoid",
    states: "TX",
    effectiveFrom: "2025-01-01",
    effect: "require-license",
    licenseType: "tx-dshs-hemp",
    reason: "Texas requires a DSHS retail hemp registration to buy hemp products.",
    label: "hemp registration required",
  },
] as const;

/**
 * Gives the demo products their compliance facts (those without a product class yet: the line
 * editor's save gives a variant only its UPC and brand) and, when the store has no rule, adds the
 * example rules (labeled as examples). Safe to run again.
 */
export async function seedDemoCompliance(db: Kysely<DB>): Promise<{ facts: number; rules: number }> {
  const known = new Set(
    (
      await db.selectFrom("product_compliance").select("product_id").where("product_class", "is not", null).execute()
    ).map((r) => r.product_id),
  );
  const products = await db.selectFrom("products").select(["id", "sku"]).execute();
  const bySku = new Map(products.map((p) => [p.sku, p.id]));
  let facts = 0;
  // One transaction (one commit) for them all.
  await db.transaction().execute(async (trx) => {
    for (const demo of DEMO_PRODUCTS) {
      const id = bySku.get(demo.sku);
      if (id === undefined || known.has(id)) continue;
      await saveProductCompliance(trx, id, demoFacts(demo), SYSTEM_ACTOR);
      facts++;
    }
  });
  const existing = await db
    .selectFrom("compliance_rules")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { facts, rules: 0 };
  const cannabinoidVapes = DEMO_PRODUCTS.filter((d) => CANNABINOID_VAPE_SKUS.test(d.sku))
    .map((d) => bySku.get(d.sku))
    .filter((id): id is number => id !== undefined);
  const rules: Record<string, unknown>[] = [...EXAMPLE_RULES];
  if (cannabinoidVapes.length) {
    rules.push({
      name: "Example: Texas ban on vapes with cannabinoids or kratom",
      productIds: cannabinoidVapes.join(", "),
      states: "TX",
      effectiveFrom: "2025-09-01",
      effect: "block",
      reason: "Texas does not allow vapes that contain cannabinoids or kratom (since September 1, 2025).",
      label: "vape ban",
    });
  }
  for (const rule of rules) {
    await createRule(db, ruleSchema.parse(rule), SYSTEM_ACTOR, { example: true });
  }
  return { facts, rules: rules.length };
}
