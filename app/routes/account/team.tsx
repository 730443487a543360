import { Form, useNavigation } from "react-router";
import { z } from "zod";
import {
  changeRole,
  inviteMember,
  listMembers,
  listPendingInvitations,
  removeMember,
  setOrderLimit,
  withdrawInvitation,
} from "~/.server/business/team";
import { getDb } from "~/.server/db/instance";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { formOf, signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { CONFIRMED, confirmStepOf } from "~/lib/confirmation";
import { type FormReply, fieldError, intentOf } from "~/lib/form-reply";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { centsToDecimalString, formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import type { RouteHandle } from "~/lib/route-policy";
import { hiddenText } from "~/lib/schemas/params";
import { inviteSchema, memberSchema, orderLimitSchema, roleChangeSchema } from "~/lib/schemas/team";
import type { Route } from "./+types/team";

/** In the owner group (app/routes.ts): anyone else signed in is sent to their account and told this. */
export const handle: RouteHandle = { refusal: TEAM_MESSAGES.teamOwnersOnly };

export function meta() {
  return [{ title: "Team" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  const [members, invitations] = await Promise.all([
    listMembers(db, viewer.accountId),
    listPendingInvitations(db, viewer.accountId),
  ]);
  return { members, invitations, me: viewer.id };
}

type Intent = "invite" | "role" | "limit" | "remove" | "withdraw";
const INTENTS: readonly Intent[] = ["invite", "role", "limit", "remove", "withdraw"];

/**
 * The owner's changes to the team (the owner group let only owners in). Every one is checked
 * again by the domain, inside its transaction (still an owner, last owner).
 */
/** The team page's forms: invite, withdraw an invitation, a member's role, order limit or removal. */
const teamSchema = z.discriminatedUnion(
  "intent",
  [
    inviteSchema.extend({ intent: z.literal("invite") }),
    z.object({ intent: z.literal("withdraw"), invitationId: hiddenText(200) }),
    roleChangeSchema.extend({ intent: z.literal("role") }),
    orderLimitSchema.extend({ intent: z.literal("limit") }),
    memberSchema.extend({ intent: z.literal("remove") }),
  ],
  { error: TEAM_MESSAGES.ownerOnly },
);

export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const form = formOf(context);
  const asked = intentOf(form);
  const intent = INTENTS.find((i) => i === asked);
  const db = getDb();
  return formAction(
    form,
    teamSchema,
    async (input) => {
      switch (input.intent) {
        case "invite":
          await inviteMember(db, viewer, input);
          return replyOk<Intent>(TEAM_MESSAGES.memberInvited(input.email), input.intent);
        case "withdraw": {
          const email = await withdrawInvitation(db, viewer, input.invitationId);
          return replyOk<Intent>(TEAM_MESSAGES.invitationWithdrawn(email), input.intent);
        }
        case "role": {
          const name = await changeRole(db, viewer, input.memberId, input.role);
          return replyOk<Intent>(TEAM_MESSAGES.roleChanged(name, input.role), input.intent);
        }
        case "limit": {
          const name = await setOrderLimit(db, viewer, input.memberId, input.limit);
          const limit = input.limit === null ? null : formatCents(input.limit);
          return replyOk<Intent>(TEAM_MESSAGES.orderLimitSaved(name, limit), input.intent);
        }
        case "remove": {
          if (!isConfirmed(form)) {
            const member = (await listMembers(db, viewer.accountId)).find((m) => m.userId === input.memberId);
            if (!member)
              return replyError<Intent>({ message: TEAM_MESSAGES.notAMember }, { status: 404, data: input.intent });
            return askFirst({
              question: TEAM_MESSAGES.confirmRemoveMember(member.name),
              detail: member.email,
              fields: { intent: "remove", memberId: member.userId },
              danger: true,
            });
          }
          const name = await removeMember(db, viewer, input.memberId);
          return replyOk<Intent>(TEAM_MESSAGES.memberRemoved(name), input.intent);
        }
      }
    },
    // The invitation's fields say their problems beside them; the member rows', above the team.
    { fields: intent === "invite" ? ["email", "role"] : ["email"], ...(intent ? { data: intent } : {}) },
  );
}

type Member = Awaited<ReturnType<typeof loader>>["members"][number];

function MemberRow({ member, manage }: { member: Member; manage: boolean }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={member.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold break-words text-slate-900">{member.name}</p>
          <p className="text-sm break-all text-slate-600">{member.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={member.role === "owner" ? "info" : "neutral"}>
            {member.role === "owner" ? "Owner" : "Buyer"}
          </Badge>
          {member.role === "buyer" ? (
            <Badge tone="neutral">
              {member.orderLimitCents === null ? "No order limit" : `Limit ${formatCents(member.orderLimitCents)}`}
            </Badge>
          ) : null}
        </div>
      </div>
      {manage ? (
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="memberId" value={member.userId} />
            <SelectField
              label="Role"
              name="role"
              defaultValue={member.role}
              options={[
                { value: "owner", label: "Owner" },
                { value: "buyer", label: "Buyer" },
              ]}
            />
            <Button
              type="submit"
              name="intent"
              value="role"
              variant="secondary"
              aria-label={`Save role of ${member.name}`}
            >
              Save role
            </Button>
          </Form>
          {member.role === "buyer" ? (
            <Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="memberId" value={member.userId} />
              <TextField
                label="Order limit ($)"
                name="limit"
                inputMode="decimal"
                placeholder="No limit"
                defaultValue={member.orderLimitCents === null ? "" : centsToDecimalString(member.orderLimitCents)}
                className="w-36"
              />
              <Button
                type="submit"
                name="intent"
                value="limit"
                variant="secondary"
                aria-label={`Save order limit of ${member.name}`}
              >
                Save limit
              </Button>
            </Form>
          ) : null}
          {member.founder ? null : (
            <details className="group">
              <summary className="flex min-h-11 cursor-pointer list-none items-center rounded-md px-3 font-semibold text-danger-600 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                Remove
              </summary>
              <Form method="post" className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-3">
                <p className="text-sm text-slate-800">{TEAM_MESSAGES.confirmRemoveMember(member.name)}</p>
                <input type="hidden" name="memberId" value={member.userId} />
                <input type="hidden" name={CONFIRMED} value="yes" />
                <Button
                  type="submit"
                  name="intent"
                  value="remove"
                  variant="danger"
                  aria-label={`Yes, remove ${member.name}`}
                >
                  Yes, remove
                </Button>
              </Form>
            </details>
          )}
        </div>
      ) : null}
    </li>
  );
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { members, invitations, me } = loaderData;
  const reply = useSettledActionData<typeof action>() as FormReply<Intent> | undefined;
  const step = confirmStepOf(reply);
  const inviteReply = reply?.data === "invite" ? reply : undefined;
  const otherReply = reply && reply.data !== "invite" && !step ? reply : undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <AccountShell title="Team">
      <div className="flex flex-col gap-6">
        {step ? <ConfirmPanel step={step} /> : null}
        {otherReply?.message ? (
          <FormMessage tone={otherReply.ok ? "success" : "error"}>{otherReply.message}</FormMessage>
        ) : null}
        <section aria-labelledby="members-title" className="flex flex-col gap-3">
          <h2 id="members-title" className="text-lg font-bold text-slate-900">
            Members
          </h2>
          <ul className="flex flex-col gap-3">
            {members.map((m) => (
              <MemberRow key={m.userId} member={m} manage={m.userId !== me} />
            ))}
          </ul>
        </section>
        {invitations.length > 0 ? (
          <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
            <h2 id="invitations-title" className="text-lg font-bold text-slate-900">
              Invitations waiting
            </h2>
            <ul className="flex flex-col gap-2">
              {invitations.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
                >
                  <span className="min-w-0 break-all">
                    {i.email} · {i.role === "owner" ? "Owner" : "Buyer"} · until {formatOrderDate(i.expiresAt)}
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
          aria-labelledby="invite-title"
          className="flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="invite-title" className="text-lg font-bold text-slate-900">
            Invite a member
          </h2>
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
          />
          <SelectField
            label="Role"
            name="role"
            defaultValue="buyer"
            options={[
              { value: "buyer", label: "Buyer: orders for the business" },
              { value: "owner", label: "Owner: also manages the team, licenses and addresses" },
            ]}
            error={fieldError(inviteReply, "role")}
          />
          <Button type="submit" name="intent" value="invite" disabled={busy} className="self-start">
            Send invitation
          </Button>
        </Form>
      </div>
    </AccountShell>
  );
}
