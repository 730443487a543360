import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { csvResponse } from "~/.server/http/files";
import { exportOrdersCsv, isDay } from "~/.server/orders/export";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { isOrderStatus } from "~/lib/orders";
import type { Route } from "./+types/orders-export";

/** Orders and their lines placed between two days (store time), optionally of one status. */
export async function loader({ url }: Route.LoaderArgs) {
  const from = url.searchParams.get("from") || null;
  const to = url.searchParams.get("to") || null;
  const statusParam = url.searchParams.get("status") || null;
  if ((from !== null && !isDay(from)) || (to !== null && !isDay(to)) || (statusParam && !isOrderStatus(statusParam)))
    throw data(BACK_OFFICE_MESSAGES.orderExportBadFilter, { status: 400 });
  if (from && to && from > to) throw data(BACK_OFFICE_MESSAGES.orderExportBadFilter, { status: 400 });
  const status = isOrderStatus(statusParam) ? statusParam : null;
  const name = ["orders", from ?? "start", to ?? "today", status?.toLowerCase().replace(/\s+/g, "-")]
    .filter(Boolean)
    .join("-");
  return csvResponse(exportOrdersCsv(getDb(), { from, to, status }), `${name}.csv`);
}
