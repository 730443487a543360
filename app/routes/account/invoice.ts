import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findOrderDocument } from "~/.server/flows/order-documents";
import { pdfResponse } from "~/.server/http/files";
import { invoicePdf } from "~/.server/orders/documents";
import { signedInViewer } from "~/.server/request/context";
import * as MESSAGES from "~/lib/messages";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/invoice";

/**
 * The order's invoice as a PDF, for its customer and for admins: anyone else gets the same 404 as
 * for an order that does not exist.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.orderId);
  const doc = id === null ? null : await findOrderDocument(getDb(), id, signedInViewer(context));
  if (!doc) throw data(MESSAGES.orderNotFound, { status: 404 });
  return pdfResponse(await invoicePdf(doc), `invoice-${doc.order.id}.pdf`);
}
