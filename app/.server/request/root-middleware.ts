import { data, type MiddlewareFunction } from "react-router";
import * as MESSAGES from "~/lib/messages";
import { hasControlCharacters } from "~/lib/text";
import { getViewer } from "../accounts/viewer";
import { readFormBody } from "../http/forms";
import { PRIVATE_NO_STORE } from "../http/http";
import { formContext, requestInfoContext, viewerContext } from "./context";

/**
 * Runs first for every page, route data request and action:
 * - refuses control characters (NUL and the like) in the query string, as the form reader does
 *   in posted fields: no text input of the store may carry them;
 * - looks the viewer up once (group middleware and loaders read it from the context);
 * - reads and checks a posted form once (size, field count, control characters; see forms.ts),
 *   so no action parses a body itself;
 * - on the way out, makes every answer private unless the route said otherwise: anything seen by
 *   a signed-in viewer is `private, no-store`, and so is a visitor's answer that did not set its
 *   own caching. The visitor page cache (server/visitor-cache.ts) replaces this header on the
 *   pages it stores.
 */
export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  for (const [name, value] of url.searchParams) {
    if (hasControlCharacters(name) || hasControlCharacters(value)) {
      throw data({ ok: false, message: MESSAGES.badRequestPath }, { status: 400 });
    }
  }
  const info = context.get(requestInfoContext);
  const viewer = await getViewer(request, info.viewer);
  context.set(viewerContext, viewer);
  if (request.method !== "GET" && request.method !== "HEAD") {
    const { policy } = info;
    context.set(formContext, await readFormBody(request, policy.maxFields));
  }
  const response = await next();
  if (viewer || !response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", PRIVATE_NO_STORE["Cache-Control"]);
  }
  return response;
};
