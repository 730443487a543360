import { Link } from "react-router";

/** Previous / next links that keep the other query parameters. */
export function Pagination({
  page,
  pageSize,
  total,
  params,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  params: URLSearchParams;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next.toString()}`;
  };
  const link = "inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={link}>
          Previous
        </Link>
      ) : null}
      <span className="text-slate-700">
        Page {page} of {pages.toLocaleString("en-US")}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className={link}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
