import { data } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { getViewer } from "./.server/accounts/viewer";
import { env } from "./.server/env";
import { storeInfo } from "./.server/store-info";
import { readToast } from "./.server/toast";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, { toast: flash, headers }] = await Promise.all([getViewer(request), readToast(request)]);
  return data(
    {
      nonce: context.cspNonce,
      baseUrl: env().BASE_URL,
      store: storeInfo(),
      viewer: viewer ? { name: viewer.name, role: viewer.role } : null,
      toast: flash,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export { default, ErrorBoundary, Layout } from "./components/app-shell";
