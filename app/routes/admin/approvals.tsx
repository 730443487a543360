import { useFetcher } from "react-router";
import { reviewLicense } from "~/.server/business/licenses";
import { reviewBusiness } from "~/.server/business/profile";
import { type PendingBusiness, type PendingLicense, reviewQueue } from "~/.server/business/queue";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { DomainError } from "~/.server/runtime/domain-error";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { BUSINESS_TYPES, businessDisplayName } from "~/lib/business";
import { type FormReply, fieldError, revalidateAfterConflict } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { formatOrderDate } from "~/lib/orders";
import { reviewSchema } from "~/lib/schemas/back-office";
import type { Route } from "./+types/approvals";

/** A change refused because the page was out of date reloads the page's data (issue 26). */

/** The review form's one field: the reason for a rejection (a typo in its name fails the type check). */
type ReviewField = "reason";
/** The answer to a review: the reviewed id as its data. */
type ReviewReply = FormReply<string, ReviewField>;

export const shouldRevalidate = revalidateAfterConflict;

export function meta() {
  return [{ title: "Approvals" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return reviewQueue(getDb());
}

/** A decision takes the item off the queue: the page reloads with the outcome as a toast. */
function done(message: string) {
  return redirectWithToast("/admin/approvals", { type: "success", message });
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  // Every refusal names the item it is about (`data`), so the right review form shows it.
  const id = String(form.get("id") ?? "").slice(0, 64);
  return formAction(
    form,
    reviewSchema,
    async (review) => {
      const actor = actorOf(context);
      const decision = review.approve
        ? ({ approve: true } as const)
        : ({ approve: false, reason: review.reason } as const);
      if (review.subject === "business") {
        const business = await reviewBusiness(getDb(), review.id, { ...decision, seen: review.seen }, actor);
        if (!business) throw new DomainError(BACK_OFFICE_MESSAGES.businessNotFound, { status: 404 });
        return done(BACK_OFFICE_MESSAGES.businessReviewed(businessDisplayName(business), review.approve));
      }
      const license = await reviewLicense(getDb(), review.id, decision, actor);
      return done(BACK_OFFICE_MESSAGES.licenseReviewed(license.typeLabel, license.number, review.approve));
    },
    { fields: ["reason"], data: id },
  );
}

function Decision({
  subject,
  id,
  name,
  seen,
}: {
  subject: "license" | "business";
  id: string;
  name: string;
  /** What the page shows of a business (its reviewedVersion). */
  seen?: string;
}) {
  const fetcher = useFetcher<ReviewReply>();
  // A tap before the page's JavaScript ran posts the form as a page: its answer is the route's
  // action data, shown by the form it is about.
  const pageReply = useSettledActionData<ReviewReply>();
  const reply = fetcher.data ?? (pageReply?.data === id ? pageReply : undefined);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" noValidate className="mt-3 flex flex-col gap-2" aria-label={`Review ${name}`}>
      {reply && !reply.ok && reply.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      <input type="hidden" name="subject" value={subject} />
      <input type="hidden" name="id" value={id} />
      {seen ? <input type="hidden" name="seen" value={seen} /> : null}
      <TextField
        label={`Reason for rejecting ${name} (the customer reads it)`}
        name="reason"
        maxLength={500}
        error={fieldError(reply, "reason")}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="decision" value="approve" disabled={busy}>
          Approve<span className="sr-only"> {name}</span>
        </Button>
        <Button type="submit" name="decision" value="reject" variant="secondary" disabled={busy}>
          Reject<span className="sr-only"> {name}</span>
        </Button>
      </div>
    </fetcher.Form>
  );
}

function LicenseItem({ l }: { l: PendingLicense }) {
  const name = `${l.typeLabel} ${l.number}`;
  const href = `/account/business/licenses/${l.id}/document`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="text-xs text-slate-600">Uploaded {formatOrderDate(l.createdAt)}</p>
      </div>
      <p className="text-sm text-slate-700">
        {l.businessName} ({l.customerEmail}) · issued by {l.issuingState}
        {l.expiresOn ? ` · expires ${l.expiresOn}` : ""}
        {l.replacesId ? " · replaces an earlier license" : ""}
      </p>
      <p className="text-sm text-slate-700">
        {l.countsFor} · {l.covers}
      </p>
      {l.addressProblem ? <p className="text-sm font-medium text-danger-700">{l.addressProblem}</p> : null}
      {l.documentType === "application/pdf" ? (
        // Shown when the admin opens it. Chromium's PDF viewer takes the keyboard once it has
        // loaded, so a queue that loaded every PDF with the page sent the keys of a rejection reason
        // being typed into a viewer. A lazy frame inside a closed details element is not fetched
        // until it is opened, with or without the page's JavaScript.
        <details className="mt-3">
          <summary className="flex min-h-11 w-fit cursor-pointer items-center text-sm font-semibold text-brand-700">
            Show the document<span className="sr-only"> of {name}</span>
          </summary>
          <iframe
            src={href}
            title={`Document of ${name}`}
            loading="lazy"
            className="mt-2 h-[28rem] w-full rounded border border-slate-200 bg-slate-50"
          />
        </details>
      ) : (
        <img
          src={href}
          alt={`Document of ${name}`}
          className="mt-3 max-h-96 w-full rounded border border-slate-200 bg-slate-50 object-contain"
        />
      )}
      <a href={href} target="_blank" rel="noopener" className="mt-2 inline-block text-sm font-semibold text-brand-700">
        Open in a new tab<span className="sr-only">: {name}</span>
      </a>
      <Decision subject="license" id={l.id} name={name} />
    </li>
  );
}

function BusinessItem({ b }: { b: PendingBusiness }) {
  const type = BUSINESS_TYPES.find((t) => t.value === b.businessType)?.label ?? b.businessType;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-semibold text-slate-900">{b.name}</p>
      <p className="text-sm text-slate-700">
        {type} · {b.customerName} ({b.customerEmail}) · sales tax permit {b.taxPermit ?? "not given"} · registered{" "}
        {formatOrderDate(b.createdAt)}
      </p>
      <Decision subject="business" id={b.userId} name={b.name} seen={b.seen} />
    </li>
  );
}

export default function AdminApprovals({ loaderData }: Route.ComponentProps) {
  const { mode, licenses, businesses, pendingLicenses, pendingBusinesses } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="licenses-title" className="flex flex-col gap-3">
        <h2 id="licenses-title" className="text-xl font-bold text-slate-900">
          Licenses waiting for review <span className="text-base font-normal text-slate-600">({pendingLicenses})</span>
        </h2>
        {licenses.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {BACK_OFFICE_MESSAGES.noLicensesWaiting}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {licenses.map((l) => (
              <LicenseItem key={l.id} l={l} />
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="businesses-title" className="flex flex-col gap-3">
        <h2 id="businesses-title" className="text-xl font-bold text-slate-900">
          Businesses waiting for approval{" "}
          <span className="text-base font-normal text-slate-600">({pendingBusinesses})</span>
        </h2>
        {mode === "automatic" ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {BACK_OFFICE_MESSAGES.businessesNeedNoApproval}
          </p>
        ) : businesses.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {BACK_OFFICE_MESSAGES.noBusinessesWaiting}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {businesses.map((b) => (
              <BusinessItem key={b.userId} b={b} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
