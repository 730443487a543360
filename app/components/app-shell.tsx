import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import * as MESSAGES from "~/lib/messages/shell";
import type { RootData } from "~/lib/root-data";
import { SHOP_TOAST_MS } from "~/lib/toast";
import { AGE_GATE_BOOT_SCRIPT, AgeGate } from "./age-gate";
import { PendingCartAdd } from "./cart/pending-cart-add";
import { useCspNonce } from "./csp-nonce";
import { NotFound } from "./not-found";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { notify, ToastHost } from "./toast";
import { ButtonLink } from "./ui/button";

/**
 * The root route's document and chrome (header, footer, age gate, toasts) and its error page.
 * They live here rather than in root.tsx so that the browser gets them in the shared shell
 * chunk with the header and footer (see vite.config.ts) instead of a file of their own.
 */
function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useCspNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a5f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by the CSP nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: AGE_GATE_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function FlashToast({ flash }: { flash: RootData["toast"] }) {
  useEffect(() => {
    if (!flash) return;
    notify(flash.type, flash.message, { id: flash.id, duration: flash.duration ?? SHOP_TOAST_MS });
  }, [flash]);
  return null;
}

function Chrome({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  if (!root) return <>{children}</>;
  return (
    <>
      {/* The age gate's head script may mark #page inert before React hydrates (a new visitor). */}
      <div id="page" className="flex min-h-screen flex-col" suppressHydrationWarning>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader store={root.store} viewer={root.viewer} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter store={root.store} />
      </div>
      <AgeGate />
      <ToastHost />
      <FlashToast flash={root.toast} />
      <PendingCartAdd add={root.cartAdd} />
    </>
  );
}

export default function App() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  // From the hook, not from props: React Router passes props only to components a route module
  // defines itself, and root.tsx re-exports this one.
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Chrome>
        <NotFound message={typeof error.data === "string" && error.data ? error.data : undefined} />
      </Chrome>
    );
  }
  // A request that never reached the store (no signal, a dropped connection) rejects with a
  // TypeError from fetch; that is not a server error, and trying again is the remedy.
  const unreachable = error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const heading = unreachable ? "Connection problem" : "Something went wrong";
  return (
    <Chrome>
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <title>{status === 403 ? "Access denied" : heading}</title>
        <meta name="robots" content="noindex" />
        {unreachable ? null : <p className="text-sm font-semibold text-brand-700">Error {status}</p>}
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{heading}</h1>
        <p className="mt-3 text-slate-600">
          {unreachable ? MESSAGES.storeUnreachable : status === 403 ? MESSAGES.noAccessToPage : MESSAGES.requestFailed}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {unreachable ? (
            <ButtonLink to={location.pathname + location.search} reloadDocument>
              Try again
            </ButtonLink>
          ) : (
            <ButtonLink to="/">Back to the store</ButtonLink>
          )}
          <ButtonLink to="/contact" variant="secondary">
            Contact support
          </ButtonLink>
        </div>
        {details ? (
          <pre className="mt-8 overflow-auto rounded bg-slate-900 p-4 text-left text-xs text-slate-100">{details}</pre>
        ) : null}
      </section>
    </Chrome>
  );
}
