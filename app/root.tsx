import { data } from "react-router";
import type { Route } from "./+types/root";
import { revalidateUnlessOffline } from "./lib/offline";
import "./app.css";
import { canSeePrices } from "./.server/accounts/viewer";
import { hasCartAdd, type PendingCartAdd, takeCartAdd } from "./.server/catalog/cart-add";
import { getDb } from "./.server/db/instance";
import { env } from "./.server/env";
import { type Audience, audienceOf } from "./.server/flows/audience";
import { requestInfo, viewerOf } from "./.server/request-context";
import { rootMiddleware } from "./.server/root-middleware";
import { storeInfo } from "./.server/store-info";
import { readToast } from "./.server/toast";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

/** After a form that could not reach the store, nothing is reloaded (app/lib/offline.ts). */
export const shouldRevalidate = revalidateUnlessOffline;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  // Who the header is for, by audience only (role, approval): the root's data is part of every
  // page, and pages are shared by everyone in an audience (issue 28).
  const audience = await audienceOf(context, db);
  const { toast: flash, headers } = await readToast(request);
  // An addition made before the page's script ran (a one-time cookie): a personal answer.
  if (hasCartAdd(request)) {
    const viewer = viewerOf(context);
    const { add, headers: cartAddHeaders } = await takeCartAdd(db, request, canSeePrices(viewer), viewer?.id ?? null);
    for (const value of cartAddHeaders.getSetCookie()) headers.append("Set-Cookie", value);
    return data(rootData(context, audience, flash, add), { headers });
  }
  return data(rootData(context, audience, flash, null), { headers });
}

function rootData(
  context: Route.LoaderArgs["context"],
  audience: Audience,
  toast: Awaited<ReturnType<typeof readToast>>["toast"],
  cartAdd: PendingCartAdd | null,
) {
  return {
    nonce: requestInfo(context).cspNonce,
    baseUrl: env().BASE_URL,
    store: storeInfo(),
    viewer: audience.role === "visitor" ? null : { role: audience.role, awaitingApproval: audience.awaitingApproval },
    toast,
    cartAdd,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export { default, ErrorBoundary, Layout } from "./components/app-shell";
