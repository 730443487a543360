import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findRoute, pickList } from "~/.server/delivery/dispatch";
import { pickListPdf } from "~/.server/delivery/dispatch-pdf";
import { pdfResponse } from "~/.server/http/files";
import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/dispatch-pick-list";

/** A route's pick list (issue 40): its orders' products by bin, with cases, loose units and lots. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.routeId);
  const db = getDb();
  const route = id === null ? null : await findRoute(db, id);
  if (!route) throw data(DISPATCH_MESSAGES.routeNotFound, { status: 404 });
  const pdf = await pickListPdf(route, await pickList(db, route.id), DISPATCH_MESSAGES.pickListEmpty);
  return pdfResponse(pdf, `pick-list-${route.day}-${route.id}.pdf`);
}
