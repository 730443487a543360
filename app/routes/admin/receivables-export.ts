import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { csvResponse } from "~/.server/http/files";
import { isDay } from "~/.server/orders/export";
import { EXPORT_KINDS, type ExportKind, exportReceivablesCsv } from "~/.server/receivables/export";
import { storeToday } from "~/lib/business";
import * as RECEIVABLES from "~/lib/messages/receivables";
import type { Route } from "./+types/receivables-export";

/** Invoices, payments or credit notes of a range of days, for the accountant (QuickBooks Online's layout). */
export async function loader({ url }: Route.LoaderArgs) {
  const kindParam = url.searchParams.get("kind") || "invoices";
  const from = url.searchParams.get("from") || "2000-01-01";
  const to = url.searchParams.get("to") || storeToday();
  if (!(EXPORT_KINDS as readonly string[]).includes(kindParam) || !isDay(from) || !isDay(to) || from > to)
    throw data(RECEIVABLES.exportBadFilter, { status: 400 });
  const kind = kindParam as ExportKind;
  return csvResponse(await exportReceivablesCsv(getDb(), kind, { from, to }), `${kind}-${from}-${to}.csv`);
}
