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
import type { Route } from "./+types/statement-pdf";

/**
 * The statement of a range of days as a PDF (issue 30), for the business's owners; anyone else
 * reads what the statement page tells them. Only the viewer's own business.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const to = url.searchParams.get("to") || storeToday();
  // The last day is checked before a default first day is counted back from it.
  if (!isDay(to)) throw data(RECEIVABLES.statementBadRange, { status: 400 });
  const from = url.searchParams.get("from") || addDays(to, -90);
  if (!isDay(from) || from > to) throw data(RECEIVABLES.statementBadRange, { status: 400 });
  const isOwner = viewer.role === "customer" && viewer.memberRole === "owner";
  const db = getDb();
  const credit = isOwner ? await businessCredit(db, viewer.accountId) : null;
  if (!credit) return pdfResponse(await statementPdf({ notice: RECEIVABLES.statementOwnersOnly }), "statement.pdf");
  const [entries, aging] = await Promise.all([ledger(db, viewer.accountId), businessAging(db, viewer.accountId, to)]);
  return pdfResponse(
    await statementPdf({ businessName: credit.name, from, to, entries, aging }),
    `statement-${from}-${to}.pdf`,
  );
}
