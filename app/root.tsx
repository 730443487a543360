import { data } from "react-router";
import type { Route } from "./+types/root";
import { revalidateUnlessOffline } from "./lib/offline";
import type { RootData } from "./lib/root-data";
import "./app.css";
import { canSeePrices } from "./.server/accounts/viewer";
import { getDb } from "./.server/db/instance";
import { type Audience, audienceOf } from "./.server/flows/audience";
import { hasCartAdd, takeCartAdd } from "./.server/flows/cart-add";
import { readToast } from "./.server/http/toast";
import { viewerOf } from "./.server/request/context";
import { rootMiddleware } from "./.server/request/root-middleware";
import { env } from "./.server/runtime/env";
import { storeInfo } from "./.server/runtime/store-info";

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
    return data(rootData(audience, flash, add), { headers });
  }
  return data(rootData(audience, flash, null), { headers });
}

function rootData(audience: Audience, toast: RootData["toast"], cartAdd: RootData["cartAdd"]): RootData {
  return {
    baseUrl: env().BASE_URL,
    store: storeInfo(),
    viewer:
      audience.role === "visitor"
        ? null
        : {
            role: audience.role,
            awaitingApproval: audience.awaitingApproval,
            actingFor: audience.actingFor?.businessName ?? null,
          },
    toast,
    cartAdd,
  };
}

export { default, ErrorBoundary, Layout } from "./components/app-shell";
export type { RootData };
