import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { INFO_PAGE_SLUGS } from "./lib/info-pages";
import type { GroupName } from "./lib/route-policy";

/**
 * The one URL table. Every route sits in a group whose middleware enforces who may use it
 * (app/lib/route-policy.ts says which access each group has). Groups are pathless layouts: they
 * change no URL. A route added to a group is protected, private or public as the group says,
 * with nothing else to edit; a visitor page is cached only if its module declares it.
 */
function group(name: GroupName, children: RouteConfigEntry[]): RouteConfigEntry {
  return layout(`routes/groups/${name}.tsx`, { id: `group-${name}` }, children);
}

export default [
  group("store", [
    index("routes/store/home.tsx"),
    // A product's old address: its line's page, with it chosen (issue 38).
    route("products/details/:productId", "routes/store/product.tsx"),
    route("lines/:slug", "routes/store/line.tsx"),
    route("products/details/:productId/lab-report", "routes/store/lab-report.ts"),
    // A lot's public page and its lab report, where its labels' QR codes lead (issue 39).
    route("lots/:code", "routes/store/lot.tsx"),
    route("lots/:code/report", "routes/store/lot-report.ts"),
    route("products/:category", "routes/store/category.tsx"),
    // A brand's lines (issue 38): the same listing, of one brand.
    route("brands/:brand", "routes/store/category.tsx", { id: "brand" }),
    route("search", "routes/store/search.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("cart", "routes/store/cart.tsx"),
    ...INFO_PAGE_SLUGS.map((slug) => route(slug, "routes/store/info-page.tsx", { id: `info-${slug}` })),
    // The account entry screen: Login and Register for a visitor, the account areas for a customer.
    route("account", "routes/account/account-home.tsx"),
    route("logout", "routes/auth/logout.ts"),
    route("verify-email", "routes/auth/verify-email.ts"),
    route("forgot", "routes/auth/forgot.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    // A team invitation (issue 29): a visitor makes their login here, a signed-in person joins.
    route("join/:token", "routes/auth/join.tsx"),
    // A staff invitation (issue 37): a sales rep or a driver makes their login here.
    route("join/staff/:token", "routes/auth/staff-join.tsx"),
    route("api/search-suggestions", "routes/api/search-suggestions.ts"),
    route("sitemap.xml", "routes/api/sitemap.ts"),
    route("robots.txt", "routes/api/robots.ts"),
    route("*", "routes/store/not-found.tsx"),
  ]),

  group("guest", [route("login", "routes/auth/login.tsx"), route("register", "routes/auth/register.tsx")]),

  group("account", [
    route("dashboard", "routes/account/dashboard.tsx"),
    route("account/settings", "routes/account/settings.tsx"),
    route("account/security", "routes/account/security.tsx"),
    route("account/business", "routes/account/business.tsx"),
    route("account/business/licenses/:licenseId/document", "routes/account/license-document.ts"),
    // A resale certificate's document (issue 41): its business's owners only (404 for anyone else).
    route("account/business/certificates/:certificateId/document", "routes/account/certificate-document.ts"),
    route("shipping-address", "routes/account/shipping-address.tsx"),
    route("orders", "routes/account/orders.tsx", [route(":orderId", "routes/account/order-detail.tsx")]),
    route("orders/:orderId/invoice.pdf", "routes/account/invoice.ts"),
    route("account/lists", "routes/account/saved-lists.tsx"),
    route("account/lists/:listId", "routes/account/saved-list.tsx"),
    route("account/alerts", "routes/account/stock-alerts.tsx"),
    route("api/product-personal/:productId", "routes/api/product-personal.ts"),
  ]),

  // The business's own management, for its owners (issues 29, 30, 37): others signed in read why not.
  group("owner", [
    route("account/team", "routes/account/team.tsx"),
    route("account/approvals", "routes/account/approvals.tsx"),
    route("account/statement", "routes/account/statement.tsx"),
    route("account/statement.pdf", "routes/account/statement-pdf.ts"),
    // Resale certificates (issue 41): signed or uploaded in the license wallet.
    route("account/business/certificates/new", "routes/account/certificate-new.tsx"),
  ]),

  // A sales rep or an admin chooses the business they order for (issue 29).
  group("rep", [route("act", "routes/account/act.tsx")]),

  // The delivery driver's phone app (issue 40): today's manifest, a stop, and the sync of queued actions.
  group("driver", [
    route("driver", "routes/driver/manifest.tsx"),
    route("driver/stops/:stopId", "routes/driver/stop.tsx"),
    route("driver/sync", "routes/driver/sync.ts"),
  ]),

  group("buyer", [
    route("checkout", "routes/store/checkout.tsx"),
    route("order-confirmation", "routes/store/order-confirmation.tsx"),
    route("api/cart-check", "routes/api/cart-check.ts"),
    route("api/cart-excise", "routes/api/cart-excise.ts"),
    route("quick-order", "routes/store/quick-order.tsx"),
  ]),

  group("admin", [
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/overview.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("products/export.csv", "routes/admin/products-export.ts"),
      route("products/suggestions", "routes/admin/product-suggestions.ts"),
      route("import", "routes/admin/import.tsx"),
      route("import/apply", "routes/admin/import-apply.ts"),
      route("images", "routes/admin/images.tsx"),
      route("stock", "routes/admin/stock.tsx"),
      route("products/new", "routes/admin/product-new.tsx"),
      route("products/:productId", "routes/admin/product-edit.tsx"),
      // Product lines (issue 38): a line and its variants in one table.
      route("lines/new", "routes/admin/line-edit.tsx", { id: "admin-line-new" }),
      route("lines/:lineId", "routes/admin/line-edit.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/export.csv", "routes/admin/orders-export.ts"),
      route("orders/:orderId", "routes/admin/order-edit.tsx"),
      route("orders/:orderId/packing-slip.pdf", "routes/admin/packing-slip.ts"),
      route("users", "routes/admin/users.tsx"),
      route("reps", "routes/admin/reps.tsx"),
      route("price-groups", "routes/admin/price-groups.tsx"),
      route("approvals", "routes/admin/approvals.tsx"),
      // Resale certificates (issue 41): verify, reject, revoke; and their documents.
      route("certificates", "routes/admin/certificates.tsx"),
      route("certificates/:certificateId/document", "routes/admin/certificate-document.ts"),
      route("audit", "routes/admin/audit.tsx"),
      route("api-keys", "routes/admin/api-keys.tsx"),
      route("outbox", "routes/admin/outbox.tsx"),
      route("compliance", "routes/admin/compliance.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      route("reports/export.csv", "routes/admin/reports-export.ts"),
      route("reports/pact", "routes/admin/reports-pact.tsx"),
      route("reports/pact/export.csv", "routes/admin/reports-pact-export.ts"),
      route("reports/pact/filings", "routes/admin/reports-pact-filings.tsx"),
      route("taxes", "routes/admin/taxes.tsx"),
      route("sales-tax", "routes/admin/sales-tax.tsx"),
      route("sales-tax/report", "routes/admin/sales-tax-report.tsx"),
      route("sales-tax/rules", "routes/admin/sales-tax-rules.tsx"),
      route("sales-tax/report.csv", "routes/admin/sales-tax-report-export.ts"),
      route("sales-tax/audit.zip", "routes/admin/sales-tax-audit.ts"),
      route("reports/margin", "routes/admin/reports-margin.tsx"),
      route("reports/excise", "routes/admin/reports-excise.tsx"),
      route("reports/excise/export.csv", "routes/admin/reports-excise-export.ts"),
      // Paid on account (issue 30): aging, the store's terms, a business's terms, payments and ledger.
      // Stock coming in (issue 39): suppliers, purchase orders, receiving, lots and recalls.
      route("suppliers", "routes/admin/suppliers.tsx"),
      // Local delivery (issue 40): zones, route days, cutoffs, fees and holidays.
      route("delivery-zones", "routes/admin/delivery-zones.tsx"),
      route("suppliers/:supplierId", "routes/admin/supplier.tsx"),
      route("purchase-orders", "routes/admin/purchase-orders.tsx"),
      route("purchase-orders/:poId", "routes/admin/purchase-order.tsx"),
      route("purchase-orders/:poId/pdf", "routes/admin/purchase-order-pdf.ts"),
      route("lots", "routes/admin/lots.tsx"),
      route("lots/:lotId", "routes/admin/lot.tsx"),
      route("lots/:lotId/recall.csv", "routes/admin/lot-recall-export.ts"),
      route("lots/:lotId/report", "routes/admin/lot-report.ts"),
      route("receivables", "routes/admin/receivables.tsx"),
      route("receivables/export.csv", "routes/admin/receivables-export.ts"),
      route("receivables/:businessId", "routes/admin/receivables-business.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      // The drivers' end of day (issue 40): what each route collected against what is counted in.
      route("settlements", "routes/admin/settlements.tsx"),
      // A sheet of QR labels for a published lot (issue 39).
      route("lots/:lotId/labels.pdf", "routes/admin/lot-labels.ts"),
      // Dispatch of local delivery (issue 40): a day's routes, one route's stops and papers, the trucks.
      route("dispatch", "routes/admin/dispatch.tsx"),
      // Webhooks (issue 42): endpoints, their events, secrets and delivery logs.
      route("webhooks", "routes/admin/webhooks.tsx"),
      route("webhooks/:endpointId", "routes/admin/webhook.tsx"),
      route("dispatch/vehicles", "routes/admin/vehicles.tsx"),
      route("dispatch/routes/:routeId", "routes/admin/dispatch-route.tsx"),
      route("dispatch/routes/:routeId/pick-list.pdf", "routes/admin/dispatch-pick-list.ts"),
      route("dispatch/routes/:routeId/loading-list.pdf", "routes/admin/dispatch-loading-list.ts"),
    ]),
  ]),
] satisfies RouteConfig;
