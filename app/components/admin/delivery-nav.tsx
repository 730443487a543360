import { SubNav } from "./sub-nav";

const PAGES = [
  { to: "/admin/dispatch", label: "Dispatch", end: false },
  { to: "/admin/delivery-zones", label: "Zones and holidays", end: true },
  { to: "/admin/dispatch/vehicles", label: "Vehicles", end: true },
  { to: "/admin/settlements", label: "Settlements", end: false },
] as const;

/** The pages of local delivery (issue 40), under the admin's Delivery tab. */
export function DeliveryNav() {
  return <SubNav label="Local delivery" pages={PAGES} />;
}
