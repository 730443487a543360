import { Link } from "react-router";
import { viewerOf } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { ButtonLink } from "~/components/ui/button";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import type { Route } from "./+types/account-home";

export function meta() {
  return [{ title: "My Account" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = viewerOf(context);
  return { email: viewer?.email ?? null, name: viewer?.name ?? null };
}

const CARDS = [
  { to: "/orders", title: "My Orders", text: ACCOUNT_MESSAGES.accountOrdersCard },
  { to: "/account/settings", title: "Account Settings", text: ACCOUNT_MESSAGES.accountSettingsCard },
  { to: "/shipping-address", title: "Shipping Addresses", text: ACCOUNT_MESSAGES.accountAddressesCard },
  { to: "/account/security", title: "Security (change password)", text: ACCOUNT_MESSAGES.accountSecurityCard },
] as const;

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  if (!loaderData.email) {
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center">
        <h1 className="text-3xl font-bold text-slate-900">My Account</h1>
        <p className="mt-3 text-slate-700">{ACCOUNT_MESSAGES.accountHomeLoggedOut}</p>
        <div className="mt-6 flex justify-center gap-3">
          <ButtonLink to="/login?redirectTo=%2Faccount">Login</ButtonLink>
          <ButtonLink to="/register" variant="secondary">
            Register
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <AccountShell title="My Account">
      <p className="text-lg text-slate-800">
        Hello, <strong>{loaderData.email}</strong>
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {CARDS.map((c) => (
          <li key={c.to}>
            <Link
              to={c.to}
              className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-5 hover:border-brand-500 hover:shadow-sm"
            >
              <span className="text-lg font-bold text-brand-800">{c.title}</span>
              <span className="text-sm text-slate-600">{c.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AccountShell>
  );
}
