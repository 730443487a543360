import { Form, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import {
  type CertificateStatus,
  listCertificatesForReview,
  rejectCertificate,
  revokeCertificate,
  verifyCertificate,
} from "~/.server/tax/certificates";
import { TaxesNav } from "~/components/admin/taxes-nav";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { type FormReply, fieldError } from "~/lib/form-reply";
import * as CERTIFICATES from "~/lib/messages/certificates";
import { reviewCertificateSchema } from "~/lib/schemas/resale-certificate";
import type { Route } from "./+types/certificates";

/**
 * Resale certificates (issue 41): every business's, pending first. An admin verifies a pending
 * one after checking the permit in the Comptroller's permit search (ticked, with the day), or
 * rejects it with a reason; revokes a verified one with a reason. Each decision is audited.
 */
export function meta() {
  return [{ title: "Resale certificates" }, { name: "robots", content: "noindex" }];
}

const STATUSES = ["pending", "verified", "rejected", "revoked"] as const satisfies readonly CertificateStatus[];

export async function loader({ url }: Route.LoaderArgs) {
  const asked = url.searchParams.get("status");
  const status = STATUSES.find((s) => s === asked) ?? null;
  const business = url.searchParams.get("business")?.slice(0, 64) || null;
  const certificates = await listCertificatesForReview(getDb(), { status, userId: business });
  return { certificates, status, today: storeToday() };
}

type Field = "permitChecked" | "permitCheckedOn" | "expiresOn" | "reason";
/** The answer names the form it is about: "verify:<id>", "reject:<id>" or "revoke:<id>". */
type Reply = FormReply<string, Field>;

export async function action({ context, url }: Route.ActionArgs) {
  const form = formOf(context);
  const which = `${String(form.get("intent") ?? "").slice(0, 10)}:${String(form.get("certificateId") ?? "").slice(0, 64)}`;
  const back = `/admin/certificates${url.search}`;
  return formAction(
    form,
    reviewCertificateSchema(storeToday()),
    async (input) => {
      const db = getDb();
      const actor = actorOf(context);
      if (input.intent === "verify") {
        await verifyCertificate(
          db,
          input.certificateId,
          { permitChecked: true, permitCheckedOn: input.permitCheckedOn, expiresOn: input.expiresOn },
          actor,
        );
        return redirectWithToast(back, { type: "success", message: CERTIFICATES.certificateVerified });
      }
      if (input.intent === "reject") {
        await rejectCertificate(db, input.certificateId, input.reason, actor);
        return redirectWithToast(back, { type: "success", message: CERTIFICATES.certificateRejected });
      }
      await revokeCertificate(db, input.certificateId, input.reason, actor);
      return redirectWithToast(back, { type: "success", message: CERTIFICATES.certificateRevoked });
    },
    { data: which },
  );
}

const TONE = { pending: "warn", verified: "ok", rejected: "danger", revoked: "danger" } as const;
const LABEL = { pending: "Pending", verified: "Verified", rejected: "Rejected", revoked: "Revoked" } as const;

type Item = Route.ComponentProps["loaderData"]["certificates"][number];

function Decisions({ c, today, reply }: { c: Item; today: string; reply: Reply | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const name = `${c.businessName} (${c.permitNumber ?? "permit pending"})`;
  const of = (intent: string) => (reply?.data === `${intent}:${c.id}` ? reply : undefined);
  const verify = of("verify");
  const reject = of("reject");
  const revoke = of("revoke");
  if (c.status === "pending") {
    return (
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <Form method="post" noValidate className="flex flex-col gap-3" aria-label={`Verify ${name}`}>
          {verify?.message ? <FormMessage tone="error">{verify.message}</FormMessage> : null}
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="certificateId" value={c.id} />
          <p className="text-sm text-slate-700">{CERTIFICATES.verifyIntro}</p>
          <div className="flex flex-col gap-1">
            <label className="flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="checkbox"
                name="permitChecked"
                value="on"
                className="h-5 w-5"
                aria-invalid={fieldError(verify, "permitChecked") ? true : undefined}
                aria-describedby={fieldError(verify, "permitChecked") ? `checked-${c.id}-error` : undefined}
              />
              I checked this permit in the Comptroller's permit search
            </label>
            {fieldError(verify, "permitChecked") ? (
              <p id={`checked-${c.id}-error`} className="text-sm text-danger-600" role="alert">
                {fieldError(verify, "permitChecked")}
              </p>
            ) : null}
          </div>
          <TextField
            label="Day you checked"
            name="permitCheckedOn"
            type="date"
            max={today}
            defaultValue={today}
            error={fieldError(verify, "permitCheckedOn")}
          />
          <TextField
            label="Renewal date (optional)"
            name="expiresOn"
            type="date"
            min={today}
            error={fieldError(verify, "expiresOn")}
          />
          <Button type="submit" disabled={busy} className="self-start">
            Verify<span className="sr-only"> {name}</span>
          </Button>
        </Form>
        <Form method="post" noValidate className="flex flex-col gap-3" aria-label={`Reject ${name}`}>
          {reject?.message ? <FormMessage tone="error">{reject.message}</FormMessage> : null}
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="certificateId" value={c.id} />
          <TextField
            label="Reason for rejecting (the business reads it)"
            name="reason"
            maxLength={500}
            error={fieldError(reject, "reason")}
          />
          <Button type="submit" variant="secondary" disabled={busy} className="self-start">
            Reject<span className="sr-only"> {name}</span>
          </Button>
        </Form>
      </div>
    );
  }
  if (c.status === "verified") {
    return (
      <Form method="post" noValidate className="mt-3 flex max-w-md flex-col gap-3" aria-label={`Revoke ${name}`}>
        {revoke?.message ? <FormMessage tone="error">{revoke.message}</FormMessage> : null}
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="certificateId" value={c.id} />
        <TextField
          label="Reason for revoking (the business reads it)"
          name="reason"
          maxLength={500}
          error={fieldError(revoke, "reason")}
        />
        <Button type="submit" variant="danger" disabled={busy} className="self-start">
          Revoke<span className="sr-only"> {name}</span>
        </Button>
      </Form>
    );
  }
  return null;
}

export default function AdminCertificates({ loaderData }: Route.ComponentProps) {
  const { certificates, status, today } = loaderData;
  const reply = useSettledActionData<Reply>() as Reply | undefined;
  return (
    <div className="flex flex-col gap-6">
      <TaxesNav />
      <section aria-labelledby="certificates-title" className="flex flex-col gap-4">
        <h2 id="certificates-title" className="text-xl font-bold text-slate-900">
          Resale certificates
        </h2>
        <nav aria-label="Certificates by status" className="flex flex-wrap gap-3 text-sm font-semibold">
          <a
            href="/admin/certificates"
            aria-current={status === null ? "page" : undefined}
            className="text-brand-700 underline"
          >
            All
          </a>
          {STATUSES.map((s) => (
            <a
              key={s}
              href={`/admin/certificates?status=${s}`}
              aria-current={status === s ? "page" : undefined}
              className="text-brand-700 underline"
            >
              {LABEL[s]}
            </a>
          ))}
        </nav>
        {certificates.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {CERTIFICATES.noCertificatesToReview}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {certificates.map((c) => (
              <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-slate-900">
                      {c.businessName} · {c.permitNumber ? `permit ${c.permitNumber}` : "permit pending"}
                    </p>
                    <p className="text-sm text-slate-700">
                      {c.kind === "signed" ? "Signed on the site" : "Uploaded on paper"} by {c.signerName}
                      {c.signerTitle ? ` (${c.signerTitle})` : ""} on {c.signedOn} · {c.email}
                    </p>
                    <p className="text-sm text-slate-700">
                      {c.purchaserName} · {c.purchaserAddress}
                    </p>
                    {c.permitPendingReason ? (
                      <p className="text-sm text-slate-700">Permit pending: {c.permitPendingReason}</p>
                    ) : null}
                    <p className="text-sm text-slate-600">Covers: {c.productClassLabels.join(", ")}</p>
                    {c.permitCheckedOn ? (
                      <p className="text-sm text-slate-600">
                        Permit checked on {c.permitCheckedOn}
                        {c.expiresOn ? ` · renew by ${c.expiresOn}` : ""}
                      </p>
                    ) : null}
                    {c.rejectionReason ? (
                      <p className="text-sm text-danger-700">{CERTIFICATES.reasonLine(c.rejectionReason)}</p>
                    ) : null}
                    {c.revokedReason ? (
                      <p className="text-sm text-danger-700">{CERTIFICATES.reasonLine(c.revokedReason)}</p>
                    ) : null}
                  </div>
                  <Badge tone={TONE[c.status]}>{LABEL[c.status]}</Badge>
                </div>
                <a
                  href={`/admin/certificates/${c.id}/document`}
                  target="_blank"
                  rel="noopener"
                  className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
                >
                  Open the certificate<span className="sr-only"> of {c.businessName}</span>
                </a>
                <Decisions c={c} today={today} reply={reply} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
