import { Readable } from "node:stream";
import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findPublishedLot } from "~/.server/inventory/lot-admin";
import { readDocument } from "~/.server/media/documents";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import type { Route } from "./+types/lot-report";

const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/**
 * A published lot's lab report (issue 39), kept in the private document store and served only
 * through this route, as a product's (store/lab-report.ts): public like the lot's page, never
 * sniffed, never given a script context, never framed by another site. An unknown code and an
 * unpublished lot get the same 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const code = params.code ?? "";
  const lot = code.length === 0 || code.length > 40 ? null : await findPublishedLot(getDb(), code);
  const file = lot ? await readDocument(lot.reportKey) : null;
  if (!lot || !file) throw data(INVENTORY_MESSAGES.lotPageNotFound, { status: 404 });
  const name = lot.code.replace(/[^A-Za-z0-9._-]/g, "-");
  const headers = new Headers({
    "Content-Type": lot.reportType,
    "Content-Disposition": `inline; filename="lab-report-lot-${name}.${EXTENSION[lot.reportType] ?? "bin"}"`,
    "Cache-Control": "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (file.size !== null) headers.set("Content-Length", String(file.size));
  return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
}
