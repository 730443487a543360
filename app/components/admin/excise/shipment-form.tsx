import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useReplyToast } from "~/components/use-reply-toast";
import { type FieldName, type FormReply, fieldError, postedValue } from "~/lib/form-reply";
import type { shipmentSchema } from "~/lib/schemas/excise";

type ShipmentReply = FormReply<{ intent: string }, FieldName<typeof shipmentSchema>>;

/** A completed order's carrier and tracking number (issue 31): the customer is mailed them. */
export function ShipmentForm({ shipment }: { shipment: { carrier: string; tracking: string } | null }) {
  const fetcher = useFetcher<ShipmentReply>();
  const reply = fetcher.data;
  useReplyToast(reply, { state: fetcher.state });
  return (
    <section aria-labelledby="shipment-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="shipment-title" className="text-lg font-bold text-slate-900">
        Shipment
      </h3>
      <fetcher.Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="shipment" />
        <TextField
          label="Carrier"
          name="carrier"
          maxLength={60}
          defaultValue={postedValue(reply, "carrier", shipment?.carrier ?? "") ?? ""}
          error={fieldError(reply, "carrier")}
        />
        <TextField
          label="Tracking number"
          name="tracking"
          maxLength={60}
          defaultValue={postedValue(reply, "tracking", shipment?.tracking ?? "") ?? ""}
          error={fieldError(reply, "tracking")}
        />
        <div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Save shipment
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
