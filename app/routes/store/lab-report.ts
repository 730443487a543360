import { Readable } from "node:stream";
import { data } from "react-router";
import { findLabReport } from "~/.server/compliance/facts";
import { getDb } from "~/.server/db/instance";
import { readDocument } from "~/.server/media/documents";
import * as MESSAGES from "~/lib/messages";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/lab-report";

const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/**
 * A product's lab report (certificate of analysis), kept in the private document store and served
 * only through this route: public like the product page it is linked from, never sniffed, never
 * given a script context, never framed by another site.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.productId);
  const report = id === null ? null : await findLabReport(getDb(), id);
  const file = report ? await readDocument(report.key) : null;
  if (!report || !file) throw data(MESSAGES.labReportNotFound, { status: 404 });
  const headers = new Headers({
    "Content-Type": report.type,
    "Content-Disposition": `inline; filename="lab-report-${id}.${EXTENSION[report.type] ?? "bin"}"`,
    "Cache-Control": "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (file.size !== null) headers.set("Content-Length", String(file.size));
  return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
}
