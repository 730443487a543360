import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestInfo } from "./.server/request/context";
import { log, loggableUrl } from "./.server/runtime/log";
import { CspNonce } from "./components/csp-nonce";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions: logged with their request, never sent to the browser.
 * A refusal of the request itself (React Router's 405 for a post to a route without an action, a
 * 4xx thrown on purpose) is the client's mistake, answered with its status: not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const url = new URL(request.url);
  log.error(
    { err: error, method: request.method, url: loggableUrl(`${url.pathname}${url.search}`) },
    "unhandled error",
  );
}

/**
 * Server rendering, with the response's CSP nonce on every script React writes. The store's
 * pages have no Suspense boundaries, so the shell is the whole page: it is rendered to one
 * buffer and sent with its length, which costs far less per request than streaming it through
 * web streams chunk by chunk, and lets nothing of the render outlive the response.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = requestInfo(loadContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on("finish", () => {
      const body = Buffer.concat(chunks);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Content-Length", String(body.length));
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      // The nonce reaches the document by context, never by loader data (components/csp-nonce.ts).
      <CspNonce value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          log.error({ err: error }, "render failed");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
