import { NavLink } from "react-router";

const PAGES = [
  { to: "/admin/taxes", label: "Excise taxes", end: true },
  { to: "/admin/sales-tax", label: "Sales tax", end: true },
  { to: "/admin/sales-tax/report", label: "Sales tax report", end: true },
] as const;

/** The pages of taxes under the admin's Taxes tab: excise (issue 31) and sales tax (issue 41). */
export function TaxesNav() {
  return (
    <nav aria-label="Taxes" className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
      {PAGES.map((p) => (
        <NavLink
          key={p.to}
          to={p.to}
          end={p.end}
          className={({ isActive }) =>
            isActive
              ? "text-slate-900 underline decoration-2 underline-offset-4"
              : "text-brand-700 underline underline-offset-2"
          }
        >
          {p.label}
        </NavLink>
      ))}
    </nav>
  );
}
