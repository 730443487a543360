import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { pdfResponse } from "~/.server/http/files";
import { isDay } from "~/.server/orders/export";
import { businessCredit } from "~/.server/receivables/settings";
import { businessAging, ledger } from "~/.server/receivables/statement";
import { statementPdf } from "~/.server/receivables/statement-pdf";
import { signedInViewer } from "~/.server/request/context";
import { addDays, storeToday } from "~/lib/business";
import * as RECEIVABLES from "~/lib/messages/receivables";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/statement-pdf";

/** In the owner group (app/routes.ts): anyone else signed in is sent to their account and told this. */
export const handle: RouteHandle = { refusal: RECEIVABLES.statementOwnersOnly };

/** The statement of a range of days as a PDF (issue 30), for the business's owners: their own business only. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const to = url.searchParams.get("to") || storeToday();
  // The last day is checked before a default first day is counted back from it.
  if (!isDay(to)) throw data(RECEIVABLES.statementBadRange, { status: 400 });
  const from = url.searchParams.get("from") || addDays(to, -90);
  if (!isDay(from) || from > to) throw data(RECEIVABLES.statementBadRange, { status: 400 });
  const db = getDb();
  const credit = await businessCredit(db, viewer.accountId);
  // Only a business whose records are gone has none (its founder's login was deleted).
  if (!credit) throw data(null, { status: 404 });
  const [entries, aging] = await Promise.all([ledger(db, viewer.accountId), businessAging(db, viewer.accountId, to)]);
  return pdfResponse(
    await statementPdf({ businessName: credit.name, from, to, entries, aging }),
    `statement-${from}-${to}.pdf`,
  );
}
