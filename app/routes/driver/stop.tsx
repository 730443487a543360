import { data, Link, useRevalidator } from "react-router";
import { getDb } from "~/.server/db/instance";
import { DriverActionError, driverStop } from "~/.server/delivery/driver";
import { signedInViewer } from "~/.server/request/context";
import { useDriverQueue, useOfflineShell, useOnlineSync } from "~/components/driver/queue";
import { StopPanel } from "~/components/driver/stop-panel";
import { SyncStatus } from "~/components/driver/sync-status";
import * as DRIVER from "~/lib/messages/driver";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/stop";

// Proof of delivery records where the phone was, when the driver allows it (headers.ts withGeolocation).
export const handle: RouteHandle = { refusal: DRIVER.driversOnly, geolocation: true };

export function meta() {
  return [
    { title: "Stop" },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "manifest", href: "/driver/manifest.webmanifest" },
  ];
}

/** One stop of the driver's own route for today; any other stop is a 404, whether it exists or not. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const stopId = Number(params.stopId);
  if (!Number.isSafeInteger(stopId) || stopId <= 0) throw data(DRIVER.notYourStop, { status: 404 });
  try {
    return { stop: await driverStop(getDb(), { id: viewer.id, admin: viewer.role === "admin" }, stopId) };
  } catch (error) {
    if (error instanceof DriverActionError) throw data(DRIVER.notYourStop, { status: 404 });
    throw error;
  }
}

export default function DriverStop({ loaderData }: Route.ComponentProps) {
  const { stop } = loaderData;
  const revalidator = useRevalidator();
  const queue = useDriverQueue();
  const online = useOnlineSync(revalidator.revalidate);
  useOfflineShell();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-6">
      <SyncStatus online={online} waiting={queue.queue.length} refused={queue.refused} />
      <Link to="/driver" className="min-h-11 self-start font-semibold text-brand-700 underline">
        ← All stops
      </Link>
      <h1 className="sr-only">Stop {stop.position}</h1>
      <StopPanel stop={stop} local={queue.local[stop.id]} />
    </div>
  );
}
