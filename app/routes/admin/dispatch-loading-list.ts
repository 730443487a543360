import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findRoute, loadingList } from "~/.server/delivery/dispatch";
import { loadingListPdf } from "~/.server/delivery/dispatch-pdf";
import { pdfResponse } from "~/.server/http/files";
import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/dispatch-loading-list";

/** A route's loading list (issue 40): its stops, the last delivered first onto the truck. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.routeId);
  const db = getDb();
  const route = id === null ? null : await findRoute(db, id);
  if (!route) throw data(DISPATCH_MESSAGES.routeNotFound, { status: 404 });
  const pdf = await loadingListPdf(route, await loadingList(db, route.id), DISPATCH_MESSAGES.loadingListEmpty);
  return pdfResponse(pdf, `loading-list-${route.day}-${route.id}.pdf`);
}
