import { productClassLabel } from "~/lib/compliance/vocabulary";
import * as CERTIFICATES from "~/lib/messages/certificates";
import { oneLine } from "~/lib/text";
import { loadPdfKit } from "../runtime/lazy-modules";

/**
 * A resale certificate signed on the site, drawn as a PDF in the order of Texas Form 01-339
 * (Texas Sales and Use Tax Resale Certificate; Tax Code 151.152, 34 TAC 3.285): the purchaser,
 * its permit number (or why it is pending), its business, the seller, the items bought for
 * resale, the certification, the signature (the drawn image or the typed name), the signer and
 * the date. Drawn with pdfkit as the statements and the purchase orders are (decision 0074).
 */
export interface CertificatePdfInput {
  id: string;
  purchaserName: string;
  purchaserStreet: string;
  purchaserCity: string;
  purchaserState: string;
  purchaserZip: string;
  purchaserPhone: string;
  permitNumber: string | null;
  permitPendingReason: string | null;
  businessDescription: string;
  itemsDescription: string;
  productClasses: string[];
  seller: { name: string; address: string };
  signerName: string;
  signerTitle: string;
  signedOn: string;
  signature: { kind: "typed"; text: string } | { kind: "drawn"; png: Buffer };
}

/** The lines of the certificate, as label and value, in the form's order: what the PDF draws. */
export function certificateFields(input: CertificatePdfInput): [label: string, value: string][] {
  return [
    ["Name of purchaser, firm or agency", input.purchaserName],
    [
      "Address (street & number, P.O. Box or route number)",
      `${input.purchaserStreet}, ${input.purchaserCity}, ${input.purchaserState} ${input.purchaserZip}`,
    ],
    ["Phone (area code and number)", input.purchaserPhone || "Not given"],
    [
      "Texas Sales and Use Tax Permit Number (must contain 11 digits)",
      input.permitNumber ?? `Pending: ${input.permitPendingReason ?? ""}`,
    ],
    ["Description of the purchaser's business", input.businessDescription],
    ["Name of seller", input.seller.name],
    ["Seller's address", input.seller.address],
    ["Description of items to be purchased for resale", input.itemsDescription],
    ["Kinds of products covered", input.productClasses.map(productClassLabel).join(", ")],
  ];
}

export async function certificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: "LETTER",
    margin: 48,
    info: { Title: "Texas Sales and Use Tax Resale Certificate", Author: oneLine(input.seller.name) },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const width = pdf.page.width - 96;
  pdf.font("Helvetica-Bold").fontSize(16).text("Texas Sales and Use Tax Resale Certificate", { width });
  pdf.font("Helvetica").fontSize(9).text(`Form 01-339 (front) · Certificate ${input.id}`, { width });
  pdf.moveDown(1);
  for (const [label, value] of certificateFields(input)) {
    pdf.font("Helvetica").fontSize(8).fillColor("#475569").text(label, { width });
    pdf
      .font("Helvetica")
      .fontSize(11)
      .fillColor("#0f172a")
      .text(oneLine(value) || " ", { width });
    pdf.moveDown(0.5);
  }
  pdf.moveDown(0.5);
  pdf.font("Helvetica").fontSize(9).text(CERTIFICATES.certify, { width });
  pdf.moveDown(1);
  pdf.font("Helvetica").fontSize(8).fillColor("#475569").text("Purchaser's signature", { width });
  pdf.fillColor("#0f172a");
  if (input.signature.kind === "drawn") {
    const y = pdf.y;
    pdf.image(input.signature.png, 48, y, { fit: [260, 80] });
    pdf.y = y + 84;
    pdf.x = 48;
    pdf.font("Helvetica").fontSize(8).text("Signed electronically (drawn on the seller's website)", { width });
  } else {
    pdf.font("Helvetica-Oblique").fontSize(16).text(oneLine(input.signature.text), { width });
    pdf.font("Helvetica").fontSize(8).text("Signed electronically (typed name on the seller's website)", { width });
  }
  pdf.moveDown(0.5);
  for (const [label, value] of [
    ["Printed name", input.signerName],
    ["Title", input.signerTitle || "Not given"],
    ["Date", input.signedOn],
  ] as const) {
    pdf.font("Helvetica").fontSize(8).fillColor("#475569").text(label, { width });
    pdf.font("Helvetica").fontSize(11).fillColor("#0f172a").text(oneLine(value), { width });
  }
  pdf.end();
  return done;
}
