import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import {
  addHoliday,
  findZone,
  listHolidays,
  listZones,
  removeHoliday,
  saveZone,
  upcomingDeliveries,
} from "~/.server/delivery/zones";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { DeliveryNav } from "~/components/admin/delivery-nav";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { deliveryDayLabel, routeDaysLabel, WEEKDAY_NAMES } from "~/lib/delivery";
import type { FormReply } from "~/lib/form-reply";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import { centsToDecimalString, formatCents } from "~/lib/money";
import { holidaySchema, zoneFields } from "~/lib/schemas/delivery";
import { idOrNull, idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/delivery-zones";

export function meta() {
  return [{ title: "Delivery zones" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const today = storeToday();
  const editing = idParam(new URL(request.url).searchParams.get("zone"));
  const [zones, holidays, upcoming, zone] = await Promise.all([
    listZones(db),
    listHolidays(db, today),
    upcomingDeliveries(db, today),
    editing === null ? null : findZone(db, editing),
  ]);
  return {
    zones: zones.map((z) => ({ ...z, upcoming: upcoming.get(z.id) ?? 0 })),
    holidays,
    zone,
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save-zone"), zoneId: idOrNull, ...zoneFields }),
  z.object({ intent: z.literal("add-holiday"), ...holidaySchema.shape }),
  z.object({ intent: z.literal("remove-holiday"), day: holidaySchema.shape.day }),
]);

export async function action({ context }: Route.ActionArgs) {
  return formAction(formOf(context), actionSchema, async (input) => {
    const db = getDb();
    const actor = actorOf(context);
    if (input.intent === "save-zone") {
      const { intent: _intent, zoneId, ...zone } = input;
      await saveZone(db, zoneId ?? undefined, zone, actor);
      return redirectWithToast("/admin/delivery-zones", {
        type: "success",
        message: zoneId ? DELIVERY_MESSAGES.zoneSaved(zone.name) : DELIVERY_MESSAGES.zoneCreated(zone.name),
      });
    }
    if (input.intent === "add-holiday") {
      await addHoliday(db, { day: input.day, name: input.name }, actor);
      return redirectWithToast("/admin/delivery-zones", {
        type: "success",
        message: DELIVERY_MESSAGES.holidayAdded(deliveryDayLabel(input.day)),
      });
    }
    await removeHoliday(db, input.day, actor);
    return redirectWithToast("/admin/delivery-zones", {
      type: "success",
      message: DELIVERY_MESSAGES.holidayRemoved(deliveryDayLabel(input.day)),
    });
  });
}

type Zone = NonNullable<Route.ComponentProps["loaderData"]["zone"]>;
type ZoneField = keyof typeof zoneFields;

function ZoneForm({
  zone,
  reply,
  busy,
}: {
  zone: Zone | null;
  reply: FormReply<unknown, string> | undefined;
  busy: boolean;
}) {
  const mine = reply && !reply.ok && reply.values?.intent === "save-zone" ? reply : undefined;
  const errors = (mine?.fieldErrors ?? {}) as Partial<Record<ZoneField, string>>;
  const posted = mine?.values as Partial<Record<ZoneField, string>> | undefined;
  const v = (name: ZoneField, fallback: string) => (posted && name in posted ? (posted[name] ?? "") : fallback);
  const days = new Set(zone?.routeDays ?? [1, 4]);
  return (
    <Form method="post" noValidate className="mt-3 flex flex-col gap-4" key={zone?.id ?? "new"}>
      <input type="hidden" name="intent" value="save-zone" />
      {zone ? <input type="hidden" name="zoneId" value={zone.id} /> : null}
      {mine?.message ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Zone name"
          name="name"
          required
          maxLength={60}
          defaultValue={v("name", zone?.name ?? "")}
          error={errors.name}
        />
        <TextField
          label="ZIP codes"
          name="zips"
          required
          hint="5-digit ZIP codes separated by commas."
          defaultValue={v("zips", zone?.zips.join(", ") ?? "")}
          error={errors.zips}
        />
      </div>
      <fieldset aria-describedby={errors.routeDays ? "route-days-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Route days</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAY_NAMES.map((name, i) => (
            <label
              key={name}
              className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 text-sm"
            >
              <input
                type="checkbox"
                name="routeDays"
                value={i + 1}
                defaultChecked={days.has(i + 1)}
                className="size-4 accent-brand-600"
              />
              {name}
            </label>
          ))}
        </div>
        {errors.routeDays ? (
          <p id="route-days-error" role="alert" className="mt-1 text-sm text-danger-600">
            {errors.routeDays}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Orders close (days before)"
          name="cutoffDaysBefore"
          inputMode="numeric"
          required
          defaultValue={v("cutoffDaysBefore", String(zone?.cutoffDaysBefore ?? 1))}
          error={errors.cutoffDaysBefore}
        />
        <TextField
          label="At (store time)"
          name="cutoffTime"
          type="time"
          required
          defaultValue={v("cutoffTime", zone?.cutoffTime ?? "16:00")}
          error={errors.cutoffTime}
        />
        <TextField
          label="Delivery fee"
          name="feeCents"
          inputMode="decimal"
          required
          defaultValue={v("feeCents", zone ? centsToDecimalString(zone.feeCents) : "25.00")}
          error={errors.feeCents}
        />
        <TextField
          label="Free delivery from (optional)"
          name="freeFromCents"
          inputMode="decimal"
          hint={DELIVERY_MESSAGES.freeFromHint}
          defaultValue={v(
            "freeFromCents",
            zone ? (zone.freeFromCents === null ? "" : centsToDecimalString(zone.freeFromCents)) : "500.00",
          )}
          error={errors.freeFromCents}
        />
        <TextField
          label="Minimum order (optional)"
          name="minimumCents"
          inputMode="decimal"
          defaultValue={v("minimumCents", zone?.minimumCents ? centsToDecimalString(zone.minimumCents) : "")}
          error={errors.minimumCents}
        />
        <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="active"
            defaultChecked={zone?.active ?? true}
            className="size-4 accent-brand-600"
          />
          Active
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {zone ? "Save zone" : "Add zone"}
        </Button>
        {zone ? (
          <Link to="/admin/delivery-zones" className="self-center text-sm font-semibold text-brand-700 underline">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Local delivery's data (issue 40): zones with their ZIP codes, route days, cutoff and fee; holidays. */
export default function DeliveryZones({ loaderData }: Route.ComponentProps) {
  const { zones, holidays, zone } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const holidayReply = reply && !reply.ok && reply.values?.intent === "add-holiday" ? reply : undefined;
  const holidayErrors = (holidayReply?.fieldErrors ?? {}) as Partial<Record<"day" | "name", string>>;
  return (
    <div className="flex flex-col gap-6">
      <DeliveryNav />
      <section aria-labelledby="zones-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="zones-title" className="text-xl font-bold text-slate-900">
          Delivery zones
        </h2>
        <DataTable
          caption="Delivery zones"
          rows={zones}
          rowKey={(z) => String(z.id)}
          rowHeader
          empty={DELIVERY_MESSAGES.noZones}
          className="mt-3"
          columns={[
            {
              key: "name",
              header: "Zone",
              cell: (z) => (
                <Link to={`/admin/delivery-zones?zone=${z.id}`} className="font-semibold text-brand-700 underline">
                  {z.name}
                  <span className="sr-only"> (edit)</span>
                </Link>
              ),
            },
            {
              key: "zips",
              header: "ZIP codes",
              // A zone has dozens: their count and the first few; the form lists them all.
              cell: (z) => (
                <span className="whitespace-nowrap">
                  {z.zips.length}: {z.zips.slice(0, 3).join(", ")}
                  {z.zips.length > 3 ? "…" : ""}
                </span>
              ),
            },
            { key: "days", header: "Route days", cell: (z) => routeDaysLabel(z.routeDays) },
            {
              key: "cutoff",
              header: "Orders close",
              cell: (z) =>
                `${z.cutoffTime}, ${z.cutoffDaysBefore === 0 ? "same day" : `${z.cutoffDaysBefore} day(s) before`}`,
            },
            { key: "fee", header: "Fee", cell: (z) => formatCents(z.feeCents), numeric: true },
            {
              key: "free",
              header: "Free from",
              cell: (z) => (z.freeFromCents === null ? "Never" : formatCents(z.freeFromCents)),
              numeric: true,
            },
            { key: "upcoming", header: "Orders to deliver", cell: (z) => z.upcoming, numeric: true },
            {
              key: "active",
              header: "Status",
              cell: (z) => (z.active ? <Badge tone="ok">Active</Badge> : <Badge tone="neutral">Inactive</Badge>),
            },
          ]}
        />
      </section>
      <section aria-labelledby="zone-form-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="zone-form-title" className="text-xl font-bold text-slate-900">
          {zone ? `Edit ${zone.name}` : "New zone"}
        </h2>
        <ZoneForm zone={zone} reply={reply} busy={busy} />
      </section>
      <section aria-labelledby="holidays-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="holidays-title" className="text-xl font-bold text-slate-900">
          Holidays
        </h2>
        <p className="mt-1 text-sm text-slate-700">{DELIVERY_MESSAGES.holidaysHint}</p>
        {holidays.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-200">
            {holidays.map((h) => (
              <li key={h.day} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{deliveryDayLabel(h.day)}</span> ({h.day}): {h.name}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-holiday" />
                  <input type="hidden" name="day" value={h.day} />
                  <Button type="submit" variant="secondary" className="min-h-9 px-3 text-sm" disabled={busy}>
                    Remove<span className="sr-only"> {h.name}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="add-holiday" />
          <TextField label="Day" name="day" type="date" required error={holidayErrors.day} />
          <TextField label="Holiday name" name="name" required maxLength={60} error={holidayErrors.name} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Add holiday
          </Button>
          {holidayReply?.message ? <FormMessage tone="error">{holidayReply.message}</FormMessage> : null}
        </Form>
      </section>
    </div>
  );
}
