import { NavLink } from "react-router";

export interface SubNavPage {
  to: string;
  label: string;
  /** Active on this path only (not on the paths below it). */
  end: boolean;
}

/** The pages of one back-office section, under its tab (delivery, taxes…). */
export function SubNav({ label, pages }: { label: string; pages: readonly SubNavPage[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
      {pages.map((p) => (
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
