import { oneLine } from "~/lib/text";
import { loadPdfKit } from "../runtime/lazy-modules";
import { storeInfo } from "../runtime/store-info";
import type { LoadingLine, PickLine, RouteDetail } from "./dispatch";

/**
 * The warehouse's papers for a route (issue 40): the pick list (what to take from the shelves, by
 * bin) and the loading list (what goes on the truck first: the last stop). Drawn with PDFKit like
 * the purchase order.
 */
interface Column {
  label: string;
  width: number;
  align: "left" | "right";
}

async function table(
  title: string,
  route: RouteDetail,
  cols: (width: number) => Column[],
  rows: string[][],
  empty: string,
) {
  const PDFDocument = await loadPdfKit();
  const store = storeInfo();
  const pdf = new PDFDocument({
    size: "LETTER",
    margin: 48,
    info: { Title: `${title}: ${route.zone} ${route.day}`, Author: store.name },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const left = 48;
  const width = pdf.page.width - 96;
  const columns = cols(width);
  pdf
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor("#0f172a")
    .text(`${title}: ${oneLine(route.zone)}`, left, 48);
  pdf.font("Helvetica").fontSize(10);
  pdf.text(`Route day: ${route.day} · ${route.stops.length} stops`);
  pdf.text(`Driver: ${oneLine(route.driver ?? "not set")} · Vehicle: ${oneLine(route.vehicle ?? "not set")}`);
  pdf.text(oneLine(store.name));
  pdf.moveDown(1);
  const row = (cells: string[], bold = false) => {
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    const h = Math.max(...columns.map((c, i) => pdf.heightOfString(cells[i] ?? "", { width: c.width - 8 }))) + 6;
    if (pdf.y + h > pdf.page.height - 60) {
      pdf.addPage();
      pdf.y = 48;
    }
    const top = pdf.y;
    let x = left;
    columns.forEach((c, i) => {
      pdf.text(cells[i] ?? "", x + 4, top + 2, { width: c.width - 8, align: c.align });
      x += c.width;
    });
    pdf.y = top + h;
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .strokeColor("#cbd5e1")
      .lineWidth(0.5)
      .stroke();
  };
  if (rows.length === 0) pdf.font("Helvetica").fontSize(11).text(empty, left, pdf.y, { width });
  else {
    row(
      columns.map((c) => c.label),
      true,
    );
    for (const cells of rows) row(cells);
  }
  pdf.end();
  return done;
}

const units = (n: number) => n.toLocaleString("en-US");

export function pickListPdf(route: RouteDetail, lines: readonly PickLine[], empty: string): Promise<Buffer> {
  return table(
    "Pick list",
    route,
    (width) => [
      { label: "Bin", width: 60, align: "left" },
      { label: "SKU", width: 95, align: "left" },
      { label: "Item", width: width - 60 - 95 - 50 - 80 - 100, align: "left" },
      { label: "Units", width: 50, align: "right" },
      { label: "Cases + loose", width: 80, align: "right" },
      { label: "Lots", width: 100, align: "left" },
    ],
    lines.map((l) => [
      oneLine(l.bin ?? "-"),
      oneLine(l.sku),
      oneLine(l.name),
      units(l.units),
      l.casePack > 1 ? `${l.cases} × ${l.casePack} + ${l.loose}` : units(l.loose),
      l.lots.map(oneLine).join(", "),
    ]),
    empty,
  );
}

export function loadingListPdf(route: RouteDetail, lines: readonly LoadingLine[], empty: string): Promise<Buffer> {
  return table(
    "Loading list",
    route,
    (width) => [
      { label: "Load", width: 40, align: "right" },
      { label: "Stop", width: 40, align: "right" },
      { label: "Order", width: 60, align: "left" },
      { label: "Business", width: 140, align: "left" },
      { label: "Address", width: width - 40 - 40 - 60 - 140 - 50, align: "left" },
      { label: "Units", width: 50, align: "right" },
    ],
    lines.map((l, i) => [
      String(i + 1),
      String(l.position),
      `#${l.orderId}`,
      oneLine(l.businessName),
      oneLine(l.address),
      units(l.units),
    ]),
    empty,
  );
}
