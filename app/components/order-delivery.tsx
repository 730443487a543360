import { type DeliveryProof, REASON_LABELS } from "~/lib/driver";
import * as DRIVER from "~/lib/messages/driver";

function when(iso: string | null): string {
  if (!iso) return "";
  return new Date(iso).toLocaleString("en-US", {
    timeZone: "America/Chicago",
    dateStyle: "medium",
    timeStyle: "short",
  });
}

/** A delivered order's proof of delivery as its business sees it (issue 40): who received it, when, and the signature for owners. */
export function OrderDelivery({ proof }: { proof: DeliveryProof | null }) {
  if (!proof) return null;
  return (
    <section aria-labelledby="delivery-title" className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h3 id="delivery-title" className="font-bold text-slate-900">
        {proof.status === "partial" ? "Partly delivered" : "Delivered"}
      </h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="text-slate-600">Received by</dt>
        <dd className="text-slate-900">{proof.receiverName}</dd>
        <dt className="text-slate-600">On</dt>
        <dd className="text-slate-900">{when(proof.deliveredAt)}</dd>
      </dl>
      {proof.lines.length ? (
        <ul className="mt-2 text-slate-800">
          {proof.lines.map((l) => (
            <li key={l.sku}>
              {l.name} ({l.sku}): {l.delivered} of {l.ordered}, {REASON_LABELS[l.reason ?? ""] ?? ""}
            </li>
          ))}
        </ul>
      ) : null}
      {proof.signature ? (
        <img
          src={proof.signature}
          alt={DRIVER.signatureAlt(proof.receiverName)}
          className="mt-3 h-24 w-auto max-w-full rounded border border-slate-200 bg-white"
        />
      ) : null}
      {proof.photo ? (
        <img src={proof.photo} alt={DRIVER.photoAlt} className="mt-3 max-h-64 w-auto max-w-full rounded" />
      ) : null}
    </section>
  );
}
