import { Link } from "react-router";
import { INFO_PAGES } from "~/lib/info-pages";
import * as MESSAGES from "~/lib/messages/shell";
import { type StoreInfo, telHref } from "~/lib/store";

const FOOTER_LINKS = [
  ...INFO_PAGES.map((page) => ({ to: `/${page.slug}`, label: page.label })),
  { to: "/contact", label: "Contact" },
  { to: "/forgot", label: "Forgot Password" },
];

export function SiteFooter({ store }: { store: StoreInfo }) {
  return (
    <footer className="mt-12 bg-slate-900 text-slate-200">
      <div className="border-y-4 border-warn-700 bg-warn-100 text-warn-800">
        <p className="mx-auto max-w-7xl px-4 py-3 text-center text-sm font-bold uppercase">
          {MESSAGES.nicotineWarning}
        </p>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-base font-bold text-white">
            {store.name}
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            Wholesale supplier of convenience-store, gas-station, novelty and smoke-shop goods. Fast local delivery in
            the Dallas-Fort Worth area. Sales to registered retailers 21 and older.
          </p>
        </section>
        <nav aria-labelledby="footer-links" className="lg:col-span-2">
          <h2 id="footer-links" className="text-base font-bold text-white">
            Information
          </h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="inline-flex min-h-9 items-center text-slate-300 hover:text-white hover:underline"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-base font-bold text-white">
            Contact
          </h2>
          <address className="mt-2 space-y-1 text-sm text-slate-300 not-italic">
            <p>{store.address}</p>
            <p>
              Support:{" "}
              <a href={telHref(store.phone)} className="text-white hover:underline">
                {store.phone}
              </a>
            </p>
            <p>
              Email:{" "}
              <a href={`mailto:${store.email}`} className="text-white hover:underline">
                {store.email}
              </a>
            </p>
            <p>Hours: {store.hours}</p>
          </address>
        </section>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {store.name}. All rights reserved.
      </p>
    </footer>
  );
}
