import { z } from "zod";
import { isDayBetween } from "../calendar-days";
import * as INVENTORY_MESSAGES from "../messages/inventory";
import { emailSchema, phoneSchema } from "./account";
import { amountField } from "./amount";
import { optionalText, text } from "./text";

/** The back office's forms of stock coming in (issue 39): suppliers, purchase orders, receiving, lots. */

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

export const supplierFields = {
  name: text("Supplier name", 100),
  email: emailSchema,
  phone: phoneSchema.optional().default(""),
  leadTimeDays: wholeNumber(0, 365, INVENTORY_MESSAGES.leadTimeInvalid),
  terms: optionalText("Terms", 60, { oneLine: true }).transform((v) => v ?? ""),
  notes: optionalText("Notes", 2000).transform((v) => v ?? ""),
  active: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
};
export const supplierSchema = z.object(supplierFields);
export type SupplierInput = z.output<typeof supplierSchema>;

export const contactFields = {
  contactName: text("Contact name", 100),
  role: optionalText("Role", 60, { oneLine: true }).transform((v) => v ?? ""),
  contactEmail: z
    .string()
    .trim()
    .max(254)
    .optional()
    .default("")
    .pipe(z.union([z.literal(""), z.email(INVENTORY_MESSAGES.contactEmailInvalid)])),
  contactPhone: phoneSchema.optional().default(""),
};
export interface ContactInput {
  name: string;
  role: string;
  email: string;
  phone: string;
}

export const supplierItemFields = {
  sku: text("SKU", 64),
  supplierSku: optionalText("Supplier SKU", 64, { oneLine: true }).transform((v) => v ?? ""),
  unitCost: amountField("unit cost", { max: 100_000_00 }),
  packSize: wholeNumber(1, 10_000, INVENTORY_MESSAGES.packSizeInvalid),
  preferred: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  reorderPoint: z
    .string()
    .optional()
    .transform((v, ctx): number | null | undefined => {
      if (v === undefined) return undefined;
      const t = v.trim();
      if (t === "") return null;
      if (!/^\d{1,7}$/.test(t)) {
        ctx.addIssue({ code: "custom", message: INVENTORY_MESSAGES.reorderPointInvalid });
        return z.NEVER;
      }
      return Number(t);
    }),
};
export interface SupplierItemInput {
  sku: string;
  supplierSku: string;
  unitCostCents: number;
  packSize: number;
  preferred: boolean;
  reorderPoint?: number | null;
}

export const MAX_PO_LINES = 500;

/** A draft's lines as typed: "SKU, quantity" a line. */
export function parsePurchaseLines(
  input: string,
): { ok: true; lines: { sku: string; quantity: number }[] } | { ok: false; message: string } {
  const lines: { sku: string; quantity: number }[] = [];
  const seen = new Map<string, number>();
  for (const raw of input.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    const match = /^([^,\s]+)\s*[,\t ]\s*(\S+)$/.exec(line);
    if (!match) return { ok: false, message: INVENTORY_MESSAGES.purchaseLineUnreadable(line.slice(0, 60)) };
    const sku = match[1] as string;
    const qty = match[2] as string;
    if (!/^\d{1,6}$/.test(qty) || Number(qty) < 1 || Number(qty) > 100_000)
      return { ok: false, message: INVENTORY_MESSAGES.lineQuantityInvalid(sku.slice(0, 64)) };
    const at = seen.get(sku);
    if (at !== undefined) {
      const existing = lines[at] as { sku: string; quantity: number };
      existing.quantity += Number(qty);
    } else {
      seen.set(sku, lines.length);
      lines.push({ sku, quantity: Number(qty) });
    }
    if (lines.length > MAX_PO_LINES)
      return { ok: false, message: INVENTORY_MESSAGES.tooManyPurchaseLines(MAX_PO_LINES) };
  }
  return { ok: true, lines };
}

/** A lot code as printed on a carton: letters, digits, dots, dashes, slashes. */
export const LOT_CODE = /^[A-Za-z0-9][A-Za-z0-9./-]{0,39}$/;

export interface ReceivedLine {
  lineId: number;
  quantity: number;
  lotCode: string;
  expiresOn: string | null;
  batchDate: string | null;
  delta9Ug: number | null;
  thcaUg: number | null;
  /** Its position in the form: the file posted with it is the one at the same place. */
  index: number;
}

/** Milligrams as typed ("0.25") in micrograms; null when empty; NaN when unreadable. */
export function milligramsToMicrograms(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(t);
  if (!match) return Number.NaN;
  return Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
}

const many = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().max(200, INVENTORY_MESSAGES.fieldTooLongHere)),
);

/**
 * The receiving form: one row per purchase order line (lineId, quantity, lotCode, expiresOn,
 * batchDate, delta9, thca, in that order, every row posting each). Rows left at no quantity are
 * skipped; the others must carry a lot code, and an expiry that has not passed.
 */
export function receiveSchema(today: string, skuOf: (lineId: number) => string | null) {
  return z
    .object({
      lineId: many,
      quantity: many,
      lotCode: many,
      expiresOn: many,
      batchDate: many,
      delta9: many,
      thca: many,
    })
    .transform((v, ctx): ReceivedLine[] => {
      const out: ReceivedLine[] = [];
      const codes = new Set<string>();
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", path: ["lines"], message });
        return z.NEVER;
      };
      for (let i = 0; i < v.lineId.length; i++) {
        const lineId = Number(v.lineId[i]);
        const sku = Number.isInteger(lineId) ? skuOf(lineId) : null;
        if (sku === null) return fail(INVENTORY_MESSAGES.purchaseOrderChanged);
        const qty = (v.quantity[i] ?? "").trim();
        if (qty === "" || qty === "0") continue;
        if (!/^\d{1,6}$/.test(qty) || Number(qty) > 100_000) return fail(INVENTORY_MESSAGES.lineQuantityInvalid(sku));
        const lotCode = (v.lotCode[i] ?? "").trim();
        if (lotCode === "") return fail(INVENTORY_MESSAGES.lotCodeRequired(sku));
        if (!LOT_CODE.test(lotCode)) return fail(INVENTORY_MESSAGES.lotCodeInvalid(sku));
        if (codes.has(lotCode.toLowerCase())) return fail(INVENTORY_MESSAGES.lotCodeTwice(lotCode));
        codes.add(lotCode.toLowerCase());
        const expiresOn = (v.expiresOn[i] ?? "").trim() || null;
        if (expiresOn !== null && !isDayBetween(expiresOn, "2000-01-01", "2100-12-31"))
          return fail(INVENTORY_MESSAGES.dayInvalid(sku, "expiry date"));
        if (expiresOn !== null && expiresOn < today) return fail(INVENTORY_MESSAGES.expiryInPast(sku));
        const batchDate = (v.batchDate[i] ?? "").trim() || null;
        if (batchDate !== null && (!isDayBetween(batchDate, "2000-01-01", "2100-12-31") || batchDate > today))
          return fail(INVENTORY_MESSAGES.dayInvalid(sku, "batch date"));
        const delta9Ug = milligramsToMicrograms(v.delta9[i] ?? "");
        const thcaUg = milligramsToMicrograms(v.thca[i] ?? "");
        if (Number.isNaN(delta9Ug) || Number.isNaN(thcaUg)) return fail(INVENTORY_MESSAGES.thcInvalid(sku));
        out.push({ lineId, quantity: Number(qty), lotCode, expiresOn, batchDate, delta9Ug, thcaUg, index: i });
      }
      if (out.length === 0) return fail(INVENTORY_MESSAGES.nothingReceived);
      return out;
    });
}

export const recallFields = {
  reason: z
    .string({ error: INVENTORY_MESSAGES.recallReasonRequired })
    .trim()
    .min(1, INVENTORY_MESSAGES.recallReasonRequired)
    .max(500, INVENTORY_MESSAGES.fieldTooLongHere),
  action: z
    .string({ error: INVENTORY_MESSAGES.recallActionRequired })
    .trim()
    .min(1, INVENTORY_MESSAGES.recallActionRequired)
    .max(1000, INVENTORY_MESSAGES.fieldTooLongHere),
};

export const LOT_COUNT_REASONS = ["cycle count", "damaged", "found", "lost", "sample", "returned to supplier"] as const;

export const lotCountFields = {
  counted: wholeNumber(0, 1_000_000, INVENTORY_MESSAGES.countInvalid),
  reason: z.enum(LOT_COUNT_REASONS, { error: INVENTORY_MESSAGES.countReasonRequired }),
  note: optionalText("Note", 300, { oneLine: true }).transform((v) => v ?? ""),
};
