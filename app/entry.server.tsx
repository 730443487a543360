import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
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

/** Server rendering, with the response's CSP nonce on every script React writes. */
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
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode get the whole document at once; browsers get it streamed.
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
