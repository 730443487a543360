import { NavLink } from "react-router";

const PAGES = [
  { to: "/admin/dispatch", label: "Dispatch", end: false },
  { to: "/admin/delivery-zones", label: "Zones and holidays", end: true },
  { to: "/admin/dispatch/vehicles", label: "Vehicles", end: true },
  { to: "/admin/settlements", label: "Settlements", end: false },
] as const;

/** The pages of local delivery (issue 40), under the admin's Delivery tab. */
export function DeliveryNav() {
  return (
    <nav aria-label="Local delivery" className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
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
