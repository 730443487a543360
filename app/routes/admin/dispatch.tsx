import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { buildRoutes, dispatchDay } from "~/.server/delivery/dispatch";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { DeliveryNav } from "~/components/admin/delivery-nav";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { addDays, storeToday } from "~/lib/business";
import { ROUTE_STATUS_LABELS } from "~/lib/dispatch";
import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch";
import { dispatchDayParam, dispatchDaySchema } from "~/lib/schemas/dispatch";
import type { Route } from "./+types/dispatch";

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Dispatch ${data.day}` : "Dispatch" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const day = dispatchDayParam(new URL(request.url).searchParams.get("day")) ?? storeToday();
  return await dispatchDay(getDb(), day);
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  return formAction(form, dispatchDaySchema, async (input) => {
    const built = await buildRoutes(getDb(), input.day, actorOf(context));
    return redirectWithToast(`/admin/dispatch?day=${input.day}`, {
      type: "success",
      message: DISPATCH_MESSAGES.routesBuilt(built.routes, built.stops),
    });
  });
}

const link = "text-brand-700 underline underline-offset-2";

/** A day's delivery (issue 40): its routes, one per zone, and its delivery orders on no route yet. */
export default function Dispatch({ loaderData }: Route.ComponentProps) {
  const { day, routes, unrouted } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-6">
      <DeliveryNav />
      <section aria-labelledby="dispatch-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="dispatch-title" className="text-xl font-bold text-slate-900">
            Dispatch · {day}
          </h2>
          <p className="text-sm">
            <Link to={`/admin/dispatch?day=${addDays(day, -1)}`} className={link}>
              Previous day
            </Link>{" "}
            ·{" "}
            <Link to={`/admin/dispatch?day=${addDays(day, 1)}`} className={link}>
              Next day
            </Link>
          </p>
        </div>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <TextField label="Route day" name="day" type="date" defaultValue={day} className="w-48" />
            <Button type="submit" variant="secondary">
              Show day
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="build" />
            <input type="hidden" name="day" value={day} />
            <Button type="submit" disabled={busy}>
              Build routes
            </Button>
          </Form>
        </div>
        {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      </section>

      <section aria-labelledby="routes-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="routes-title" className="text-lg font-bold text-slate-900">
          Routes
        </h2>
        <DataTable
          caption={`Routes of ${day}`}
          rows={routes}
          rowKey={(r) => String(r.id)}
          rowHeader
          empty={DISPATCH_MESSAGES.noRoutes}
          className="mt-3"
          columns={[
            {
              key: "zone",
              header: "Zone",
              cell: (r) => (
                <Link to={`/admin/dispatch/routes/${r.id}`} className="font-semibold text-brand-700 underline">
                  {r.zone}
                </Link>
              ),
            },
            { key: "driver", header: "Driver", cell: (r) => r.driver ?? "Not set" },
            { key: "vehicle", header: "Vehicle", cell: (r) => r.vehicle ?? "Not set" },
            {
              key: "status",
              header: "Status",
              cell: (r) => (
                <Badge tone={r.status === "planned" ? "neutral" : r.status === "loaded" ? "info" : "ok"}>
                  {ROUTE_STATUS_LABELS[r.status]}
                </Badge>
              ),
            },
            {
              key: "stops",
              header: "Stops",
              numeric: true,
              cell: (r) => (r.cancelled ? `${r.stops} (${r.cancelled} cancelled)` : r.stops),
            },
            { key: "units", header: "Units", numeric: true, cell: (r) => r.units.toLocaleString("en-US") },
          ]}
        />
      </section>

      <section aria-labelledby="unrouted-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="unrouted-title" className="text-lg font-bold text-slate-900">
          Orders without a route ({unrouted.length})
        </h2>
        <DataTable
          caption={`Delivery orders of ${day} on no route`}
          rows={unrouted}
          rowKey={(o) => String(o.id)}
          rowHeader
          empty={DISPATCH_MESSAGES.noUnrouted}
          className="mt-3"
          columns={[
            {
              key: "order",
              header: "Order",
              cell: (o) => (
                <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 underline">
                  #{o.id}
                </Link>
              ),
            },
            { key: "business", header: "Business", cell: (o) => o.businessName },
            { key: "zone", header: "Zone", cell: (o) => o.zone },
            { key: "zip", header: "ZIP", cell: (o) => o.zip },
            { key: "status", header: "Status", cell: (o) => o.status },
            { key: "units", header: "Units", numeric: true, cell: (o) => o.units },
          ]}
        />
      </section>
    </div>
  );
}
