import { data } from "react-router";
import { managesBusiness } from "~/.server/business/team";
import { getDb } from "~/.server/db/instance";
import { signedInViewer } from "~/.server/request/context";
import { certificateDocumentResponse } from "~/.server/tax/certificate-response";
import { findCertificateDocument, findCertificateFor } from "~/.server/tax/certificates";
import * as CERTIFICATES from "~/lib/messages/certificates";
import type { Route } from "./+types/certificate-document";

/**
 * A resale certificate's document (issue 41), for its business's owners: a buyer of the business,
 * staff acting for it, another business or an unknown id all get the same 404. The admins have
 * their own route (/admin/certificates/:certificateId/document).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  const certificate = managesBusiness(viewer) ? await findCertificateFor(db, params.certificateId, viewer) : null;
  const file = certificate ? await findCertificateDocument(db, certificate.id) : null;
  if (!file) throw data(CERTIFICATES.certificateNotFound, { status: 404 });
  return certificateDocumentResponse(file);
}
