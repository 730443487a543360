import { Form } from "react-router";
import { staffRoleOf, type Viewer } from "~/.server/accounts/viewer";
import { businessesToActFor, type Staff, startActing, stopActing } from "~/.server/business/reps";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { type FormReply, intentOf } from "~/lib/form-reply";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import type { RouteHandle } from "~/lib/route-policy";
import { actForSchema } from "~/lib/schemas/back-office";
import type { Route } from "./+types/act";

/** In the rep group (app/routes.ts): anyone else signed in is sent to their account and told this. */
export const handle: RouteHandle = { refusal: TEAM_MESSAGES.staffOnly };

export function meta() {
  return [{ title: "Order for a business" }, { name: "robots", content: "noindex" }];
}

/** Who is asking, as staff: a sales rep or an admin (acting for a business or not); the rep group let only them in. */
function staffOf(viewer: Viewer): Staff {
  const staffRole = staffRoleOf(viewer);
  if (!staffRole) throw new Error("the rep group let in someone who is not sales staff");
  return { id: viewer.id, staffRole };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const staff = staffOf(viewer);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  return {
    q,
    businesses: await businessesToActFor(getDb(), staff, q),
    actingFor: viewer.actingFor?.businessName ?? null,
  };
}

/** Start acting for a business (a rep's own only: anything else is a 403 and changes nothing), or stop. */
export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const staff = staffOf(viewer);
  const form = formOf(context);
  const db = getDb();
  if (intentOf(form) === "stop") {
    await stopActing(db, viewer.id, actorOf(context));
    return redirectWithToast(staff.staffRole === "admin" ? "/admin" : "/act", {
      type: "success",
      message: TEAM_MESSAGES.stoppedActing,
    });
  }
  return formAction(
    form,
    actForSchema,
    async ({ businessId }) => {
      const business = await startActing(db, staff, businessId, actorOf(context));
      return redirectWithToast("/", { type: "success", message: TEAM_MESSAGES.startedActing(business) });
    },
    { fields: [] },
  );
}

export default function Act({ loaderData }: Route.ComponentProps) {
  const { q, businesses, actingFor } = loaderData;
  const reply = useSettledActionData<typeof action>() as FormReply | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Order for a business</h1>
      <div className="mt-6 flex flex-col gap-4">
        {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
        {actingFor ? <p className="text-slate-700">{TEAM_MESSAGES.startedActing(actingFor)}</p> : null}
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <TextField label="Search businesses" name="q" type="search" defaultValue={q} className="min-w-0 flex-1" />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        {businesses.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            {TEAM_MESSAGES.noBusinessesToActFor}
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Businesses">
            {businesses.map((b) => (
              <li
                key={b.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
              >
                <div className="min-w-0">
                  <p className="font-bold break-words text-slate-900">{b.name}</p>
                  {b.city ? (
                    <p className="text-sm text-slate-600">
                      {b.city}, {b.state}
                    </p>
                  ) : null}
                </div>
                <Form method="post">
                  <input type="hidden" name="businessId" value={b.id} />
                  <Button type="submit" name="intent" value="start" aria-label={`Order for ${b.name}`}>
                    Order for
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
