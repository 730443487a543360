import type { DeliveryOptionView } from "~/lib/delivery";
import { deliveryDayLabel } from "~/lib/delivery";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import { formatCents } from "~/lib/money";

/** "4:00 pm the day before", "9:00 am the same day", "4:00 pm 2 days". */
function cutoffWords(option: DeliveryOptionView): string {
  const [h, m] = option.cutoffTime.split(":").map(Number) as [number, number];
  const time = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
  if (option.cutoffDaysBefore === 0) return `at ${time}`;
  return `at ${time}, ${option.cutoffDaysBefore === 1 ? "the day" : `${option.cutoffDaysBefore} days`}`;
}

/**
 * Checkout's choice of a route day for an address in a delivery zone (issue 40): the next open
 * days, the earliest chosen; the fee and the free-delivery threshold said beside them.
 */
export function DeliveryDays({
  option,
  value,
  onChange,
  error,
}: {
  option: DeliveryOptionView;
  value: string;
  onChange: (day: string) => void;
  error?: string | undefined;
}) {
  return (
    <section aria-labelledby="delivery-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="delivery-title" className="text-lg font-bold text-slate-900">
        {DELIVERY_MESSAGES.deliveryDayHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {DELIVERY_MESSAGES.deliveryDayHint(option.zoneName, cutoffWords(option))}
        {option.feeCents > 0 && option.freeFromCents !== null
          ? ` ${DELIVERY_MESSAGES.deliveryFreeFrom(formatCents(option.freeFromCents))}`
          : null}
      </p>
      <fieldset className="mt-3" aria-describedby={error ? "delivery-error" : undefined}>
        <legend className="sr-only">{DELIVERY_MESSAGES.deliveryDayHeading}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {option.days.map((day) => (
            <label
              key={day}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 ${
                value === day ? "border-brand-500 bg-brand-50" : "border-slate-200"
              }`}
            >
              <input
                type="radio"
                name="deliveryDate"
                value={day}
                checked={value === day}
                onChange={() => onChange(day)}
                className="size-4 accent-brand-600"
              />
              <span className="font-medium text-slate-900">{deliveryDayLabel(day)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id="delivery-error" role="alert" className="mt-2 text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </section>
  );
}
