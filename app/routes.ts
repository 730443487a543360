import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The one URL table. */
const INFO_PAGES = [
  "about",
  "services",
  "support",
  "faq",
  "privacy-policy",
  "terms",
  "shipping",
  "return",
  "disclaimer",
];

export default [
  // Store
  index("routes/store/home.tsx"),
  route("products/details/:productId", "routes/store/product.tsx"),
  route("products/:category", "routes/store/category.tsx"),
  route("search", "routes/store/search.tsx"),
  route("contact", "routes/store/contact.tsx"),
  route("cart", "routes/store/cart.tsx"),
  route("checkout", "routes/store/checkout.tsx"),
  route("order-confirmation", "routes/store/order-confirmation.tsx"),
  ...INFO_PAGES.map((slug) => route(slug, "routes/store/info-page.tsx", { id: `info-${slug}` })),

  // Accounts
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("verify-email", "routes/auth/verify-email.ts"),
  route("forgot", "routes/auth/forgot.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("account", "routes/account/account-home.tsx"),
  route("dashboard", "routes/account/dashboard.tsx"),
  route("account/settings", "routes/account/settings.tsx"),
  route("account/security", "routes/account/security.tsx"),
  route("shipping-address", "routes/account/shipping-address.tsx"),
  route("orders", "routes/account/orders.tsx", [route(":orderId", "routes/account/order-detail.tsx")]),

  // Back office
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-new.tsx"),
    route("products/:productId", "routes/admin/product-edit.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("users", "routes/admin/users.tsx"),
  ]),

  // Resources
  route("api/search-suggestions", "routes/api/search-suggestions.ts"),
  route("api/cart-check", "routes/api/cart-check.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("dev/outbox", "routes/dev/outbox.tsx"),

  route("*", "routes/store/not-found.tsx"),
] satisfies RouteConfig;
