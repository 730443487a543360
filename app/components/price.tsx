import { Link, useLocation, useRouteLoaderData } from "react-router";
import * as MESSAGES from "~/lib/messages";
import { formatCents } from "~/lib/money";
import type { RootData } from "~/lib/root-data";

export function Price({ cents, className = "" }: { cents: number; className?: string }) {
  return <span className={`tabular font-semibold text-slate-900 ${className}`}>{formatCents(cents)}</span>;
}

/**
 * Stands in for the price: for visitors 'Login to view pricing', linking to /login and back; for a
 * signed-in customer whose business waits for the store's approval, that, linking to their
 * business profile.
 */
export function LoginForPrice({ variant = "text" }: { variant?: "text" | "button" }) {
  const location = useLocation();
  const waiting = useRouteLoaderData<RootData>("root")?.viewer?.awaitingApproval;
  const to = waiting
    ? "/account/business"
    : `/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`;
  return (
    <Link
      to={to}
      className={
        variant === "button"
          ? "relative z-10 inline-flex min-h-11 items-center justify-center rounded-md border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          : "relative z-10 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      }
    >
      {waiting ? MESSAGES.awaitingApproval : MESSAGES.loginToViewPricing}
    </Link>
  );
}
