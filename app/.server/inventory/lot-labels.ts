import type { Kysely, Transaction } from "kysely";
import qrcode from "qrcode-generator";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { oneLine } from "~/lib/text";
import type { DB } from "../db/schema";
import { loadPdfKit } from "../runtime/lazy-modules";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A sheet of labels for a lot (issue 39; decision 0067): on a Letter page, Avery 5160's grid
 * (3 × 10 labels of 2⅝ × 1 inch), each with the QR code of the lot's public page, its code, the
 * product's name and SKU, and the expiry. The QR code is drawn as filled rectangles (vector, sharp
 * at any printer's resolution; no image is made).
 */

export interface LabelLot {
  code: string;
  name: string;
  sku: string;
  expiresOn: string | null;
}

/** The lot a sheet of labels is printed for: only a published one (its page must answer). */
export async function findLabelLot(db: Db, id: number): Promise<LabelLot | null> {
  const lot = await db
    .selectFrom("lots")
    .select(["code", "name", "sku", "expires_on", "lab_report_key"])
    .where("id", "=", id)
    .where("published", "=", 1)
    .executeTakeFirst();
  if (!lot?.lab_report_key) return null;
  return { code: lot.code, name: lot.name, sku: lot.sku, expiresOn: lot.expires_on };
}

/** The absolute address of a lot's public page, which its labels' QR codes carry. */
export function lotPageUrl(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/lots/${encodeURIComponent(code)}`;
}

/** A QR code's modules (true: dark), row by row, at error correction M and the smallest version. */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, col) => qr.isDark(row, col)));
}

const POINTS_PER_INCH = 72;
/** Avery 5160 on US Letter: its page margins, each label's size and the pitch between them. */
export const SHEET = {
  columns: 3,
  rows: 10,
  top: 0.5 * POINTS_PER_INCH,
  left: 0.1875 * POINTS_PER_INCH,
  width: 2.625 * POINTS_PER_INCH,
  height: 1 * POINTS_PER_INCH,
  pitchX: 2.75 * POINTS_PER_INCH,
  pitchY: 1 * POINTS_PER_INCH,
} as const;
/** The room inside a label its printing keeps clear of the edges (labels shift a little in printers). */
const PADDING = 6;
/** The white around the code a reader needs, in modules (the standard asks 4; a label's edge adds more). */
const QUIET_MODULES = 2;

/**
 * Draws a QR code's dark modules with its top left corner at (x, y), `size` points wide: each
 * row's runs of dark modules as one rectangle, all filled at once.
 */
function drawQr(pdf: PDFKit.PDFDocument, modules: boolean[][], x: number, y: number, size: number): void {
  const count = modules.length + QUIET_MODULES * 2;
  const cell = size / count;
  modules.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      pdf.rect(x + (start + QUIET_MODULES) * cell, y + (r + QUIET_MODULES) * cell, (c - start) * cell, cell);
    }
  });
  pdf.fillColor("#000000").fill();
}

/** The sheet's PDF: `count` labels (a full sheet by default) of the lot, left to right, top to bottom. */
export async function lotLabelsPdf(lot: LabelLot, baseUrl: string, count: number = SHEET.columns * SHEET.rows) {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: "LETTER",
    margin: 0,
    autoFirstPage: true,
    info: { Title: INVENTORY_MESSAGES.labelLot(oneLine(lot.code)) },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const modules = qrModules(lotPageUrl(baseUrl, lot.code));
  const qrSize = SHEET.height - PADDING * 2 + 4;
  const textWidth = SHEET.width - qrSize - PADDING * 2;
  const perSheet = SHEET.columns * SHEET.rows;
  const code = oneLine(lot.code);
  const name = oneLine(lot.name);
  const sku = INVENTORY_MESSAGES.labelSku(oneLine(lot.sku));
  const expiry = INVENTORY_MESSAGES.labelExpiry(lot.expiresOn);
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % perSheet === 0) pdf.addPage({ size: "LETTER", margin: 0 });
    const place = i % perSheet;
    const x = SHEET.left + (place % SHEET.columns) * SHEET.pitchX;
    const y = SHEET.top + Math.floor(place / SHEET.columns) * SHEET.pitchY;
    // The code's own quiet zone sits inside its square: it may reach the label's padding.
    drawQr(pdf, modules, x + PADDING - 2, y + PADDING - 2, qrSize);
    const tx = x + PADDING + qrSize;
    pdf.fillColor("#000000");
    pdf.font("Helvetica-Bold").fontSize(9);
    pdf.text(INVENTORY_MESSAGES.labelLot(code), tx, y + PADDING, {
      width: textWidth,
      height: 11,
      ellipsis: true,
    });
    pdf.font("Helvetica").fontSize(7);
    pdf.text(name, tx, y + PADDING + 13, { width: textWidth, height: 17, ellipsis: true });
    pdf.text(sku, tx, y + PADDING + 32, { width: textWidth, height: 9, ellipsis: true });
    pdf.text(expiry, tx, y + PADDING + 42, { width: textWidth, height: 9, ellipsis: true });
  }
  pdf.end();
  return done;
}
