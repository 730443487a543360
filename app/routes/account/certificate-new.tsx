import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { type FieldErrors, parseForm, replyError } from "~/.server/http/forms";
import { domainErrorReply } from "~/.server/http/http";
import { redirectWithToast } from "~/.server/http/toast";
import { checkDocument, DOCUMENT_MISSING, DocumentRejectedError } from "~/.server/media/documents";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { storeInfo } from "~/.server/runtime/store-info";
import {
  CertificateError,
  certificatePrefill,
  claimCertificateSlot,
  signCertificate,
  uploadCertificate,
} from "~/.server/tax/certificates";
import { AccountShell } from "~/components/account-shell";
import { SignaturePad } from "~/components/driver/signature-pad";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { PRODUCT_CLASSES } from "~/lib/compliance/vocabulary";
import { type FieldName, type FormReply, fieldError, intentOf, postedValue } from "~/lib/form-reply";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as CERTIFICATES from "~/lib/messages/certificates";
import { MB, type RouteHandle } from "~/lib/route-policy";
import { signCertificateSchema, uploadCertificateSchema } from "~/lib/schemas/resale-certificate";
import { US_STATES } from "~/lib/us-states";
import type { Route } from "./+types/certificate-new";

/**
 * Sign a Texas resale certificate (Form 01-339) on the site, or upload one signed on paper (issue
 * 41). In the owner group (app/routes.ts). The body cap is above the document limit (10 MB) so a
 * document a little too large is answered beside its field; a drawn signature is a PNG of a few
 * dozen KB.
 */
export const handle: RouteHandle = {
  bodyLimitBytes: 25 * MB,
  maxFields: 40,
  refusal: CERTIFICATES.ownersSignCertificates,
};

export function meta() {
  return [{ title: "Resale Certificate" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const store = storeInfo();
  return {
    prefill: await certificatePrefill(getDb(), viewer.accountId, { name: viewer.name }),
    seller: { name: store.name, address: store.address },
    today: storeToday(),
  };
}

type Intent = "sign" | "upload";
type SignFields = FieldName<ReturnType<typeof signCertificateSchema>>;
type UploadFields = FieldName<ReturnType<typeof uploadCertificateSchema>> | "document";

export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const form = formOf(context);
  const intent: Intent = intentOf(form) === "upload" ? "upload" : "sign";
  const db = getDb();
  const today = storeToday();
  if (intent === "sign") {
    return formAction(
      form,
      signCertificateSchema(today),
      async (input) => {
        await claimCertificateSlot(db, viewer.accountId);
        await signCertificate(db, viewer.accountId, input, actorOf(context), today);
        return redirectWithToast("/account/business#certificates-title", {
          type: "success",
          message: CERTIFICATES.certificateSigned,
        });
      },
      { data: intent },
    );
  }
  const parsed = parseForm(form, uploadCertificateSchema(today));
  const file = form.get("document");
  const hasFile = file instanceof File && file.size > 0;
  const fieldErrors: FieldErrors<UploadFields> = parsed.ok ? {} : { ...parsed.errors };
  if (!hasFile) fieldErrors.document = DOCUMENT_MISSING;
  else {
    // Say everything that is wrong at once: the document too, not only the fields.
    const problem = await checkDocument(Buffer.from(await file.arrayBuffer()), file.name).then(
      () => null,
      (error: unknown) => (error instanceof DocumentRejectedError ? error.message : null),
    );
    if (problem) fieldErrors.document = problem;
  }
  if (!parsed.ok || Object.keys(fieldErrors).length) {
    return replyError<Intent, UploadFields>({ fieldErrors }, { form, data: intent });
  }
  try {
    await claimCertificateSlot(db, viewer.accountId);
    await uploadCertificate(
      db,
      viewer.accountId,
      parsed.data,
      Buffer.from(await (file as File).arrayBuffer()),
      actorOf(context),
      (file as File).name,
      today,
    );
  } catch (error) {
    return certificateErrorReply<UploadFields>(error, form, intent);
  }
  return redirectWithToast("/account/business#certificates-title", {
    type: "success",
    message: CERTIFICATES.certificateUploaded,
  });
}

/** A refusal beside its field (a CertificateError names one), else above the form. */
function certificateErrorReply<F extends string>(error: unknown, form: FormData, intent: Intent) {
  if (error instanceof CertificateError && error.field !== "form") {
    return replyError<Intent, F>(
      { fieldErrors: { [error.field]: error.message } as FieldErrors<F> },
      { form, status: error.status, data: intent },
    );
  }
  return domainErrorReply<Intent>(error, { form, data: intent });
}

type Reply = FormReply<Intent, SignFields | UploadFields>;

function ProductClassesField({ reply, idPrefix }: { reply: Reply | undefined; idPrefix: string }) {
  const error = fieldError(reply, "productClasses");
  const posted = postedValue(reply, "productClasses");
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${idPrefix}-classes-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">Kinds of products you buy for resale</legend>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {PRODUCT_CLASSES.map((c) => (
          <label key={c.value} className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="checkbox"
              name="productClasses"
              value={c.value}
              defaultChecked={posted === c.value}
              className="h-5 w-5"
            />
            {c.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${idPrefix}-classes-error`} className="text-sm text-danger-600" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function PermitFields({ reply, permit, idPrefix }: { reply: Reply | undefined; permit: string; idPrefix: string }) {
  return (
    <>
      <TextField
        id={`${idPrefix}-permit`}
        label="Texas sales and use tax permit number"
        name="permitNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        hint="11 digits, as printed on your permit."
        defaultValue={postedValue(reply, "permitNumber", permit)}
        error={fieldError(reply, "permitNumber")}
      />
      <TextField
        id={`${idPrefix}-pending`}
        label="Or, if your permit is pending: why"
        name="permitPendingReason"
        maxLength={300}
        hint={CERTIFICATES.pendingReasonHint}
        defaultValue={postedValue(reply, "permitPendingReason", "")}
        error={fieldError(reply, "permitPendingReason")}
      />
    </>
  );
}

function SignerFields({
  reply,
  signer,
  today,
  idPrefix,
}: {
  reply: Reply | undefined;
  signer: string;
  today: string;
  idPrefix: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-signer`}
        label="Signer's name"
        name="signerName"
        required
        autoComplete="name"
        maxLength={120}
        defaultValue={postedValue(reply, "signerName", signer)}
        error={fieldError(reply, "signerName")}
      />
      <TextField
        id={`${idPrefix}-signer-title`}
        label="Signer's title"
        name="signerTitle"
        autoComplete="organization-title"
        maxLength={120}
        defaultValue={postedValue(reply, "signerTitle", "")}
        error={fieldError(reply, "signerTitle")}
      />
      <TextField
        id={`${idPrefix}-date`}
        label="Date signed"
        name="signedOn"
        type="date"
        required
        max={today}
        defaultValue={postedValue(reply, "signedOn", today)}
        error={fieldError(reply, "signedOn")}
      />
    </>
  );
}

export default function NewCertificate({ loaderData }: Route.ComponentProps) {
  const { prefill, seller, today } = loaderData;
  const reply = useSettledActionData<typeof action>() as Reply | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? intentOf(navigation.formData) : null;
  const signReply = reply?.data === "sign" ? reply : undefined;
  const uploadReply = reply?.data === "upload" ? reply : undefined;
  const [kind, setKind] = useState<"drawn" | "typed">(
    postedValue(signReply, "signatureKind") === "typed" ? "typed" : "drawn",
  );
  const [drawing, setDrawing] = useState<string | null>(null);
  // A choice made before the page's JavaScript ran is the one kept (the radios are not controlled).
  const typedChoice = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (typedChoice.current?.checked) setKind("typed");
  }, []);
  const signatureError = fieldError(signReply, "signatureImage");

  return (
    <AccountShell title="Resale Certificate">
      <div className="flex flex-col gap-6">
        <p className="max-w-xl text-slate-700">{CERTIFICATES.certificatesIntro}</p>
        <Form
          method="post"
          noValidate
          aria-labelledby="sign-title"
          className="flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="sign-title" className="text-lg font-bold text-slate-900">
            Texas Sales and Use Tax Resale Certificate (Form 01-339)
          </h2>
          {signReply?.message ? <FormMessage tone="error">{signReply.message}</FormMessage> : null}
          <input type="hidden" name="intent" value="sign" />
          <h3 className="font-semibold text-slate-900">Purchaser</h3>
          <TextField
            id="sign-name"
            label="Name of purchaser, firm or agency"
            name="purchaserName"
            required
            maxLength={120}
            autoComplete="organization"
            defaultValue={postedValue(signReply, "purchaserName", prefill.purchaserName)}
            error={fieldError(signReply, "purchaserName")}
          />
          <TextField
            id="sign-street"
            label="Street address"
            name="purchaserStreet"
            required
            maxLength={200}
            autoComplete="street-address"
            defaultValue={postedValue(signReply, "purchaserStreet", prefill.purchaserStreet)}
            error={fieldError(signReply, "purchaserStreet")}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              id="sign-city"
              label="City"
              name="purchaserCity"
              required
              maxLength={80}
              autoComplete="address-level2"
              defaultValue={postedValue(signReply, "purchaserCity", prefill.purchaserCity)}
              error={fieldError(signReply, "purchaserCity")}
            />
            <SelectField
              id="sign-state"
              label="State"
              name="purchaserState"
              required
              defaultValue={postedValue(signReply, "purchaserState", prefill.purchaserState)}
              error={fieldError(signReply, "purchaserState")}
              options={US_STATES.map(([value, label]) => ({ value, label }))}
            />
            <TextField
              id="sign-zip"
              label="ZIP code"
              name="purchaserZip"
              required
              inputMode="numeric"
              maxLength={10}
              autoComplete="postal-code"
              defaultValue={postedValue(signReply, "purchaserZip", prefill.purchaserZip)}
              error={fieldError(signReply, "purchaserZip")}
            />
          </div>
          <TextField
            id="sign-phone"
            label="Phone"
            name="purchaserPhone"
            type="tel"
            maxLength={30}
            autoComplete="tel"
            defaultValue={postedValue(signReply, "purchaserPhone", prefill.purchaserPhone)}
            error={fieldError(signReply, "purchaserPhone")}
          />
          <PermitFields reply={signReply} permit={prefill.permitNumber} idPrefix="sign" />
          <TextField
            id="sign-business"
            label="Description of your business"
            name="businessDescription"
            required
            maxLength={300}
            hint={CERTIFICATES.businessDescriptionHint}
            defaultValue={postedValue(signReply, "businessDescription", "")}
            error={fieldError(signReply, "businessDescription")}
          />
          <h3 className="font-semibold text-slate-900">Seller</h3>
          <p className="text-slate-700">
            {seller.name}
            <br />
            {seller.address}
          </p>
          <h3 className="font-semibold text-slate-900">What you buy for resale</h3>
          <TextAreaField
            id="sign-items"
            label="Description of items to be purchased for resale"
            name="itemsDescription"
            required
            maxLength={600}
            defaultValue={postedValue(signReply, "itemsDescription", "")}
            error={fieldError(signReply, "itemsDescription")}
          />
          <ProductClassesField reply={signReply} idPrefix="sign" />
          <h3 className="font-semibold text-slate-900">Signature</h3>
          <p className="text-sm text-slate-700">{CERTIFICATES.certify}</p>
          <SignerFields reply={signReply} signer={prefill.signerName} today={today} idPrefix="sign" />
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-slate-800">How you sign</legend>
            <label className="flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="signatureKind"
                value="drawn"
                defaultChecked={kind === "drawn"}
                onChange={() => setKind("drawn")}
                className="h-5 w-5"
              />
              Draw my signature
            </label>
            <label className="flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="signatureKind"
                value="typed"
                ref={typedChoice}
                defaultChecked={kind === "typed"}
                onChange={() => setKind("typed")}
                className="h-5 w-5"
              />
              Type my name
            </label>
          </fieldset>
          {kind === "drawn" ? (
            <div className="flex flex-col gap-1">
              <SignaturePad
                onChange={setDrawing}
                label={CERTIFICATES.signatureLabel}
                canvasLabel={CERTIFICATES.signatureCanvasLabel}
                labelId="certificate-signature-label"
              />
              <p className="text-xs text-slate-600">{CERTIFICATES.drawnSignatureHint}</p>
              <input type="hidden" name="signatureImage" value={drawing ?? ""} />
              {signatureError ? (
                <p className="text-sm text-danger-600" role="alert">
                  {signatureError}
                </p>
              ) : null}
            </div>
          ) : (
            <TextField
              id="sign-typed"
              label="Type your full name as your signature"
              name="signatureText"
              required
              maxLength={120}
              hint={CERTIFICATES.typedSignatureHint}
              defaultValue={postedValue(signReply, "signatureText", "")}
              error={fieldError(signReply, "signatureText")}
              className="font-serif"
            />
          )}
          <Button type="submit" disabled={busy === "sign"} className="self-start">
            {busy === "sign" ? "Signing..." : "Sign certificate"}
          </Button>
        </Form>

        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          aria-labelledby="paper-title"
          className="flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="paper-title" className="text-lg font-bold text-slate-900">
            Upload a certificate signed on paper
          </h2>
          <p className="text-sm text-slate-700">{CERTIFICATES.uploadIntro}</p>
          {uploadReply?.message ? <FormMessage tone="error">{uploadReply.message}</FormMessage> : null}
          <input type="hidden" name="intent" value="upload" />
          <TextField
            id="paper-document"
            label="Signed certificate (PDF, JPEG or PNG, up to 10 MB)"
            name="document"
            type="file"
            required
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            error={fieldError(uploadReply, "document")}
          />
          <PermitFields reply={uploadReply} permit={prefill.permitNumber} idPrefix="paper" />
          <ProductClassesField reply={uploadReply} idPrefix="paper" />
          <SignerFields reply={uploadReply} signer={prefill.signerName} today={today} idPrefix="paper" />
          <Button type="submit" disabled={busy === "upload"} className="self-start">
            {busy === "upload" ? ACCOUNT_MESSAGES.uploading : "Upload certificate"}
          </Button>
        </Form>
        <Link to="/account/business" className="font-semibold text-brand-700 underline">
          Back to your business profile
        </Link>
      </div>
    </AccountShell>
  );
}
