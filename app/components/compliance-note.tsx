import { Link } from "react-router";
import type { PublicComplianceFacts } from "~/lib/compliance/vocabulary";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import * as SELLING_MESSAGES from "~/lib/messages/selling";

/**
 * A product that cannot ship to the customer's default address says so and why, before they try
 * (compliance rules, issue 15). Add to Cart stays: another address can be chosen at checkout.
 */
export function ComplianceNote({ note }: { note: { text: string; licenseLabel: string | null } }) {
  return (
    <div role="note" className="rounded-md border border-danger-600 bg-danger-50 px-3 py-2 text-sm text-danger-700">
      <p className="font-semibold">{note.text}</p>
      {note.licenseLabel ? (
        <p className="mt-1 text-slate-800">
          {SELLING_MESSAGES.licenseRequired(note.licenseLabel)}{" "}
          <Link to="/account/business" className="font-semibold text-brand-700 underline">
            {MESSAGES.uploadLicenseLink}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Brand, UPC and the lab report links, where a buyer cares (the product page): the product's, and
 * that of the lot an order now would be sold from when it is published (`lotReport`, its code).
 */
export function ComplianceFacts({
  productId,
  facts,
  lotReport = null,
}: {
  productId: number;
  facts: PublicComplianceFacts;
  lotReport?: string | null;
}) {
  if (!facts.brand && !facts.upc && !facts.hasLabReport && !lotReport) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label="Product details">
      {facts.brand ? (
        <>
          <dt className="font-medium text-slate-600">Brand</dt>
          <dd className="text-slate-900">{facts.brand}</dd>
        </>
      ) : null}
      {facts.upc ? (
        <>
          <dt className="font-medium text-slate-600">UPC</dt>
          <dd className="tabular text-slate-900">{facts.upc}</dd>
        </>
      ) : null}
      {facts.hasLabReport ? (
        <>
          <dt className="font-medium text-slate-600">Lab report</dt>
          <dd>
            <a
              href={`/products/details/${productId}/lab-report`}
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 underline"
            >
              {MESSAGES.labReportLink}
            </a>
          </dd>
        </>
      ) : null}
      {lotReport ? (
        <>
          <dt className="font-medium text-slate-600">Lot</dt>
          <dd>
            <a href={`/lots/${encodeURIComponent(lotReport)}`} className="font-semibold text-brand-700 underline">
              {INVENTORY_MESSAGES.nextLotReportLink(lotReport)}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
