import { formatCents } from "~/lib/money";
import { AGING_BUCKETS, AGING_LABELS } from "~/lib/receivables";
import { oneLine } from "~/lib/text";
import { loadPdfKit } from "../runtime/lazy-modules";
import { storeInfo } from "../runtime/store-info";
import type { Buckets, LedgerEntry } from "./statement";

/**
 * The statement of a range of days as a PDF (issue 30): the balance brought forward, each
 * invoice, credit note and payment of the range with the running balance, the balance at the end
 * and the aging of what is open. Drawn with pdfkit as the order documents are (decision 0018).
 */
export interface StatementPdfInput {
  businessName: string;
  from: string;
  to: string;
  entries: LedgerEntry[];
  aging: Buckets;
}

export async function statementPdf(input: StatementPdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const store = storeInfo();
  const pdf = new PDFDocument({ size: "LETTER", margin: 48, info: { Title: "Statement", Author: store.name } });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const width = pdf.page.width - 96;
  pdf.font("Helvetica-Bold").fontSize(18).text(oneLine(store.name));
  pdf.font("Helvetica").fontSize(10).text(oneLine(store.address));
  pdf.moveDown(1);
  pdf
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(`Statement · ${oneLine(input.businessName)}`);
  pdf.font("Helvetica").fontSize(10).text(`${input.from} to ${input.to}`);
  pdf.moveDown(1);
  const before = input.entries.filter((e) => e.date < input.from).at(-1)?.runningCents ?? 0;
  const within = input.entries.filter((e) => e.date >= input.from && e.date <= input.to);
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    const widths = [80, width - 260, 90, 90];
    let x = 48;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
    cells.forEach((c, i) => {
      pdf.text(c, x, y, { width: (widths[i] ?? 80) - 6, align: i >= 2 ? "right" : "left" });
      x += widths[i] ?? 80;
    });
    pdf.x = 48;
    pdf.moveDown(0.4);
  };
  row(["Date", "Entry", "Amount", "Balance"], true);
  row([input.from, "Balance brought forward", "", formatCents(before)]);
  for (const e of within) {
    if (pdf.y > pdf.page.height - 96) pdf.addPage();
    row([
      e.date,
      oneLine(`${e.description}${e.void ? " (void)" : ""}`),
      formatCents(e.amountCents),
      formatCents(e.runningCents),
    ]);
  }
  const closing = within.at(-1)?.runningCents ?? before;
  row([input.to, "Balance", "", formatCents(closing)], true);
  pdf.moveDown(1);
  pdf.font("Helvetica-Bold").text("Open invoices by age", 48, pdf.y, { width });
  pdf.font("Helvetica");
  for (const b of AGING_BUCKETS) pdf.text(`${AGING_LABELS[b]}: ${formatCents(input.aging[b])}`, { width });
  pdf.end();
  return done;
}
