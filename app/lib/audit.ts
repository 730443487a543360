import { formatCents } from "./money";

/** How the audit log names the fields it records (the log's summaries and its before/after columns). */
const FIELD_LABELS: Record<string, string> = {
  sku: "SKU",
  name: "name",
  description: "description",
  priceCents: "price",
  stock: "stock",
  category: "category",
  images: "images",
  status: "status",
  casePack: "case pack",
  minQuantity: "minimum order",
  maxQuantity: "maximum per order",
  lowStockThreshold: "low-stock threshold",
  options: "options",
  optionNames: "option names",
  position: "order",
  priceApart: "counted apart",
  line: "line",
  brand: "brand",
  puffs: "puffs",
  tiers: "volume prices",
};

export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A recorded value as a person reads it: prices in dollars, the rest as they are. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (field.endsWith("Cents") && typeof value === "number") return formatCents(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}
