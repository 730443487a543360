import { SubNav } from "./sub-nav";

const PAGES = [
  { to: "/admin/api-keys", label: "API keys", end: true },
  { to: "/admin/webhooks", label: "Webhooks", end: false },
] as const;

/** The pages of the store's connections to other systems (issue 42), under the admin's API tab. */
export function ApiNav() {
  return <SubNav label="API and webhooks" pages={PAGES} />;
}
