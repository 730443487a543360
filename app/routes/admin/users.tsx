import { Form, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import { applyUserAction, type UserAction } from "~/.server/accounts/user-admin";
import { findUserById } from "~/.server/accounts/users";
import { type AdminUserRow, listUsers } from "~/.server/admin/directory";
import { approvalMode } from "~/.server/business/profile";
import { getDb } from "~/.server/db/instance";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { Pagination } from "~/components/admin/pagination";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { TextField } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useReplyToast } from "~/components/use-reply-toast";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { approvalShown } from "~/lib/business";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import type { FormReply } from "~/lib/form-reply";
import { intentOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { formatOrderDate } from "~/lib/orders";
import { pageParam } from "~/lib/schemas/params";
import type { Route } from "./+types/users";

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = pageParam(url.searchParams.get("page"));
  const attention = url.searchParams.get("licenses") === "attention";
  return {
    ...(await listUsers(getDb(), { q, page, licenseAttention: attention })),
    q,
    attention,
    viewerId: signedInViewer(context).id,
    approvalMode: approvalMode(),
  };
}

const ACTIONS: readonly UserAction[] = ["disable", "enable", "make-admin", "remove-admin", "delete"];

/**
 * Disable, re-enable, make or remove admin, delete a customer: recorded in the log, and only once
 * the admin has confirmed. The page asks in the browser and posts `confirmed`; a post without it
 * (a form sent before the page's JavaScript ran, a script) changes nothing and is answered with
 * the question, which the page shows with a Confirm button that posts again with the answer.
 */
/** A user row's action, and whom it is for; anything else is a user that is not there. */
const userActionSchema = z.object({
  intent: z.enum(ACTIONS, { error: MESSAGES.userNotFound }),
  userId: z.string({ error: MESSAGES.userNotFound }).min(1, MESSAGES.userNotFound).max(100, MESSAGES.userNotFound),
});

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  return formAction(
    form,
    userActionSchema,
    async ({ intent, userId }) => {
      if (!isConfirmed(form)) {
        const user = await findUserById(getDb(), userId);
        if (!user) return replyError({ message: MESSAGES.userNotFound }, { status: 404 });
        return askFirst({
          question: CONFIRM[intent],
          detail: BACK_OFFICE_MESSAGES.confirmUserAccount(user.name, user.email),
          fields: { intent, userId },
          danger: intent === "delete",
        });
      }
      return replyOk(await applyUserAction(getDb(), userId, intent, actorOf(context)));
    },
    // The rows have no fields of their own: every answer is said in a toast.
    { fields: [] },
  );
}

const CONFIRM: Record<UserAction, string> = {
  disable: BACK_OFFICE_MESSAGES.confirmDisableUser,
  enable: BACK_OFFICE_MESSAGES.confirmEnableUser,
  "make-admin": BACK_OFFICE_MESSAGES.confirmMakeAdmin,
  "remove-admin": BACK_OFFICE_MESSAGES.confirmRemoveAdmin,
  delete: BACK_OFFICE_MESSAGES.confirmDeleteUser,
};

/**
 * The rows' actions share one fetcher, watched by the page: a deleted customer's row is gone
 * when the answer arrives, and the page still tells the admin it was done.
 */
const USER_ACTION = "user-action";

function useUserActionReply() {
  const fetcher = useFetcher<FormReply>({ key: USER_ACTION });
  useReplyToast(fetcher.data, { state: fetcher.state });
}

function UserActions({ user, self }: { user: AdminUserRow; self: boolean }) {
  const fetcher = useFetcher<FormReply>({ key: USER_ACTION });
  if (self) return <span className="text-slate-600">You</span>;
  const admin = user.role === "admin";
  const buttons: { intent: UserAction; label: string }[] = [
    user.disabled ? { intent: "enable", label: "Re-enable" } : { intent: "disable", label: "Disable" },
    admin ? { intent: "remove-admin", label: "Remove admin" } : { intent: "make-admin", label: "Make admin" },
    ...(admin ? [] : [{ intent: "delete" as const, label: "Delete" }]),
  ];
  return (
    <fetcher.Form
      method="post"
      className="flex gap-1 whitespace-nowrap"
      onSubmit={(e) => {
        // Asked here, then posted with the answer; without JavaScript the server asks instead.
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const intent = submitter?.value as UserAction | undefined;
        if (!intent || !ACTIONS.includes(intent)) return e.preventDefault();
        askThenSubmit(e, CONFIRM[intent], (form) => void fetcher.submit(form, { method: "post" }));
      }}
    >
      <input type="hidden" name="userId" value={user.id} />
      {buttons.map((b) => (
        <Button
          key={b.intent}
          type="submit"
          name="intent"
          value={b.intent}
          variant={b.intent === "delete" ? "danger" : "secondary"}
          disabled={fetcher.state !== "idle"}
          className="min-h-9 px-2 text-xs"
        >
          {b.label}
          <span className="sr-only"> {user.email}</span>
        </Button>
      ))}
    </fetcher.Form>
  );
}

function licenseSummaryText(l: {
  approved: number;
  pending: number;
  rejected: number;
  expired: number;
  nextExpiry: string | null;
}): string {
  const parts = [
    l.approved ? `${l.approved} approved` : "",
    l.pending ? `${l.pending} pending` : "",
    l.rejected ? `${l.rejected} rejected` : "",
    l.expired ? `${l.expired} expired` : "",
    l.nextExpiry ? `next expiry ${l.nextExpiry}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "None";
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, q, attention, viewerId, approvalMode } = loaderData;
  const [params] = useSearchParams();
  // The answer of a post made without JavaScript (fetcher posts answer their own row).
  useUserActionReply();
  const reply = useSettledActionData<typeof action>();
  const step = confirmStepOf(reply);
  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <h2 id="users-title" className="text-xl font-bold text-slate-900">
        Registered users <span className="text-base font-normal text-slate-600">({total.toLocaleString("en-US")})</span>
      </h2>
      {step ? (
        <ConfirmPanel step={step} />
      ) : reply?.message ? (
        <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <TextField
          label="Search name, email or username"
          name="q"
          type="search"
          defaultValue={q}
          className="min-w-64 flex-1"
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="licenses"
            value="attention"
            defaultChecked={attention}
            className="size-5 accent-brand-700"
          />
          Expired or expiring licenses only
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <div className="rounded-lg border border-slate-200 bg-white">
        <DataTable
          caption="Registered users"
          rows={items}
          rowKey={(u) => u.id}
          tableClassName="min-w-[1500px]"
          empty={
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
              {BACK_OFFICE_MESSAGES.noUsersFound}
            </p>
          }
          columns={[
            { key: "name", header: "Name", cell: (u) => u.name, className: "font-medium" },
            { key: "email", header: "Email", cell: (u) => u.email },
            { key: "username", header: "Username", cell: (u) => u.username ?? "—" },
            { key: "phone", header: "Phone", cell: (u) => u.phone ?? "—", className: "whitespace-nowrap" },
            { key: "address", header: "Address", cell: (u) => u.address ?? "—" },
            { key: "city", header: "City", cell: (u) => u.city ?? "—" },
            { key: "state", header: "State", cell: (u) => u.state ?? "—" },
            { key: "zip", header: "Zip", cell: (u) => u.zip ?? "—" },
            {
              key: "business",
              header: "Business",
              cell: (u) =>
                u.business ? (
                  <>
                    <span className="block font-medium">{u.business.name}</span>
                    <Badge tone={approvalShown(approvalMode, u.business.approval).tone}>
                      {approvalShown(approvalMode, u.business.approval).label}
                    </Badge>
                    {/* Its resale certificates (issue 41): verified, rejected or revoked there. */}
                    <a
                      href={`/admin/certificates?business=${encodeURIComponent(u.id)}`}
                      className="mt-1 block text-sm font-semibold text-brand-700 underline"
                    >
                      Resale certificates<span className="sr-only"> of {u.business.name}</span>
                    </a>
                  </>
                ) : (
                  "—"
                ),
            },
            {
              key: "licenses",
              header: "Licenses",
              cell: (u) => licenseSummaryText(u.licenses),
              className: "whitespace-nowrap",
            },
            {
              key: "verified",
              header: "Verified",
              cell: (u) =>
                u.emailVerified ? <Badge tone="ok">Verified</Badge> : <Badge tone="warn">Not verified</Badge>,
            },
            {
              key: "role",
              header: "Role",
              cell: (u) => (
                <>
                  {u.role === "admin" ? <Badge tone="info">Admin</Badge> : roleLabel(u.role)}
                  {u.disabled ? (
                    <span className="mt-1 block">
                      <Badge tone="danger">Disabled</Badge>
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              key: "signed-up",
              header: "Signed up",
              cell: (u) => formatOrderDate(u.createdAt),
              className: "whitespace-nowrap",
            },
            { key: "actions", header: "Actions", cell: (u) => <UserActions user={u} self={u.id === viewerId} /> },
          ]}
        />
      </div>
      <Pagination page={page} pageSize={pageSize} total={total} params={params} label="User pages" />
    </section>
  );
}

/** A login's role as the table says it (a sales rep and a driver are no customers). */
function roleLabel(role: string): string {
  return role === "rep" ? "Sales rep" : role === "driver" ? "Driver" : "Customer";
}
