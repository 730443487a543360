import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import {
  assignRoute,
  findRoute,
  listDriverOptions,
  listVehicles,
  moveStop,
  setRouteStatus,
  suggestStopOrder,
} from "~/.server/delivery/dispatch";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { ROUTE_STATUS_LABELS, STOP_STATUS_LABELS } from "~/lib/dispatch";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch";
import { dispatchRouteSchema } from "~/lib/schemas/dispatch";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/dispatch-route";

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [
    { title: data ? `Route ${data.route.zone} ${data.route.day}` : "Route" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.routeId);
  const db = getDb();
  const route = id === null ? null : await findRoute(db, id);
  if (!route) throw data(DISPATCH_MESSAGES.routeNotFound, { status: 404 });
  const [drivers, vehicles] = await Promise.all([listDriverOptions(db), listVehicles(db)]);
  return {
    route,
    drivers,
    // Active vehicles, and the route's own even if it was deactivated since.
    vehicles: vehicles
      .filter((v) => v.active || v.id === route.vehicleId)
      .map((v) => ({ value: String(v.id), label: v.plate ? `${v.name} (${v.plate})` : v.name })),
  };
}

export async function action({ context, params }: Route.ActionArgs) {
  const id = idParam(params.routeId);
  if (id === null) throw data(DISPATCH_MESSAGES.routeNotFound, { status: 404 });
  const db = getDb();
  const actor = actorOf(context);
  const here = `/admin/dispatch/routes/${id}`;
  return formAction(
    formOf(context),
    dispatchRouteSchema,
    async (input) => {
      switch (input.intent) {
        case "move": {
          await moveStop(db, id, input.stopId ?? 0, input.to, actor);
          // Back to the stop that moved, so a keyboard or a page without script stays where it was.
          return redirect(input.stopId ? `${here}#stop-${input.stopId}` : here);
        }
        case "suggest":
          await suggestStopOrder(db, id, actor);
          return redirectWithToast(here, { type: "success", message: DISPATCH_MESSAGES.stopOrderSuggested });
        case "assign":
          await assignRoute(db, id, { driverId: input.driverId, vehicleId: input.vehicleId }, actor);
          return redirectWithToast(here, { type: "success", message: DISPATCH_MESSAGES.assigned });
        case "status":
          await setRouteStatus(db, id, input.status, actor);
          return redirectWithToast(here, {
            type: "success",
            message: DISPATCH_MESSAGES.statusSaved(ROUTE_STATUS_LABELS[input.status]),
          });
      }
    },
    { fields: ["driverId", "vehicleId", "to"] },
  );
}

const link = "text-brand-700 underline underline-offset-2";

/** The status buttons a route shows: where the dispatcher may move it from here. */
const NEXT: Record<
  string,
  { status: "planned" | "loaded" | "out"; label: string; variant: "primary" | "secondary" }[]
> = {
  planned: [{ status: "loaded", label: "Mark loaded", variant: "primary" }],
  loaded: [
    { status: "out", label: "Mark out for delivery", variant: "primary" },
    { status: "planned", label: "Back to planned", variant: "secondary" },
  ],
};

/** One route (issue 40): its stops in order, moved up or down, its driver, vehicle and status, its papers. */
export default function DispatchRoute({ loaderData }: Route.ComponentProps) {
  const { route, drivers, vehicles } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const intent = postedValue(reply, "intent");
  const editable = route.status === "planned" || route.status === "loaded";
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <Link to={`/admin/dispatch?day=${route.day}`} className={link}>
          All routes of {route.day}
        </Link>
      </p>
      {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      <section aria-labelledby="route-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="route-title" className="text-xl font-bold text-slate-900">
            {route.zone} · {route.day}
          </h2>
          <Badge tone={route.status === "planned" ? "neutral" : route.status === "loaded" ? "info" : "ok"}>
            {ROUTE_STATUS_LABELS[route.status]}
          </Badge>
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {route.stops.length} stops · {route.stops.reduce((sum, s) => sum + s.units, 0).toLocaleString("en-US")} units
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={`/admin/dispatch/routes/${route.id}/pick-list.pdf`} className={`font-semibold ${link}`}>
            Pick list (PDF)
          </a>
          <a href={`/admin/dispatch/routes/${route.id}/loading-list.pdf`} className={`font-semibold ${link}`}>
            Loading list (PDF)
          </a>
        </p>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <input type="hidden" name="intent" value="assign" />
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Driver"
                name="driverId"
                options={drivers}
                placeholder="Not set"
                defaultValue={route.driverId ?? ""}
                disabled={!editable}
                error={fieldError(intent === "assign" ? reply : undefined, "driverId")}
                hint={drivers.length === 0 ? DISPATCH_MESSAGES.noDrivers : undefined}
              />
              <SelectField
                label="Vehicle"
                name="vehicleId"
                options={vehicles}
                placeholder="Not set"
                defaultValue={route.vehicleId === null ? "" : String(route.vehicleId)}
                disabled={!editable}
                error={fieldError(intent === "assign" ? reply : undefined, "vehicleId")}
              />
            </div>
            <div>
              <Button type="submit" variant="secondary" disabled={busy || !editable}>
                Save driver and vehicle
              </Button>
            </div>
          </Form>
          <div className="flex flex-wrap items-end gap-3">
            {(NEXT[route.status] ?? []).map((n) => (
              <Form method="post" key={n.status}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="status" value={n.status} />
                <Button type="submit" variant={n.variant} disabled={busy}>
                  {n.label}
                </Button>
              </Form>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="stops-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="stops-title" className="text-lg font-bold text-slate-900">
            Stops
          </h2>
          {editable && route.stops.length > 1 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="suggest" />
              <Button type="submit" variant="secondary" disabled={busy}>
                Suggest stop order
              </Button>
            </Form>
          ) : null}
        </div>
        {editable && route.stops.length > 2 ? (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="move" />
            <SelectField
              label="Stop"
              name="stopId"
              options={route.stops.map((s, i) => ({ value: String(s.id), label: `${i + 1}. ${s.businessName}` }))}
              className="w-64 max-w-full"
            />
            <TextField
              label="To position"
              name="to"
              inputMode="numeric"
              autoComplete="off"
              className="w-28"
              error={fieldError(intent === "move" ? reply : undefined, "to")}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              Move stop
            </Button>
          </Form>
        ) : null}
        {route.stops.length === 0 ? (
          <p className="py-4 text-sm text-slate-700">{DISPATCH_MESSAGES.noStops}</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200 border-y border-slate-200" aria-label="Stops in delivery order">
            {route.stops.map((s, i) => (
              <li
                key={s.id}
                id={`stop-${s.id}`}
                className={`flex flex-wrap items-center gap-x-4 gap-y-2 py-3 ${s.cancelled ? "bg-slate-50" : ""}`}
              >
                <span className="tabular w-8 text-lg font-bold text-slate-900" aria-hidden="true">
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold text-slate-900">
                    <span className="sr-only">Stop {i + 1}: </span>
                    {s.businessName}{" "}
                    <Link to={`/admin/orders/${s.orderId}`} className={`text-sm font-normal ${link}`}>
                      Order #{s.orderId}
                    </Link>
                  </p>
                  <p className="text-sm text-slate-700">
                    {s.street}, {s.city}, {s.state} {s.zip}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <span className="tabular">{s.units} units</span>
                  {s.cancelled ? (
                    <Badge tone="danger">{DISPATCH_MESSAGES.cancelledStop}</Badge>
                  ) : (
                    <Badge tone={s.status === "pending" ? "neutral" : "ok"}>
                      {STOP_STATUS_LABELS[s.status] ?? s.status}
                    </Badge>
                  )}
                </div>
                {editable ? (
                  <div className="flex gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="stopId" value={s.id} />
                      <input type="hidden" name="to" value="up" />
                      <Button
                        type="submit"
                        variant="secondary"
                        disabled={busy || i === 0}
                        aria-label={`Move stop ${i + 1}, ${s.businessName}, up`}
                      >
                        Up
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="stopId" value={s.id} />
                      <input type="hidden" name="to" value="down" />
                      <Button
                        type="submit"
                        variant="secondary"
                        disabled={busy || i === route.stops.length - 1}
                        aria-label={`Move stop ${i + 1}, ${s.businessName}, down`}
                      >
                        Down
                      </Button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
