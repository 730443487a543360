/**
 * Files as HTTP answers (CSV downloads, PDF documents), answered by resource routes of their own:
 * private, never cached, never sniffed.
 */

/**
 * Chunks of text (or the whole text) as a streamed HTTP answer, downloaded as a file. Answered by
 * a resource route of its own (a module without a page component): a page's loader that returns
 * a file is rendered through its page (issue 26).
 */
export function csvResponse(content: AsyncGenerator<string> | string, filename: string): Response {
  const chunks = typeof content === "string" ? oneChunk(content) : content;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

async function* oneChunk(text: string): AsyncGenerator<string> {
  yield text;
}

/** The HTTP answer carrying a document: private, never cached, never sniffed. */
export function pdfResponse(bytes: Buffer, filename: string, disposition: "inline" | "attachment" = "inline") {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/** The HTTP answer carrying a ZIP archive, downloaded: private, never cached, never sniffed. */
export function zipResponse(bytes: Uint8Array, filename: string) {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
