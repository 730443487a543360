import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { validReportMonth } from "~/.server/excise/report";
import { zipResponse } from "~/.server/http/files";
import { salesTaxAuditZip } from "~/.server/tax/report";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { monthsBetween } from "~/lib/sales-tax";
import type { Route } from "./+types/sales-tax-audit";

/**
 * The audit export (?from=YYYY-MM&to=YYYY-MM, at most 48 months): every exempt sale of the period
 * with the certificate behind it, in one ZIP.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to") ?? from;
  if (!validReportMonth(from) || !validReportMonth(to) || to < from)
    throw data(TAX_MESSAGES.auditPeriodInvalid, { status: 400 });
  const months = monthsBetween(from, to);
  if (months.length > 48) throw data(TAX_MESSAGES.auditPeriodInvalid, { status: 400 });
  return zipResponse(await salesTaxAuditZip(getDb(), months), `sales-tax-audit-${from}-to-${to}.zip`);
}
