import { data } from "react-router";
import { getDb } from "~/.server/db/instance";
import { signedInViewer } from "~/.server/request/context";
import { certificateDocumentResponse } from "~/.server/tax/certificate-response";
import { findCertificateDocument, findCertificateFor } from "~/.server/tax/certificates";
import * as CERTIFICATES from "~/lib/messages/certificates";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/certificate-document";

/** In the owner group (app/routes.ts): anyone else signed in is sent to their account and told this. */
export const handle: RouteHandle = { refusal: CERTIFICATES.ownersSignCertificates };

/**
 * A resale certificate's document (issue 41), for its business's owners: another business's id
 * gets the same 404 as an id that does not exist. The admins have their own route.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  const certificate = await findCertificateFor(db, params.certificateId, viewer);
  const file = certificate ? await findCertificateDocument(db, certificate.id) : null;
  if (!file) throw data(CERTIFICATES.certificateNotFound, { status: 404 });
  return certificateDocumentResponse(file);
}
