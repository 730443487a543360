/** A completed order's shipment as its customer sees it (issue 31): carrier and tracking number. */
export function OrderShipment({ shipment }: { shipment: { carrier: string; tracking: string } | null }) {
  if (!shipment) return null;
  return (
    <section aria-labelledby="shipment-title" className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h3 id="shipment-title" className="font-bold text-slate-900">
        Shipment
      </h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="text-slate-600">Carrier</dt>
        <dd className="text-slate-900">{shipment.carrier}</dd>
        <dt className="text-slate-600">Tracking number</dt>
        <dd className="tabular text-slate-900">{shipment.tracking}</dd>
      </dl>
    </section>
  );
}
