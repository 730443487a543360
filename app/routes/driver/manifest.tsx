import { useState } from "react";
import { useRevalidator } from "react-router";
import { getDb } from "~/.server/db/instance";
import { driverManifest } from "~/.server/delivery/driver";
import { signedInViewer } from "~/.server/request/context";
import { useDriverQueue, useOfflineShell, useOnlineSync } from "~/components/driver/queue";
import { CollectNote, StopContact, StopPanel, StopStatusBadge, stopState } from "~/components/driver/stop-panel";
import { SyncStatus } from "~/components/driver/sync-status";
import * as DRIVER from "~/lib/messages/driver";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/manifest";

/** In the driver group (app/routes.ts): anyone else signed in is sent to their account and told this. */
// The current stop's proof of delivery records where the phone was, when allowed (headers.ts withGeolocation).
export const handle: RouteHandle = { refusal: DRIVER.driversOnly, geolocation: true };

export function meta() {
  return [
    { title: "Today's deliveries" },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "manifest", href: "/driver/manifest.webmanifest" },
    { name: "theme-color", content: "#1e3a8a" },
  ];
}

/** The driver's own route(s) for the store's today, stops in order. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  return { manifest: await driverManifest(getDb(), viewer.id) };
}

/**
 * Today's manifest, phone first: the stops as cards in order; a card opens its stop in place (no
 * request: it works without signal), where the driver records what happened.
 */
export default function DriverManifest({ loaderData }: Route.ComponentProps) {
  const { manifest } = loaderData;
  const revalidator = useRevalidator();
  const queue = useDriverQueue();
  const online = useOnlineSync(revalidator.revalidate);
  useOfflineShell();
  const [openStop, setOpenStop] = useState<number | null>(null);
  const stops = manifest.routes.flatMap((r) => r.stops);
  const current = stops.find((s) => s.id === openStop);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-6">
      <SyncStatus online={online} waiting={queue.queue.length} refused={queue.refused} />
      {current ? (
        <>
          <button
            type="button"
            className="min-h-11 self-start font-semibold text-brand-700 underline"
            onClick={() => setOpenStop(null)}
          >
            ← All stops
          </button>
          <StopPanel key={current.id} stop={current} local={queue.local[current.id]} />
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Today's deliveries</h1>
          <p className="text-slate-700">
            {manifest.day} · {DRIVER.routeStopsCount(stops.length)}
          </p>
          {stops.length === 0 ? <p className="text-slate-700">{DRIVER.noRouteToday}</p> : null}
          <ol className="flex flex-col gap-3">
            {stops.map((stop) => (
              <li key={stop.id} className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-4">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-bold text-slate-900">
                    {stop.position}. {stop.businessName}
                  </h2>
                  <StopStatusBadge state={stopState(stop, queue.local[stop.id])} />
                </div>
                <StopContact stop={stop} />
                <p className="text-sm text-slate-700">
                  {stop.lines.map((l) => `${l.quantity} × ${l.name}`).join(", ")}
                </p>
                <CollectNote stop={stop} />
                <a
                  href={`/driver/stops/${stop.id}`}
                  className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                  onClick={(e) => {
                    e.preventDefault();
                    setOpenStop(stop.id);
                    window.scrollTo(0, 0);
                  }}
                >
                  Open stop {stop.position}
                </a>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
