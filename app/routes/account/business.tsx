import { Form, useNavigation, useSearchParams } from "react-router";
import { listAddresses } from "~/.server/accounts/addresses";
import {
  addLicense,
  claimLicenseUpload,
  LicenseError,
  licenseCountsForText,
  listLicenses,
} from "~/.server/business/licenses";
import { approvalMode, findBusiness, saveBusiness } from "~/.server/business/profile";
import { managesBusiness } from "~/.server/business/team";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { type FieldErrors, parseForm, replyError, replyOk } from "~/.server/http/forms";
import { domainErrorReply } from "~/.server/http/http";
import { checkDocument, DOCUMENT_MISSING, DocumentRejectedError } from "~/.server/media/documents";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { listCertificates } from "~/.server/tax/certificates";
import { AccountShell } from "~/components/account-shell";
import { BusinessFields } from "~/components/business-fields";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { approvalShown, LICENSE_STATUS_LABEL, LICENSE_TYPES, storeToday } from "~/lib/business";
import { type FieldName, type FormReply, fieldError, intentOf, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as CERTIFICATES from "~/lib/messages/certificates";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { MB, type RouteHandle } from "~/lib/route-policy";
import { businessSchema, licenseSchema } from "~/lib/schemas/business";
import { US_STATES } from "~/lib/us-states";
import type { Route } from "./+types/business";

/**
 * One license document of up to 10 MB, with its few fields. The body cap is above the document
 * limit so that a document a little too large is answered next to its field, not by a bare 413.
 */
export const handle: RouteHandle = { bodyLimitBytes: 25 * MB, maxFields: 20 };

export function meta() {
  return [{ title: "Business Profile" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  const canManage = managesBusiness(viewer);
  const [business, licenses, addresses, certificates] = await Promise.all([
    findBusiness(db, viewer.accountId),
    listLicenses(db, viewer.accountId),
    listAddresses(db, viewer.accountId),
    // Resale certificates (issue 41) are the owners' alone, as their documents are.
    canManage ? listCertificates(db, viewer.accountId) : Promise.resolve([]),
  ]);
  return {
    business,
    canManage,
    certificates: certificates.map((c) => ({
      id: c.id,
      permitNumber: c.permitNumber,
      permitPendingReason: c.permitPendingReason,
      classes: c.productClassLabels.join(", "),
      signerName: c.signerName,
      signedOn: c.signedOn,
      kind: c.kind,
      status: c.status,
      rejectionReason: c.rejectionReason,
      revokedAt: c.revokedAt?.slice(0, 10) ?? null,
      revokedReason: c.revokedReason,
      expiresOn: c.expiresOn,
    })),
    approvalMode: approvalMode(),
    // Where each counts: the state that issued it (issue 26).
    licenses: licenses.map((l) => ({ ...l, countsFor: licenseCountsForText(l) })),
    addresses: addresses.map((a) => ({ id: a.id, label: `${a.businessName}, ${a.street}, ${a.city} ${a.state}` })),
    today: storeToday(),
  };
}

type Intent = "profile" | "license";

export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const form = formOf(context);
  const intent = intentOf(form) === "license" ? "license" : "profile";
  const db = getDb();
  // The profile and the licenses are the owners' to change (decision 0032).
  if (!managesBusiness(viewer))
    return replyError<Intent>({ message: TEAM_MESSAGES.ownerOnly }, { status: 403, data: intent });
  if (intent === "profile") {
    return formAction(
      form,
      businessSchema,
      async (input) => {
        const saved = await saveBusiness(db, viewer.accountId, input, actorOf(context));
        return replyOk<Intent>(
          saved.backToReview ? ACCOUNT_MESSAGES.businessProfileSavedForReview : ACCOUNT_MESSAGES.businessProfileSaved,
          intent,
        );
      },
      { data: intent },
    );
  }
  const parsed = parseForm(form, licenseSchema(storeToday()));
  const file = form.get("document");
  const fieldErrors: FieldErrors<FieldName<ReturnType<typeof licenseSchema>> | "document"> = parsed.ok
    ? {}
    : { ...parsed.errors };
  const hasFile = file instanceof File && file.size > 0;
  if (hasFile) {
    // The business's limits (documents kept, uploads an hour) before the document is read.
    const replacesId = form.get("replacesId");
    const refused = await claimLicenseUpload(
      db,
      viewer.accountId,
      typeof replacesId === "string" && replacesId ? replacesId : null,
    ).then(
      () => null,
      (error: unknown) => {
        if (error instanceof LicenseError) return error;
        throw error;
      },
    );
    if (refused)
      return replyError<Intent>({ message: refused.message }, { form, status: refused.status, data: intent });
  }
  if (!hasFile) fieldErrors.document = DOCUMENT_MISSING;
  else if (!parsed.ok) {
    // Say everything that is wrong at once: the document too, not only the fields.
    const problem = await checkDocument(Buffer.from(await file.arrayBuffer()), file.name).then(
      () => null,
      (error: unknown) => (error instanceof DocumentRejectedError ? error.message : null),
    );
    if (problem) fieldErrors.document = problem;
  }
  if (!parsed.ok || Object.keys(fieldErrors).length) {
    return replyError<Intent>({ fieldErrors }, { form, data: intent });
  }
  try {
    const added = await addLicense(
      db,
      viewer.accountId,
      parsed.data,
      Buffer.from(await (file as File).arrayBuffer()),
      actorOf(context),
      (file as File).name,
    );
    return replyOk<Intent>(ACCOUNT_MESSAGES.licenseUploaded(added.typeLabel, added.number), intent);
  } catch (error) {
    return domainErrorReply<Intent>(error, { form, data: intent });
  }
}

const STATUS_TONE = { pending: "warn", approved: "ok", rejected: "danger", expired: "danger" } as const;
const CERTIFICATE_TONE = { pending: "warn", verified: "ok", rejected: "danger", revoked: "danger" } as const;
const CERTIFICATE_STATUS_LABEL = {
  pending: "Pending",
  verified: "Verified",
  rejected: "Rejected",
  revoked: "Revoked",
} as const;

export default function BusinessProfile({ loaderData }: Route.ComponentProps) {
  const { business, approvalMode, licenses, addresses, today, canManage, certificates } = loaderData;
  // What is true of the business in this store's mode (issue 26): automatic approval has no waiting.
  const approval = business ? approvalShown(approvalMode, business.approval) : null;
  const approvalNote = !business
    ? null
    : approvalMode === "automatic"
      ? ACCOUNT_MESSAGES.businessNoApprovalNeeded
      : business.approval === "pending"
        ? ACCOUNT_MESSAGES.businessWaitingForReview
        : business.approval === "approved"
          ? ACCOUNT_MESSAGES.businessApprovedNote
          : ACCOUNT_MESSAGES.businessRejectedNote;
  const reply = useSettledActionData<typeof action>() as FormReply<Intent> | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? intentOf(navigation.formData) : null;
  const [params] = useSearchParams();
  const replacing = licenses.find((l) => l.id === params.get("replace")) ?? null;
  const profileReply = reply?.data === "profile" ? reply : undefined;
  const licenseReply = reply?.data === "license" ? reply : undefined;
  const addressLabel = new Map(addresses.map((a) => [a.id, a.label]));

  return (
    <AccountShell title="Business Profile">
      <div className="flex flex-col gap-6">
        <Form
          method="post"
          noValidate
          aria-labelledby="business-title"
          className="flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="business-title" className="text-lg font-bold text-slate-900">
              Your business
            </h2>
            {approval ? <Badge tone={approval.tone}>{approval.label}</Badge> : null}
          </div>
          {approvalMode === "manual" && business?.approval === "rejected" && business.rejectionReason ? (
            <FormMessage tone="error">{business.rejectionReason}</FormMessage>
          ) : null}
          {approvalNote ? <p className="text-sm text-slate-700">{approvalNote}</p> : null}
          {profileReply?.message ? (
            <FormMessage tone={profileReply.ok ? "success" : "error"}>{profileReply.message}</FormMessage>
          ) : null}
          {canManage ? null : <p className="text-sm text-slate-700">{TEAM_MESSAGES.businessOwnersOnly}</p>}
          <input type="hidden" name="intent" value="profile" />
          <fieldset disabled={!canManage} className="contents">
            <BusinessFields reply={profileReply} saved={business} permitHint="11 digits, as printed on your permit." />
          </fieldset>
          {canManage ? (
            <Button type="submit" disabled={busy === "profile"} className="self-start">
              {busy === "profile" ? "Saving..." : "Save business"}
            </Button>
          ) : null}
        </Form>

        <section aria-labelledby="licenses-title" className="flex flex-col gap-3">
          <h2 id="licenses-title" className="text-lg font-bold text-slate-900">
            Licenses
          </h2>
          {licenses.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-slate-700">
              {ACCOUNT_MESSAGES.noLicensesYet}
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {licenses.map((l) => (
                <li key={l.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold text-slate-900">{l.typeLabel}</p>
                      <p className="text-sm text-slate-700">
                        {l.number} · {l.issuingState}
                        {l.expiresOn ? ` · expires ${l.expiresOn}` : ""}
                      </p>
                      <p className="text-sm text-slate-600">
                        {l.addressBound && !l.addressId
                          ? MESSAGES.licenseAddressDeleted
                          : `${l.countsFor} · covers ${
                              l.addressId ? (addressLabel.get(l.addressId) ?? "one address") : "the whole business"
                            }`}
                      </p>
                    </div>
                    <Badge tone={STATUS_TONE[l.status]}>{LICENSE_STATUS_LABEL[l.status]}</Badge>
                  </div>
                  {l.status === "rejected" && l.rejectionReason ? (
                    <p className="mt-2 text-sm text-danger-600">Reason: {l.rejectionReason}</p>
                  ) : null}
                  <div className="mt-3 flex flex-wrap gap-4 text-sm font-semibold">
                    <a
                      href={`/account/business/licenses/${l.id}/document`}
                      target="_blank"
                      rel="noopener"
                      className="text-brand-700 underline"
                    >
                      View document
                      <span className="sr-only">
                        {" "}
                        of {l.typeLabel} {l.number}
                      </span>
                    </a>
                    {canManage ? (
                      <a href={`?replace=${l.id}#upload-title`} className="text-brand-700 underline">
                        Upload a replacement
                        <span className="sr-only">
                          {" "}
                          for {l.typeLabel} {l.number}
                        </span>
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        {canManage ? (
          <section aria-labelledby="certificates-title" className="flex flex-col gap-3">
            <h2 id="certificates-title" className="text-lg font-bold text-slate-900">
              Resale certificates
            </h2>
            <p className="max-w-xl text-sm text-slate-700">{CERTIFICATES.certificatesIntro}</p>
            {certificates.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-slate-700">
                {CERTIFICATES.noCertificatesYet}
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {certificates.map((c) => (
                  <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div>
                        <p className="font-semibold text-slate-900">
                          Resale certificate · {c.permitNumber ? `permit ${c.permitNumber}` : "permit pending"}
                        </p>
                        <p className="text-sm text-slate-700">
                          {c.kind === "signed" ? "Signed" : "Uploaded"} by {c.signerName} on {c.signedOn}
                          {c.expiresOn ? ` · renew by ${c.expiresOn}` : ""}
                        </p>
                        <p className="text-sm text-slate-600">Covers: {c.classes}</p>
                      </div>
                      <Badge tone={CERTIFICATE_TONE[c.status]}>{CERTIFICATE_STATUS_LABEL[c.status]}</Badge>
                    </div>
                    {c.status === "pending" ? (
                      <p className="mt-2 text-sm text-slate-700">{CERTIFICATES.pendingNote}</p>
                    ) : null}
                    {c.status === "rejected" && c.rejectionReason ? (
                      <p className="mt-2 text-sm text-danger-600">{CERTIFICATES.reasonLine(c.rejectionReason)}</p>
                    ) : null}
                    {c.status === "revoked" ? (
                      <p className="mt-2 text-sm text-danger-600">
                        {CERTIFICATES.revokedNote(c.revokedAt ?? "")}{" "}
                        {c.revokedReason ? CERTIFICATES.reasonLine(c.revokedReason) : null}
                      </p>
                    ) : null}
                    <a
                      href={`/account/business/certificates/${c.id}/document`}
                      target="_blank"
                      rel="noopener"
                      className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
                    >
                      View certificate
                      <span className="sr-only"> signed on {c.signedOn}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <ButtonLink to="/account/business/certificates/new" className="self-start">
              Sign a resale certificate
            </ButtonLink>
          </section>
        ) : null}

        {canManage ? (
          <Form
            // A fresh form after each upload (and for each license being replaced).
            key={`${licenses.length}-${replacing?.id ?? ""}`}
            method="post"
            encType="multipart/form-data"
            noValidate
            aria-labelledby="upload-title"
            className="flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
          >
            <h2 id="upload-title" className="text-lg font-bold text-slate-900">
              {replacing ? `Replace ${replacing.typeLabel} ${replacing.number}` : "Upload a license"}
            </h2>
            {licenseReply?.message ? (
              <FormMessage tone={licenseReply.ok ? "success" : "error"}>{licenseReply.message}</FormMessage>
            ) : null}
            <input type="hidden" name="intent" value="license" />
            {replacing ? <input type="hidden" name="replacesId" value={replacing.id} /> : null}
            <SelectField
              label="License type"
              name="type"
              required
              defaultValue={postedValue(licenseReply, "type", replacing?.type ?? "")}
              error={fieldError(licenseReply, "type")}
              placeholder="Choose…"
              options={LICENSE_TYPES}
            />
            <TextField
              label="License number"
              name="number"
              required
              maxLength={40}
              defaultValue={postedValue(licenseReply, "number", replacing?.number ?? "")}
              error={fieldError(licenseReply, "number")}
            />
            <SelectField
              label="Issuing state"
              name="issuingState"
              required
              defaultValue={postedValue(licenseReply, "issuingState", replacing?.issuingState ?? "TX")}
              error={fieldError(licenseReply, "issuingState")}
              options={US_STATES.map(([value, label]) => ({ value, label }))}
            />
            <TextField
              label="Expiry date"
              name="expiresOn"
              type="date"
              min={today}
              hint={ACCOUNT_MESSAGES.licenseExpiryHint}
              defaultValue={postedValue(licenseReply, "expiresOn", "")}
              error={fieldError(licenseReply, "expiresOn")}
            />
            <SelectField
              label="Covers"
              name="addressId"
              defaultValue={postedValue(licenseReply, "addressId", replacing?.addressId ?? "")}
              error={fieldError(licenseReply, "addressId")}
              placeholder="The whole business"
              options={addresses.map((a) => ({ value: a.id, label: a.label }))}
            />
            <TextField
              label="Document (PDF, JPEG or PNG, up to 10 MB)"
              name="document"
              type="file"
              required
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              error={fieldError(licenseReply, "document")}
            />
            <Button type="submit" disabled={busy === "license"} className="self-start">
              {busy === "license" ? ACCOUNT_MESSAGES.uploading : "Upload license"}
            </Button>
          </Form>
        ) : null}
      </div>
    </AccountShell>
  );
}
