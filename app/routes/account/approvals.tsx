import { Form, Link } from "react-router";
import { getDb } from "~/.server/db/instance";
import { listAwaitingApproval } from "~/.server/flows/order-approvals";
import { decideApproval } from "~/.server/flows/order-life";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { formOf, signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { FormReply } from "~/lib/form-reply";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import type { RouteHandle } from "~/lib/route-policy";
import { approvalDecisionSchema } from "~/lib/schemas/back-office";
import type { Route } from "./+types/approvals";

/** In the owner group (app/routes.ts): anyone else signed in is sent to their account and told this. */
export const handle: RouteHandle = { refusal: TEAM_MESSAGES.approvalsOwnersOnly };

export function meta() {
  return [{ title: "Approvals" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  return { orders: await listAwaitingApproval(getDb(), viewer.accountId) };
}

/**
 * An owner approves or declines a buyer's order above their limit (issue 29); the flow checks
 * again, in its transaction, that they are still an owner.
 */
export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  return formAction(
    formOf(context),
    approvalDecisionSchema,
    async ({ intent, orderId }) => {
      await decideApproval(getDb(), viewer, orderId, intent === "approve");
      return replyOk(
        intent === "approve" ? TEAM_MESSAGES.orderApproved(orderId) : TEAM_MESSAGES.orderDeclined(orderId),
      );
    },
    { fields: [] },
  );
}

export default function Approvals({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const reply = useSettledActionData<typeof action>() as FormReply | undefined;
  return (
    <AccountShell title="Approvals">
      <div className="flex flex-col gap-4">
        {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
        {orders.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            {TEAM_MESSAGES.noOrdersWaiting}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {orders.map((o) => (
              <li key={o.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
                <article aria-label={`Order #${o.id}`} className="flex flex-col gap-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link
                      to={`/orders/${o.id}`}
                      className="font-bold text-slate-900 underline-offset-2 hover:underline"
                    >
                      Order #{o.id}
                    </Link>
                    <span className="tabular text-lg font-bold text-slate-900">{formatCents(o.money.totalCents)}</span>
                  </div>
                  <p className="text-sm text-slate-700">
                    {o.placedBy ? TEAM_MESSAGES.placedBy(o.placedBy) : null} · {formatOrderDate(o.createdAt)} ·{" "}
                    {o.itemCount} {o.itemCount === 1 ? "item" : "items"}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="orderId" value={o.id} />
                      <Button type="submit" name="intent" value="approve" aria-label={`Approve order #${o.id}`}>
                        Approve
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="orderId" value={o.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="decline"
                        variant="danger"
                        aria-label={`Decline order #${o.id}`}
                      >
                        Decline
                      </Button>
                    </Form>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AccountShell>
  );
}
