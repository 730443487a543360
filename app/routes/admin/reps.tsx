import { Form } from "react-router";
import { z } from "zod";
import {
  inviteStaff,
  listDrivers,
  listStaffInvitations,
  withdrawStaffInvitation,
} from "~/.server/accounts/staff-invitations";
import { businessesToActFor, listReps, setAssignment, setSalesRep } from "~/.server/business/reps";
import { getDb } from "~/.server/db/instance";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { confirmStepOf } from "~/lib/confirmation";
import { type FormReply, fieldError, intentOf, postedValue } from "~/lib/form-reply";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import { emailSchema } from "~/lib/schemas/account";
import { hiddenText } from "~/lib/schemas/params";
import { staffInviteSchema } from "~/lib/schemas/team";
import type { Route } from "./+types/reps";

export function meta() {
  return [{ title: "Sales reps" }, { name: "robots", content: "noindex" }];
}

const repEmailSchema = z.object({ email: emailSchema });

/** The first day of this month in the store's calendar (listReps counts from its Dallas midnight). */
function monthStart(): string {
  return `${storeToday().slice(0, 7)}-01`;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const [reps, businesses, invitations, drivers] = await Promise.all([
    listReps(db, monthStart()),
    businessesToActFor(db, { id: viewer.id, staffRole: "admin" }, q, 200),
    listStaffInvitations(db),
    listDrivers(db),
  ]);
  return { q, reps, businesses, invitations, drivers };
}

type Intent = "invite" | "withdraw" | "make-rep" | "remove-rep" | "assign" | "unassign";
const INTENTS: readonly Intent[] = ["invite", "withdraw", "make-rep", "remove-rep", "assign", "unassign"];

/** A rep's assignment to a business, or its end: the rep and the business the row showed. */
const assignmentFields = { repId: hiddenText(100), businessId: hiddenText(100) };

/** The staff page's forms: invitations, the sales-rep role, and reps' businesses. */
const repsSchema = z.discriminatedUnion(
  "intent",
  [
    staffInviteSchema.extend({ intent: z.literal("invite") }),
    z.object({ intent: z.literal("withdraw"), invitationId: hiddenText(200) }),
    repEmailSchema.extend({ intent: z.literal("make-rep") }),
    repEmailSchema.extend({ intent: z.literal("remove-rep") }),
    z.object({ intent: z.literal("assign"), ...assignmentFields }),
    z.object({ intent: z.literal("unassign"), ...assignmentFields }),
  ],
  { error: TEAM_MESSAGES.notARep },
);

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const asked = intentOf(form);
  const intent = INTENTS.find((i) => i === asked);
  const db = getDb();
  const actor = actorOf(context);
  return formAction(
    form,
    repsSchema,
    async (input) => {
      switch (input.intent) {
        // A new sales rep or driver gets a login of their own from a mailed link (issue 37).
        case "invite":
          await inviteStaff(db, signedInViewer(context), input, actor);
          return replyOk<Intent>(TEAM_MESSAGES.memberInvited(input.email.trim().toLowerCase()), input.intent);
        case "withdraw": {
          const email = await withdrawStaffInvitation(db, input.invitationId, actor);
          return replyOk<Intent>(TEAM_MESSAGES.invitationWithdrawn(email), input.intent);
        }
        case "make-rep":
        case "remove-rep": {
          // Taking the role away ends the rep's assignments and acting: asked first (decision 0023).
          if (input.intent === "remove-rep" && !isConfirmed(form)) {
            return askFirst({
              question: TEAM_MESSAGES.confirmRemoveRep,
              detail: input.email,
              fields: { intent: "remove-rep", email: input.email },
              danger: true,
            });
          }
          const made = input.intent === "make-rep";
          const name = await setSalesRep(db, input.email, made, actor);
          return replyOk<Intent>(made ? TEAM_MESSAGES.repMade(name) : TEAM_MESSAGES.repRemoved(name), input.intent);
        }
        case "assign":
        case "unassign": {
          const assign = input.intent === "assign";
          const done = await setAssignment(db, input.repId, input.businessId, assign, actor);
          return replyOk<Intent>(
            assign
              ? TEAM_MESSAGES.assigned(done.business, done.rep)
              : TEAM_MESSAGES.unassigned(done.business, done.rep),
            input.intent,
          );
        }
      }
    },
    { fields: ["email", "name", "role"], ...(intent ? { data: intent } : {}) },
  );
}

export default function Reps({ loaderData }: Route.ComponentProps) {
  const { reps, businesses, q, invitations, drivers } = loaderData;
  const settled = useSettledActionData<typeof action>();
  const step = confirmStepOf(settled);
  const reply = step ? undefined : (settled as FormReply<Intent> | undefined);
  const repReply = reply?.data === "make-rep" ? reply : undefined;
  const inviteReply = reply?.data === "invite" ? reply : undefined;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Sales reps</h1>
      {step ? <ConfirmPanel step={step} /> : null}
      {reply?.message && !repReply && !inviteReply ? (
        <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage>
      ) : null}
      <Form
        method="post"
        noValidate
        aria-labelledby="invite-staff-title"
        className="flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="invite-staff-title" className="text-lg font-bold text-slate-900">
          Invite a rep
        </h2>
        <p className="text-sm text-slate-700">{TEAM_MESSAGES.inviteStaffHint}</p>
        {inviteReply?.message ? (
          <FormMessage tone={inviteReply.ok ? "success" : "error"}>{inviteReply.message}</FormMessage>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          error={fieldError(inviteReply, "email")}
          defaultValue={postedValue(inviteReply, "email")}
        />
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          required
          error={fieldError(inviteReply, "name")}
          defaultValue={postedValue(inviteReply, "name")}
        />
        <SelectField
          label="Role"
          name="role"
          defaultValue={postedValue(inviteReply, "role", "rep")}
          options={[
            { value: "rep", label: "Sales rep: orders for the businesses assigned to them" },
            { value: "driver", label: "Driver: delivers orders" },
          ]}
          error={fieldError(inviteReply, "role")}
        />
        <Button type="submit" name="intent" value="invite" className="self-start">
          Send invitation
        </Button>
      </Form>
      {invitations.length > 0 ? (
        <section aria-labelledby="staff-invitations-title" className="flex max-w-xl flex-col gap-2">
          <h2 id="staff-invitations-title" className="text-lg font-bold text-slate-900">
            Invitations waiting
          </h2>
          <ul className="flex flex-col gap-2">
            {invitations.map((i) => (
              <li
                key={i.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                <span className="min-w-0 break-all">
                  {i.name} · {i.email} · {i.role === "rep" ? "Sales rep" : "Driver"} · until{" "}
                  {formatOrderDate(i.expiresAt)}
                </span>
                <Form method="post">
                  <input type="hidden" name="invitationId" value={i.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="withdraw"
                    variant="ghost"
                    aria-label={`Withdraw invitation to ${i.email}`}
                  >
                    Withdraw
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form
        method="post"
        noValidate
        aria-labelledby="make-rep-title"
        className="flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="make-rep-title" className="text-lg font-bold text-slate-900">
          Make a sales rep
        </h2>
        {repReply?.message ? (
          <FormMessage tone={repReply.ok ? "success" : "error"}>{repReply.message}</FormMessage>
        ) : null}
        <TextField
          label="Email of their login"
          name="email"
          type="email"
          required
          error={fieldError(repReply, "email")}
        />
        <Button type="submit" name="intent" value="make-rep" className="self-start">
          Make sales rep
        </Button>
      </Form>
      {reps.length === 0 ? null : (
        <Form method="get" role="search" className="flex max-w-xl flex-wrap items-end gap-2">
          <TextField
            label="Find businesses to assign"
            name="q"
            type="search"
            defaultValue={q}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
      )}
      <ul className="flex flex-col gap-4">
        {reps.map((rep) => (
          <li key={rep.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
            <article aria-label={rep.name} className="flex flex-col gap-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="text-lg font-bold break-words text-slate-900">{rep.name}</h2>
                  <p className="text-sm break-all text-slate-600">{rep.email}</p>
                </div>
                <p className="text-sm text-slate-700">
                  This month: {rep.ordersThisMonth} {rep.ordersThisMonth === 1 ? "order" : "orders"},{" "}
                  <span className="tabular font-semibold">{formatCents(rep.salesThisMonthCents)}</span>
                </p>
              </div>
              {rep.businesses.length === 0 ? (
                <p className="text-sm text-slate-700">{TEAM_MESSAGES.noBusinessesAssigned}</p>
              ) : (
                <ul className="flex flex-col gap-1" aria-label={`Businesses of ${rep.name}`}>
                  {rep.businesses.map((b) => (
                    <li
                      key={b.id}
                      className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 py-1"
                    >
                      <span className="break-words">{b.name}</span>
                      <Form method="post">
                        <input type="hidden" name="repId" value={rep.id} />
                        <input type="hidden" name="businessId" value={b.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="unassign"
                          variant="ghost"
                          aria-label={`Take away ${b.name} from ${rep.name}`}
                        >
                          Take away
                        </Button>
                      </Form>
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="repId" value={rep.id} />
                  <SelectField
                    label={`Assign a business to ${rep.name}`}
                    name="businessId"
                    placeholder="Choose a business"
                    options={businesses.map((b) => ({
                      value: b.id,
                      label: `${b.name}${b.city ? ` (${b.city}, ${b.state})` : ""}`,
                    }))}
                  />
                  <Button type="submit" name="intent" value="assign" variant="secondary">
                    Assign
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="email" value={rep.email} />
                  <Button
                    type="submit"
                    name="intent"
                    value="remove-rep"
                    variant="ghost"
                    aria-label={`Remove as sales rep: ${rep.name}`}
                  >
                    Remove as sales rep
                  </Button>
                </Form>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <section aria-labelledby="drivers-title" className="flex flex-col gap-2">
        <h2 id="drivers-title" className="text-lg font-bold text-slate-900">
          Drivers
        </h2>
        {drivers.length === 0 ? (
          <p className="text-sm text-slate-700">{TEAM_MESSAGES.noDriversYet}</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label="Drivers">
            {drivers.map((d) => (
              <li key={d.id} className="break-words">
                {d.name} · <span className="break-all text-slate-600">{d.email}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
