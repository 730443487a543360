import { businessDisplayName } from "~/lib/business";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { formatCents } from "~/lib/money";
import { moneyRows } from "~/lib/order-money";
import { formatOrderDate, type OrderDetail } from "~/lib/orders";
import { isTerms, TERMS_LABELS } from "~/lib/receivables";
import type { StoreInfo } from "~/lib/store";
import { oneLine } from "~/lib/text";
import { exciseSlipLines } from "../excise/orders";
import { loadPdfKit } from "../runtime/lazy-modules";

/**
 * The order's printed documents (issue 17): the invoice, for its customer and the admins, and the
 * packing slip, for the admins (no prices). Generated on the server with pdfkit and its bundled
 * standard fonts (decision 0018); nothing is stored, each request draws the order as it is now
 * (read by flows/order-documents.ts).
 */

/** What a document prints about an order and its buyer. */
export interface OrderDocument {
  order: OrderDetail;
  store: StoreInfo;
  customer: { name: string; email: string } | null;
  business: { legalName: string; dba: string | null; taxPermit: string | null } | null;
  /** The buyer's purchase order number (issue 16). */
  poNumber: string | null;
  /** The order's invoices and credit notes on account once it is completed (issue 30), or null. */
  account?: PrintedAccount | null;
  /** The lots each product was sold from, by product id (issue 39): printed under its line. */
  lots?: ReadonlyMap<number, readonly PrintedLot[]>;
  /** Where each product sits in the warehouse, by product id (issue 39): the packing slip prints it. */
  bins?: ReadonlyMap<number, string>;
}

/** A lot an order's product was sold from, and how many of its units. */
export interface PrintedLot {
  code: string;
  quantity: number;
}

/** What the invoice prints of the order's account (receivables' InvoiceAccount, read by the flow). */
export interface PrintedAccount {
  invoices: {
    number: number;
    terms: string;
    issuedOn: string;
    dueOn: string;
    memo: string | null;
    paid: { date: string; label: string; amountCents: number }[];
  }[];
  creditNotes: { number: number; memo: string | null }[];
  balanceCents: number;
}

/** "12345678901" as the Comptroller prints it: "1-23-4567890-1". */
export function formatTaxPermit(permit: string): string {
  return /^\d{11}$/.test(permit)
    ? `${permit.slice(0, 1)}-${permit.slice(1, 3)}-${permit.slice(3, 10)}-${permit.slice(10)}`
    : permit;
}

type Kind = "invoice" | "packing-slip";

interface Column {
  label: string;
  width: number;
  align: "left" | "right";
  cell: (line: OrderDetail["items"][number]) => string;
  /** Printed on one line, never wrapped: smaller type if it must (the SKU). */
  oneLine?: boolean;
  /** Printed under the cell in smaller type, when there is one (the lots of the item). */
  below?: (line: OrderDetail["items"][number]) => string | null;
}

const MARGIN = 48;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const SIZE = 10;
/** The smallest type a SKU is printed in before it is shortened in the middle. */
const SKU_MIN_SIZE = 6;
/** Room the item names keep whatever the SKUs' length. */
const ITEM_MIN_WIDTH = 120;
const CELL_PADDING = 8;
/** The size of what is printed under a cell (the lots). */
const BELOW_SIZE = 8;

/** What measures text: the document being drawn. */
type Measure = Pick<PDFKit.PDFDocument, "font" | "fontSize" | "widthOfString">;

function textWidth(pdf: Measure, text: string, size: number): number {
  return pdf.font(FONT).fontSize(size).widthOfString(text);
}

/**
 * A SKU as it fits on one line of `room` points: at the normal size, else in smaller type down
 * to SKU_MIN_SIZE, else shortened in the middle with an ellipsis (its start and end, which tell
 * SKUs apart, stay). A SKU is never wrapped: a wrapped code reads as two (issue 26).
 */
export function fitOneLine(pdf: Measure, text: string, room: number): { text: string; size: number } {
  const natural = textWidth(pdf, text, SIZE);
  if (natural <= room) return { text, size: SIZE };
  const size = Math.floor(((SIZE * room) / natural) * 4) / 4;
  if (size >= SKU_MIN_SIZE) return { text, size };
  for (let keep = text.length - 1; keep > 1; keep--) {
    const head = Math.ceil(keep / 2);
    const shortened = `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
    if (textWidth(pdf, shortened, SKU_MIN_SIZE) <= room) return { text: shortened, size: SKU_MIN_SIZE };
  }
  return { text: "…", size: SKU_MIN_SIZE };
}

/**
 * The table's columns. The SKU column is as wide as the longest SKU of the order needs at the
 * normal size (at least 110 points), taken from the item names down to ITEM_MIN_WIDTH.
 */
function columnsOf(
  kind: Kind,
  width: number,
  pdf: Measure,
  skus: readonly string[],
  lots: OrderDocument["lots"],
  bins?: OrderDocument["bins"],
): Column[] {
  const numbers: Column[] =
    kind === "invoice"
      ? [
          { label: "Qty", width: 50, align: "right", cell: (l) => l.quantity.toLocaleString("en-US") },
          { label: "Unit price", width: 80, align: "right", cell: (l) => formatCents(l.unitPriceCents) },
          { label: "Total", width: 80, align: "right", cell: (l) => formatCents(l.unitPriceCents * l.quantity) },
        ]
      : [
          { label: "Qty", width: 60, align: "right", cell: (l) => l.quantity.toLocaleString("en-US") },
          { label: "Packed", width: 60, align: "right", cell: () => "[   ]" },
        ];
  const fixed = numbers.reduce((sum, c) => sum + c.width, 0);
  const longest = Math.max(0, ...skus.map((sku) => textWidth(pdf, oneLine(sku), SIZE)));
  const skuWidth = Math.min(Math.max(110, Math.ceil(longest) + CELL_PADDING), width - fixed - ITEM_MIN_WIDTH);
  return [
    { label: "SKU", width: skuWidth, align: "left", cell: (l) => l.sku, oneLine: true },
    {
      label: "Item",
      width: width - fixed - skuWidth,
      align: "left",
      cell: (l) => l.name,
      below: (l) => {
        const shipped = l.productId === null ? undefined : lots?.get(l.productId);
        const bin = kind === "packing-slip" && l.productId !== null ? bins?.get(l.productId) : undefined;
        const parts = [
          bin ? INVENTORY_MESSAGES.binOnSlip(bin) : null,
          shipped?.length ? INVENTORY_MESSAGES.lotsShipped(shipped) : null,
        ].filter((x): x is string => x !== null);
        return parts.length ? parts.join(" · ") : null;
      },
    },
    ...numbers,
  ];
}

/** Draws one document; resolves with the PDF's bytes. */
async function draw(doc: OrderDocument, kind: Kind): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const { order, store } = doc;
  const title = kind === "invoice" ? "Invoice" : "Packing slip";
  const pdf = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: `${title} for order #${order.id}`, Author: store.name },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const left = MARGIN;
  const width = pdf.page.width - MARGIN * 2;
  const bottom = () => pdf.page.height - MARGIN;

  // The store, then the document's title and the order's facts.
  pdf.font(BOLD).fontSize(18).fillColor("#1e3a5f").text(oneLine(store.name), left, MARGIN);
  pdf.font(FONT).fontSize(10).fillColor("#0f172a");
  pdf.text(oneLine(store.address));
  pdf.text(`${oneLine(store.phone)} · ${oneLine(store.email)}`);
  pdf.moveDown(1);
  pdf.font(BOLD).fontSize(16).text(`${title} · Order #${order.id}`);
  pdf.font(FONT).fontSize(10);
  pdf.text(`Order date: ${formatOrderDate(order.createdAt)}`);
  pdf.text(`Status: ${order.status}`);
  if (doc.poNumber) pdf.text(`PO number: ${doc.poNumber}`);
  if (order.placedBy) pdf.text(`Placed by: ${oneLine(order.placedBy)}`);
  pdf.moveDown(1);

  // Buyer and ship-to side by side.
  const top = pdf.y;
  const half = (width - 24) / 2;
  pdf.font(BOLD).text("Bill to", left, top, { width: half });
  pdf.font(FONT);
  const business = doc.business;
  if (business) {
    pdf.text(oneLine(businessDisplayName(business)), { width: half });
  }
  pdf.text(doc.customer ? oneLine(doc.customer.name) : MESSAGES.unknownUser, { width: half });
  if (doc.customer) pdf.text(doc.customer.email, { width: half });
  if (business?.taxPermit) pdf.text(`Texas sales tax permit: ${formatTaxPermit(business.taxPermit)}`, { width: half });
  const billBottom = pdf.y;
  const s = order.shipping;
  pdf.font(BOLD).text("Ship to", left + half + 24, top, { width: half });
  pdf.font(FONT);
  for (const line of [s.businessName, s.street, `${s.city}, ${s.state} ${s.zip}`, s.phone]) {
    if (line) pdf.text(oneLine(line), { width: half });
  }
  pdf.y = Math.max(billBottom, pdf.y) + 18;

  // The lines, with the header repeated on each new page.
  const columns = columnsOf(
    kind,
    width,
    pdf,
    order.items.map((l) => l.sku),
    doc.lots,
    doc.bins,
  );
  const header = () => {
    const y = pdf.y;
    pdf.rect(left, y - 4, width, 20).fill("#e2e8f0");
    pdf.fillColor("#0f172a").font(BOLD).fontSize(SIZE);
    let x = left;
    for (const c of columns) {
      pdf.text(c.label, x + 4, y, { width: c.width - CELL_PADDING, align: c.align, lineBreak: false });
      x += c.width;
    }
    pdf.font(FONT);
    pdf.y = y + 20;
  };
  header();
  for (const line of order.items) {
    const cells = columns.map((c) =>
      c.oneLine
        ? fitOneLine(pdf, oneLine(c.cell(line)), c.width - CELL_PADDING)
        : { text: oneLine(c.cell(line)), size: SIZE },
    );
    const belows = columns.map((c) => {
      const text = c.below?.(line);
      return text ? oneLine(text) : null;
    });
    const belowHeights = columns.map((c, i) => {
      const text = belows[i];
      return text
        ? pdf
            .font(FONT)
            .fontSize(BELOW_SIZE)
            .heightOfString(text, { width: c.width - CELL_PADDING })
        : 0;
    });
    pdf.font(FONT).fontSize(SIZE);
    const cellHeights = columns.map((c, i) =>
      c.oneLine ? pdf.currentLineHeight() : pdf.heightOfString(cells[i]?.text ?? "", { width: c.width - CELL_PADDING }),
    );
    const height = Math.max(...cellHeights.map((h, i) => h + (belowHeights[i] ? (belowHeights[i] ?? 0) + 2 : 0))) + 8;
    if (pdf.y + height > bottom() - 40) {
      pdf.addPage();
      pdf.y = MARGIN;
      header();
    }
    const y = pdf.y;
    let x = left;
    columns.forEach((c, i) => {
      const cell = cells[i] ?? { text: "", size: SIZE };
      pdf.font(FONT).fontSize(cell.size);
      // Smaller type sits on the same baseline as the rest of the row.
      const drop = c.oneLine ? (SIZE - cell.size) * 0.75 : 0;
      pdf.text(cell.text, x + 4, y + 2 + drop, {
        width: c.width - CELL_PADDING,
        align: c.align,
        ...(c.oneLine ? { lineBreak: false } : {}),
      });
      const below = belows[i];
      if (below) {
        pdf
          .font(FONT)
          .fontSize(BELOW_SIZE)
          .fillColor("#334155")
          .text(below, x + 4, y + 2 + (cellHeights[i] ?? 0) + 2, { width: c.width - CELL_PADDING });
        pdf.fillColor("#0f172a");
      }
      x += c.width;
    });
    pdf.fontSize(SIZE);
    pdf
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .strokeColor("#cbd5e1")
      .lineWidth(0.5)
      .stroke();
    pdf.y = y + height + 4;
  }

  pdf.moveDown(0.5);
  // The order's money (issue 36): subtotal, each excise tax, delivery, tax; the packing slip names
  // the taxes without amounts.
  const above =
    kind === "invoice"
      ? moneyRows(order.money, order.excise).map(
          (r) => `${r.label}: ${formatCents(r.amountCents)}${r.note ? ` (${r.note})` : ""}`,
        )
      : exciseSlipLines(order.excise);
  for (const text of above) {
    pdf.font(FONT).fontSize(SIZE).text(text, left, pdf.y, { width, align: "right" });
  }
  pdf.font(BOLD).fontSize(12);
  const units = `${order.itemCount.toLocaleString("en-US")} unit${order.itemCount === 1 ? "" : "s"}`;
  pdf.text(
    kind === "invoice" ? `Order total: ${formatCents(order.money.totalCents)}` : `Total units: ${units}`,
    left,
    pdf.y,
    {
      width,
      align: "right",
    },
  );
  if (kind === "invoice" && doc.account) drawAccount(pdf, doc.account, left, width);
  // The customer's notes (delivery instructions): the packer and the buyer both need them.
  if (order.notes) {
    pdf.moveDown(1);
    pdf.font(BOLD).fontSize(10).text("Order notes", left, pdf.y, { width });
    pdf.font(FONT).text(order.notes, { width });
  }
  pdf.end();
  return done;
}

/**
 * The order on account (issue 30): each invoice (the order's, a correction, the order's again after
 * a cancellation) with its number, terms, dates and what paid it, its credit notes, the balance due.
 */
function drawAccount(pdf: PDFKit.PDFDocument, account: PrintedAccount, left: number, width: number): void {
  for (const invoice of account.invoices) {
    const terms = isTerms(invoice.terms) ? TERMS_LABELS[invoice.terms] : invoice.terms;
    pdf.moveDown(1);
    pdf.font(BOLD).fontSize(10).text(`Invoice ${invoice.number} · Terms: ${terms}`, left, pdf.y, { width });
    pdf.font(FONT);
    if (invoice.memo) pdf.text(oneLine(invoice.memo), { width });
    pdf.text(`Invoice date: ${invoice.issuedOn} · Due date: ${invoice.dueOn}`, { width });
    for (const p of invoice.paid) pdf.text(`${p.date} ${oneLine(p.label)}: -${formatCents(p.amountCents)}`, { width });
  }
  for (const note of account.creditNotes)
    pdf.text(`Credit note ${note.number} issued${note.memo ? ` (${oneLine(note.memo)})` : ""}`, { width });
  pdf
    .font(BOLD)
    .fontSize(12)
    .text(`Balance due: ${formatCents(account.balanceCents)}`, left, pdf.y, {
      width,
      align: "right",
    });
}

export function invoicePdf(doc: OrderDocument): Promise<Buffer> {
  return draw(doc, "invoice");
}

export function packingSlipPdf(doc: OrderDocument): Promise<Buffer> {
  return draw(doc, "packing-slip");
}
