import { Readable } from "node:stream";
import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findLotReport } from "~/.server/inventory/lot-admin";
import { readDocument } from "~/.server/media/documents";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/lot-report";

/** A lot's lab report for the back office, published or not (a private document, issue 39). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.lotId);
  const report = id === null ? null : await findLotReport(getDb(), id);
  const file = report ? await readDocument(report.key) : null;
  if (!report || !file) throw data(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
  const headers = new Headers({
    "Content-Type": report.type,
    "Content-Disposition": `inline; filename="lot-${report.code.replace(/[^A-Za-z0-9.-]/g, "_")}.pdf"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (file.size !== null) headers.set("Content-Length", String(file.size));
  return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
}
