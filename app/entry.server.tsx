import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "react-router";
import { ServerRouter } from "react-router";
import { SESSION_COOKIE } from "./.server/accounts/viewer";
import { PRIVATE_NO_STORE } from "./.server/http";
import { log, loggableUrl } from "./.server/log";

export const streamTimeout = 5_000;

/** Anything rendered for a signed-in viewer is private: never stored by a shared cache. */
function markPrivate(request: Request, headers: Headers) {
  if (request.headers.get("cookie")?.includes(SESSION_COOKIE)) {
    headers.set("Cache-Control", PRIVATE_NO_STORE["Cache-Control"]);
  }
}

/** Errors thrown by loaders and actions: logged with their request, never sent to the browser. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  log.error(
    { err: error, method: request.method, url: loggableUrl(`${url.pathname}${url.search}`) },
    "unhandled error",
  );
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  markPrivate(request, response.headers);
  return response;
};

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
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  markPrivate(request, responseHeaders);
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
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
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
