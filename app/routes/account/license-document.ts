import { Readable } from "node:stream";
import { data } from "react-router";
import { findLicenseFor, LICENSE_NOT_FOUND } from "~/.server/business/licenses";
import { getDb } from "~/.server/db/instance";
import { readDocument } from "~/.server/media/documents";
import { signedInViewer } from "~/.server/request/context";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/license-document";

/** The approval queue shows the document inline, in a frame of the store's own page. */
export const handle: RouteHandle = { framedBy: "self" };

const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/**
 * A license document, for its owner and for admins only: anyone else gets the same 404 as for an
 * id that does not exist. Never cached, never sniffed, never given a script context.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const license = await findLicenseFor(getDb(), params.licenseId, viewer);
  const file = license ? await readDocument(license.documentKey) : null;
  if (!license || !file) throw data(LICENSE_NOT_FOUND, { status: 404 });
  const headers = new Headers({
    "Content-Type": license.documentType,
    "Content-Disposition": `inline; filename="license-${license.number.replace(/[^A-Za-z0-9-]/g, "")}.${
      EXTENSION[license.documentType] ?? "bin"
    }"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  if (file.size !== null) headers.set("Content-Length", String(file.size));
  return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
}
