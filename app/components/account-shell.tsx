import type { ReactNode } from "react";
import { NavLink } from "react-router";

const LINKS = [
  { to: "/account", label: "Account home", end: true },
  { to: "/dashboard", label: "Dashboard", end: true },
  { to: "/orders", label: "My Orders", end: false },
  { to: "/account/lists", label: "Saved Lists", end: false },
  { to: "/account/alerts", label: "Stock Alerts", end: true },
  { to: "/account/settings", label: "Account Settings", end: true },
  { to: "/shipping-address", label: "Shipping Addresses", end: true },
  { to: "/account/security", label: "Security", end: true },
  { to: "/account/business", label: "Business Profile", end: true },
  { to: "/account/team", label: "Team", end: true },
  { to: "/account/approvals", label: "Approvals", end: true },
  { to: "/account/statement", label: "Statement", end: true },
] as const;

/** The frame of the signed-in account screens: title, section nav, content. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[220px_1fr]">
        <nav aria-label="Account" className="min-w-0">
          {/* Two columns on phones, a column beside the content from md (shorter rows for a mouse): every
              entry stays in view. */}
          <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.end}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-md px-3 text-sm font-semibold md:min-h-9 ${
                      isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"
                    }`
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}
