import fs from "node:fs";
import path from "node:path";
import { type Access as DeclaredAccess, GROUP_ACCESS, type GroupName } from "../../app/lib/route-policy";
import routes from "../../app/routes";

/**
 * The route table as the tests read it: every route of app/routes.ts with the access its group
 * declares (app/lib/route-policy.ts) and whether its module has an action. The authorization
 * matrix and the hostile-body suite find every route here, so a new route is tested as its group
 * says with nothing to edit; only routes that answer differently from their group are named.
 */
export type Access =
  | DeclaredAccess // as the group declares
  | "own" // only the person it belongs to (their saved list)
  | "business" // the members of the business it belongs to (an order: its owner and its buyers)
  | "owner-or-admin" // the business it belongs to (its members) and admins (a license document, an invoice)
  | "redirect" // answers with a redirect for everyone
  | "resource" // public non-HTML resource
  | "post-only" // no page: GET is a 404 for those its group lets in
  | "smtp-off" // exists only without SMTP_URL (this server sends real mail): 404 for its group
  | "catch-all"; // 404 for anything

/** Routes whose answers differ from their group's access. */
export const EXCEPTIONS: Record<string, Access> = {
  "routes/store/order-confirmation.tsx": "business",
  "routes/account/order-detail.tsx": "business",
  "routes/account/saved-list.tsx": "own",
  "routes/account/license-document.ts": "owner-or-admin",
  // A resale certificate's document (issue 41): its business's owners only; admins have their own route.
  "routes/account/certificate-document.ts": "own",
  "routes/account/invoice.ts": "owner-or-admin",
  "routes/auth/logout.ts": "redirect",
  // A product's address before product lines: sent on to its line (issue 38).
  "routes/store/product.tsx": "redirect",
  "routes/auth/verify-email.ts": "redirect",
  "routes/api/search-suggestions.ts": "resource",
  "routes/api/sitemap.ts": "resource",
  "routes/api/robots.ts": "resource",
  "routes/store/lab-report.ts": "resource",
  "routes/store/lot-report.ts": "resource",
  "routes/api/cart-check.ts": "post-only",
  "routes/api/cart-excise.ts": "post-only",
  "routes/admin/import-apply.ts": "post-only",
  // The driver's phone posts its queued actions here (issue 40): no page.
  "routes/driver/sync.ts": "post-only",
  "routes/admin/outbox.tsx": "smtp-off",
  "routes/store/not-found.tsx": "catch-all",
};

interface Entry {
  id?: string;
  path?: string;
  file: string;
  index?: boolean;
  children?: Entry[];
}

export interface TableRoute {
  path: string;
  file: string;
  group: GroupName | null;
  /** What the group declares. */
  declared: DeclaredAccess;
  /** What the route answers (the group's access, or its exception). */
  access: Access;
  /** Whether the module has an action (read from its source). */
  hasAction: boolean;
}

function flatten(entries: Entry[], parent = "", group: GroupName | null = null): TableRoute[] {
  return entries.flatMap((e) => {
    const inGroup = e.id?.startsWith("group-") ? (e.id.slice("group-".length) as GroupName) : group;
    const full = e.index ? parent || "/" : `${parent}/${e.path ?? ""}`.replace(/\/+/g, "/");
    const below = flatten(
      e.children ?? [],
      e.path === undefined && !e.index ? parent : full === "/" ? "" : full,
      inGroup,
    );
    // A pathless group layout is not a page of its own.
    if (e.id?.startsWith("group-")) return below;
    const declared: DeclaredAccess = inGroup ? GROUP_ACCESS[inGroup] : "public";
    const source = fs.readFileSync(path.join("app", e.file), "utf8");
    return [
      {
        path: full,
        file: e.file,
        group: inGroup,
        declared,
        access: EXCEPTIONS[e.file] ?? declared,
        hasAction: /export (async )?function action\b/.test(source),
      },
      ...below,
    ];
  });
}

export const ROUTES = flatten(routes as unknown as Entry[]);

/** A route path made concrete with ids that match the pattern (they need not exist). */
export function samplePath(routePath: string): string {
  if (routePath === "/*") return "/no-such-page";
  return routePath
    .replace(":productId", "1")
    .replace(":lineId", "1")
    .replace(":slug", "no-such-line")
    .replace(":brand", "no-such-brand")
    .replace(":category", "kratom")
    .replace(":orderId", "1")
    .replace(":stopId", "1")
    .replace(":listId", "1")
    .replace(":licenseId", "00000000-0000-4000-8000-000000000000")
    .replace(":certificateId", "00000000-0000-4000-8000-000000000000")
    .replace(":businessId", "1")
    .replace(":code", "no-such-lot")
    .replace(":lotId", "1");
}

/** Every route whose module has an action. */
export const ACTION_ROUTES = ROUTES.filter((r) => r.hasAction);
