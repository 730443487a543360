import { data } from "react-router";
import type { Route } from "./+types/root";
import { revalidateUnlessOffline } from "./lib/offline";
import type { RootData } from "./lib/root-data";
import "./app.css";
import { awaitsApproval, canSeePrices } from "./.server/accounts/viewer";
import { takeCartAdd } from "./.server/catalog/cart-add";
import { getDb } from "./.server/db/instance";
import { env } from "./.server/env";
import { viewerOf } from "./.server/request-context";
import { rootMiddleware } from "./.server/root-middleware";
import { storeInfo } from "./.server/store-info";
import { readToast } from "./.server/toast";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

/** After a form that could not reach the store, nothing is reloaded (app/lib/offline.ts). */
export const shouldRevalidate = revalidateUnlessOffline;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = viewerOf(context);
  const { toast: flash, headers } = await readToast(request);
  const { add: cartAdd, headers: cartAddHeaders } = await takeCartAdd(
    getDb(),
    request,
    canSeePrices(viewer),
    viewer?.id ?? null,
  );
  for (const value of cartAddHeaders.getSetCookie()) headers.append("Set-Cookie", value);
  return data(
    {
      baseUrl: env().BASE_URL,
      store: storeInfo(),
      viewer: viewer ? { name: viewer.name, role: viewer.role, awaitingApproval: awaitsApproval(viewer) } : null,
      toast: flash,
      cartAdd,
    } satisfies RootData,
    { headers },
  );
}

export { default, ErrorBoundary, Layout } from "./components/app-shell";
export type { RootData };
