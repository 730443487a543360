import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { pdfResponse } from "~/.server/http/files";
import { findPurchaseOrder, purchaseOrderPdf } from "~/.server/inventory/purchase-orders";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/purchase-order-pdf";

/** The purchase order as its supplier receives it (issue 39): the same PDF the mail carries. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.poId);
  const order = id === null ? null : await findPurchaseOrder(getDb(), id);
  if (!order) throw data(INVENTORY_MESSAGES.purchaseOrderNotFound, { status: 404 });
  return pdfResponse(await purchaseOrderPdf(order), `PO-${order.number}.pdf`);
}
