import type PDFDocument from "pdfkit";
import type Sharp from "sharp";

/**
 * Heavy modules the store needs only now and then, loaded the first time they are used: a server
 * that answers pages never maps libvips (image uploads and license scans, about 25 MB resident)
 * or PDFKit and its fonts (invoices, packing slips and statements, about 28 MB). Once loaded,
 * they stay.
 */
let sharp: Promise<typeof Sharp> | undefined;
export function loadSharp(): Promise<typeof Sharp> {
  sharp ??= import("sharp").then((m) => m.default);
  return sharp;
}

let pdfkit: Promise<typeof PDFDocument> | undefined;
export function loadPdfKit(): Promise<typeof PDFDocument> {
  pdfkit ??= import("pdfkit").then((m) => m.default);
  return pdfkit;
}
