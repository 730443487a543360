import { useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/icon";
import { buyableLines, cartItemCount, cartTotalCents } from "~/lib/cart-lines";
import { NAV_CATEGORIES } from "~/lib/categories";
import * as MESSAGES from "~/lib/messages/shell";
import { formatCents } from "~/lib/money";
import { type StoreInfo, telHref } from "~/lib/store";
import { useCart } from "./cart/cart-store";
import { SearchBox } from "./search-box";
import { useHydrated } from "./use-hydrated";

export interface HeaderViewer {
  role: "admin" | "customer" | "rep" | "driver";
  /** A customer whose business is not approved yet cannot order (nor use quick order). */
  awaitingApproval?: boolean;
  /** The business a sales rep or an admin acts for: a banner names it on every page. */
  actingFor?: string | null;
}

/** Signed in and allowed to order: who gets the Quick order link (a rep only while acting; never a driver). */
function canOrder(viewer: HeaderViewer | null): boolean {
  return !!viewer && (viewer.role === "customer" || viewer.role === "admin") && !viewer.awaitingApproval;
}

/** Whose pages a sales rep or an admin is looking at, and the way back to their own. */
function ActingBanner({ business }: { business: string }) {
  return (
    <section className="bg-amber-100 text-amber-950" aria-label="Acting for a business">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 text-sm">
        <p className="font-semibold">{MESSAGES.actingForBanner(business)}</p>
        <Form method="post" action="/act">
          <input type="hidden" name="intent" value="stop" />
          <button type="submit" className="flex min-h-11 items-center rounded-md px-2 font-semibold underline">
            Stop acting
          </button>
        </Form>
      </div>
    </section>
  );
}

function CartLink() {
  const [stored] = useCart();
  // Only what can be bought: a line out of stock stays in the cart (to be removed) but costs nothing.
  const lines = buyableLines(stored);
  const count = cartItemCount(lines);
  const total = cartTotalCents(lines);
  return (
    <Link
      to="/cart"
      className="flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
      aria-label={`Cart: ${formatCents(total)}, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <Icon name="cart" className="size-6" />
      <span className="tabular" aria-hidden="true">
        {formatCents(total)}
      </span>{" "}
      {/* The space keeps the total and the count two words, in the order the link's name says them. */}
      <span
        aria-hidden="true"
        className="tabular inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs text-white"
      >
        {count}
      </span>
    </Link>
  );
}

function AccountLinks({ viewer }: { viewer: HeaderViewer | null }) {
  const location = useLocation();
  if (!viewer) {
    const back = `${location.pathname}${location.search}`;
    const loginTo =
      location.pathname === "/login" || location.pathname === "/register"
        ? "/login"
        : `/login?${new URLSearchParams({ redirectTo: back })}`;
    return (
      <div className="flex items-center gap-1 text-sm font-semibold">
        <Link to={loginTo} className="flex min-h-11 items-center rounded-md px-2 text-brand-700 hover:bg-brand-50">
          Login
        </Link>
        <span aria-hidden="true" className="text-slate-400">
          /
        </span>
        <Link to="/register" className="flex min-h-11 items-center rounded-md px-2 text-brand-700 hover:bg-brand-50">
          Register
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1 text-sm font-semibold">
      <Link to="/account" className="flex min-h-11 items-center rounded-md px-2 text-brand-700 hover:bg-brand-50">
        My Account
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className="flex min-h-11 items-center rounded-md px-2 text-slate-700 hover:bg-slate-100">
          Logout
        </button>
      </Form>
    </div>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center whitespace-nowrap px-3 text-sm font-semibold ${
    isActive ? "text-white underline decoration-2 underline-offset-8" : "text-brand-50 hover:text-white"
  }`;

function NavItems({ viewer }: { viewer: HeaderViewer | null }) {
  return (
    <>
      <li>
        <NavLink to="/" end className={navLinkClass}>
          Home
        </NavLink>
      </li>
      {NAV_CATEGORIES.map((c) => (
        <li key={c.slug}>
          <NavLink to={`/products/${c.slug}`} className={navLinkClass}>
            {c.navLabel}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to="/support" className={navLinkClass}>
          Support
        </NavLink>
      </li>
      {canOrder(viewer) ? (
        <li>
          <NavLink to="/quick-order" className={navLinkClass}>
            Quick order
          </NavLink>
        </li>
      ) : null}
      {viewer?.role === "rep" ? (
        <li>
          <NavLink to="/act" className={navLinkClass}>
            Order for…
          </NavLink>
        </li>
      ) : null}
      {viewer?.role === "admin" ? (
        <li>
          <NavLink to="/admin" className={navLinkClass}>
            Admin Dashboard
          </NavLink>
        </li>
      ) : null}
    </>
  );
}

export function SiteHeader({ store, viewer }: { store: StoreInfo; viewer: HeaderViewer | null }) {
  // The phone menu is a popover opened by its button (popovertarget): the browser opens it, and
  // closes it on Escape or a tap elsewhere, before the page's JavaScript runs or without it.
  // React only mirrors its state (aria-expanded) and closes it when the page changes.
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const location = useLocation();
  const menu = useRef<HTMLElement>(null);
  // Close the menu when the page changes, not when React arrives: a menu opened before hydration
  // (a tap on a slow phone) stays open.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    const nav = menu.current;
    if (nav?.matches(":popover-open")) nav.hidePopover();
  }, [location.pathname]);
  // A menu opened before hydration is open when React arrives.
  useEffect(() => setMenuOpen(!!menu.current?.matches(":popover-open")), []);

  return (
    <header className="site-header bg-white">
      {viewer?.actingFor ? <ActingBanner business={viewer.actingFor} /> : null}
      <div className="bg-brand-900 text-xs text-white sm:text-sm">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 py-1.5">
          <p>
            Support:{" "}
            <a href={telHref(store.phone)} className="font-semibold underline-offset-2 hover:underline">
              {store.phone}
            </a>
          </p>
          {store.freeShippingCents > 0 ? (
            <p className="font-semibold">{MESSAGES.freeShipping(store.freeShippingCents)}</p>
          ) : null}
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-2 px-4 py-3 md:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Link to="/" className="flex min-h-11 items-center gap-2" aria-label={`${store.name} home`}>
          {/* The initials are the logo, drawn by CSS rather than written as text: the link's visible
              text is then the store's name, which its accessible name contains (WCAG 2.5.3). */}
          <span
            aria-hidden="true"
            data-initials={store.name
              .split(/\s+/)
              .slice(0, 2)
              .map((w) => w[0])
              .join("")}
            className="flex size-9 items-center justify-center rounded-md bg-brand-700 text-base font-black text-white before:content-[attr(data-initials)]"
          />
          <span className="hidden text-lg leading-tight font-bold text-brand-900 sm:block md:hidden lg:block">
            {store.name}
          </span>
        </Link>
        <SearchBox className="col-span-3 row-start-2 md:col-span-1 md:row-start-1 md:col-start-2 md:mx-6" />
        <div className="col-start-3 flex items-center justify-end gap-1">
          <div className="hidden md:block">
            <AccountLinks viewer={viewer} />
          </div>
          <CartLink />
          <button
            type="button"
            popoverTarget="mobile-menu"
            className="flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
            // Before hydration the browser itself exposes the popover's state on its button.
            aria-expanded={hydrated ? menuOpen : undefined}
            aria-controls="mobile-menu"
          >
            <span className="sr-only">Menu</span>
            {/* Both icons are drawn; CSS shows the one for the menu's state (app.css). */}
            <Icon name="menu" className="site-menu-closed size-6" />
            <Icon name="close" className="site-menu-open size-6" />
          </button>
        </div>
      </div>
      <nav aria-label="Categories" className="hidden bg-brand-700 md:block">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center px-2">
          <NavItems viewer={viewer} />
        </ul>
      </nav>
      <nav
        ref={menu}
        id="mobile-menu"
        aria-label="Menu"
        popover="auto"
        onToggle={(event) => setMenuOpen(event.newState === "open")}
        className="site-menu bg-brand-700 md:hidden"
      >
        <ul className="flex flex-col px-2 py-2">
          <NavItems viewer={viewer} />
        </ul>
        <div className="border-t border-brand-600 bg-white px-2 py-2">
          <AccountLinks viewer={viewer} />
        </div>
      </nav>
    </header>
  );
}
