import { US_STATES } from "../us-states";

/**
 * The words of compliance (issue 15): product and flavor classes, the effects a rule may have,
 * state names, and the facts a buyer sees. Plain lists and helpers, no zod: product forms,
 * listings and the back office import them without the form schemas (lib/schemas/compliance.ts).
 */

export const PRODUCT_CLASSES = [
  { value: "nicotine-vape", label: "Nicotine vape" },
  { value: "non-nicotine-vape", label: "Non-nicotine vape" },
  { value: "cannabinoid", label: "Cannabinoid product" },
  { value: "kratom", label: "Kratom" },
  { value: "glass", label: "Glass" },
  { value: "accessory", label: "Accessory" },
  { value: "novelty", label: "Novelty" },
  { value: "other", label: "Other" },
] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number]["value"];
export const PRODUCT_CLASS_VALUES = PRODUCT_CLASSES.map((c) => c.value) as [ProductClass, ...ProductClass[]];

export const FLAVOR_CLASSES = [
  { value: "tobacco", label: "Tobacco" },
  { value: "menthol", label: "Menthol" },
  { value: "flavored", label: "Flavored" },
] as const;
export type FlavorClass = (typeof FLAVOR_CLASSES)[number]["value"];
export const FLAVOR_CLASS_VALUES = FLAVOR_CLASSES.map((c) => c.value) as [FlavorClass, ...FlavorClass[]];

export function productClassLabel(value: string | null): string {
  return PRODUCT_CLASSES.find((c) => c.value === value)?.label ?? "Not set";
}

export function flavorClassLabel(value: string | null): string {
  return FLAVOR_CLASSES.find((c) => c.value === value)?.label ?? "Not set";
}

export function stateName(code: string): string {
  return US_STATES.find(([c]) => c === code)?.[1] ?? code;
}

/**
 * block: the sale is refused. require-license: the buyer must hold an approved license of a type.
 * require-listing: the product must be listed in the vape directory of the ship-to state.
 */
export type RuleEffect = "block" | "require-license" | "require-listing";
export const RULE_EFFECT_VALUES = ["block", "require-license", "require-listing"] as const satisfies readonly [
  RuleEffect,
  ...RuleEffect[],
];

/** What a buyer sees of a product's compliance facts (brand, UPC, whether a lab report exists). */
export interface PublicComplianceFacts {
  brand: string | null;
  upc: string | null;
  hasLabReport: boolean;
}

/** The states whose vape directory lists a product, as stored (JSON text of two-letter codes). */
export function parseDirectoryStates(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}
