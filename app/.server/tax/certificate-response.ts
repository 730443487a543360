import { Readable } from "node:stream";
import type { CertificateDocument } from "./certificates";

/**
 * A certificate's document as the answer of its routes (the owners' and the admins'): inline,
 * never cached, never sniffed, never given a script context, as a license's document is.
 */
export function certificateDocumentResponse(file: CertificateDocument): Response {
  const headers = new Headers({
    "Content-Type": file.type,
    "Content-Disposition": `inline; filename="${file.fileName}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  if (file.size !== null) headers.set("Content-Length", String(file.size));
  return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
}
