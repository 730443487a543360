import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { certificateDocumentResponse } from "~/.server/tax/certificate-response";
import { findCertificateDocument } from "~/.server/tax/certificates";
import * as CERTIFICATES from "~/lib/messages/certificates";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/certificate-document";

/** The certificates page may show the document in a frame of the store's own page. */
export const handle: RouteHandle = { framedBy: "self" };

/** A resale certificate's document (issue 41), for the admins (the admin group enforces it). */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await findCertificateDocument(getDb(), params.certificateId);
  if (!file) throw data(CERTIFICATES.certificateNotFound, { status: 404 });
  return certificateDocumentResponse(file);
}
