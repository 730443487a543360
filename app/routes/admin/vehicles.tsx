import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { addVehicle, listVehicles, updateVehicle, VehicleError } from "~/.server/delivery/dispatch";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { DeliveryNav } from "~/components/admin/delivery-nav";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch";
import { vehiclesSchema } from "~/lib/schemas/dispatch";
import type { Route } from "./+types/vehicles";

export function meta() {
  return [{ title: "Vehicles" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { vehicles: await listVehicles(getDb()) };
}

export async function action({ context }: Route.ActionArgs) {
  const db = getDb();
  const actor = actorOf(context);
  const here = "/admin/dispatch/vehicles";
  return formAction(
    formOf(context),
    vehiclesSchema,
    async (input) => {
      if (input.intent === "add") {
        await addVehicle(db, { name: input.name, plate: input.plate }, actor);
        return redirectWithToast(here, { type: "success", message: DISPATCH_MESSAGES.vehicleAdded(input.name) });
      }
      if (input.vehicleId === null) throw new VehicleError(DISPATCH_MESSAGES.vehicleNotFound, { status: 404 });
      if (input.intent === "rename") {
        const name = await updateVehicle(db, input.vehicleId, { name: input.name, plate: input.plate }, actor);
        return redirectWithToast(here, { type: "success", message: DISPATCH_MESSAGES.vehicleSaved(name) });
      }
      const active = input.intent === "activate";
      const name = await updateVehicle(db, input.vehicleId, { active }, actor);
      return redirectWithToast(here, {
        type: "success",
        message: active ? DISPATCH_MESSAGES.vehicleActivated(name) : DISPATCH_MESSAGES.vehicleDeactivated(name),
      });
    },
    { fields: ["name", "plate"] },
  );
}

/** The store's trucks (issue 40): add one, rename it, take it out of service (no new routes get it). */
export default function Vehicles({ loaderData }: Route.ComponentProps) {
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const intent = postedValue(reply, "intent");
  const adding = intent === "add" ? reply : undefined;
  const editedId = intent === "rename" ? postedValue(reply, "vehicleId") : "";
  return (
    <div className="flex flex-col gap-6">
      <DeliveryNav />
      <section aria-labelledby="vehicles-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="vehicles-title" className="text-xl font-bold text-slate-900">
          Vehicles
        </h2>
        {reply?.message && intent !== "add" ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
        {loaderData.vehicles.length === 0 ? (
          <p className="py-4 text-sm text-slate-700">{DISPATCH_MESSAGES.noVehicles}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
            {loaderData.vehicles.map((v) => {
              const mine = editedId === String(v.id) ? reply : undefined;
              return (
                <li key={v.id} className="flex flex-wrap items-end gap-3 py-3">
                  <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="vehicleId" value={v.id} />
                    <TextField
                      label="Name"
                      name="name"
                      defaultValue={postedValue(mine, "name", v.name)}
                      error={fieldError(mine, "name")}
                      className="w-48"
                    />
                    <TextField
                      label="Plate"
                      name="plate"
                      defaultValue={postedValue(mine, "plate", v.plate)}
                      error={fieldError(mine, "plate")}
                      className="w-32"
                    />
                    <Button type="submit" variant="secondary" disabled={busy}>
                      Save<span className="sr-only"> {v.name}</span>
                    </Button>
                  </Form>
                  <div className="flex items-center gap-3">
                    <Badge tone={v.active ? "ok" : "neutral"}>{v.active ? "Active" : "Inactive"}</Badge>
                    <Form method="post">
                      <input type="hidden" name="intent" value={v.active ? "deactivate" : "activate"} />
                      <input type="hidden" name="vehicleId" value={v.id} />
                      <Button type="submit" variant="ghost" disabled={busy}>
                        {v.active ? "Deactivate" : "Activate"}
                        <span className="sr-only"> {v.name}</span>
                      </Button>
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-vehicle-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="add-vehicle-title" className="text-lg font-bold text-slate-900">
          Add a vehicle
        </h2>
        {adding?.message ? <FormMessage tone="error">{adding.message}</FormMessage> : null}
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value="add" />
          <TextField
            label="Name"
            name="name"
            required
            defaultValue={postedValue(adding, "name", "")}
            error={fieldError(adding, "name")}
            className="w-48"
          />
          <TextField
            label="Plate"
            name="plate"
            defaultValue={postedValue(adding, "plate", "")}
            error={fieldError(adding, "plate")}
            className="w-32"
          />
          <Button type="submit" disabled={busy}>
            Add vehicle
          </Button>
        </Form>
      </section>
    </div>
  );
}
