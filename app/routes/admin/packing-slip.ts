import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { findOrderDocument } from "~/.server/flows/order-documents";
import { pdfResponse } from "~/.server/http/files";
import { packingSlipPdf } from "~/.server/orders/documents";
import { signedInViewer } from "~/.server/request/context";
import * as MESSAGES from "~/lib/messages";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/packing-slip";

/** The order's packing slip as a PDF (no prices), for the admins who pack it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.orderId);
  const doc = id === null ? null : await findOrderDocument(getDb(), id, signedInViewer(context));
  if (!doc) throw data(MESSAGES.orderNotFound, { status: 404 });
  return pdfResponse(await packingSlipPdf(doc), `packing-slip-${doc.order.id}.pdf`);
}
