import { SubNav } from "./sub-nav";

const PAGES = [
  { to: "/admin/taxes", label: "Excise taxes", end: true },
  { to: "/admin/sales-tax", label: "Sales tax", end: true },
  { to: "/admin/sales-tax/rules", label: "Taxability", end: true },
  { to: "/admin/sales-tax/report", label: "Sales tax report", end: true },
  { to: "/admin/certificates", label: "Resale certificates", end: true },
] as const;

/** The pages of taxes under the admin's Taxes tab: excise (issue 31) and sales tax (issue 41). */
export function TaxesNav() {
  return <SubNav label="Taxes" pages={PAGES} />;
}
