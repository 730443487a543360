import { Form, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { settlementDay, settleRoute } from "~/.server/delivery/settlement";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { isDayBetween } from "~/lib/calendar-days";
import type { FormReply } from "~/lib/form-reply";
import * as DRIVER from "~/lib/messages/driver";
import { centsToDecimalString, formatCents } from "~/lib/money";
import { settleRouteSchema } from "~/lib/schemas/settlement";
import type { Route } from "./+types/settlements";

export function meta() {
  return [{ title: "Driver settlements" }, { name: "robots", content: "noindex" }];
}

/** The routes of a day (today by default) with what each driver collected and what was counted in. */
export async function loader({ url }: Route.LoaderArgs) {
  const asked = url.searchParams.get("day");
  const day = asked && isDayBetween(asked, "2000-01-01", "2999-12-31") ? asked : storeToday();
  return { day, routes: await settlementDay(getDb(), day) };
}

export async function action({ context, url }: Route.ActionArgs) {
  return formAction(formOf(context), settleRouteSchema, async (input) => {
    const { differenceCents } = await settleRoute(
      getDb(),
      input.routeId,
      { cashCents: input.countedCash, checkCents: input.countedChecks, note: input.note },
      actorOf(context),
    );
    return redirectWithToast(`/admin/settlements${url.search}`, {
      type: differenceCents === 0 ? "success" : "error",
      message:
        differenceCents === 0
          ? DRIVER.settlementSaved
          : `${DRIVER.settlementSaved} ${DRIVER.settlementDifference(formatCents(differenceCents))}`,
    });
  });
}

export default function Settlements({ loaderData }: Route.ComponentProps) {
  const { day, routes } = loaderData;
  const reply = useSettledActionData<typeof action>() as FormReply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="settlements-title" className="flex flex-col gap-5">
      <h2 id="settlements-title" className="text-xl font-bold text-slate-900">
        Driver settlements
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <TextField label="Day" name="day" type="date" defaultValue={day} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      {routes.length === 0 ? <p className="text-slate-700">{DRIVER.noRoutesThatDay}</p> : null}
      {routes.map((r) => {
        const expected = r.expectedCashCents + r.expectedCheckCents;
        const agrees = expected === r.receivablesCents;
        return (
          <article
            key={r.routeId}
            aria-labelledby={`route-${r.routeId}`}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`route-${r.routeId}`} className="text-lg font-semibold text-slate-900">
                {r.zoneName} · {r.driverName ?? "No driver"}
              </h3>
              <Badge tone={r.status === "settled" ? "ok" : "info"}>{r.status}</Badge>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 tabular-nums sm:grid-cols-4">
              <dt className="text-sm text-slate-700">Cash collected</dt>
              <dd className="font-semibold">{formatCents(r.expectedCashCents)}</dd>
              <dt className="text-sm text-slate-700">Checks collected</dt>
              <dd className="font-semibold">{formatCents(r.expectedCheckCents)}</dd>
              <dt className="text-sm text-slate-700">In receivables</dt>
              <dd className="font-semibold">
                {formatCents(r.receivablesCents)} {agrees ? null : <Badge tone="danger">Differs</Badge>}
              </dd>
            </dl>
            {r.checks.length ? (
              <ul className="text-sm text-slate-800">
                {r.checks.map((c) => (
                  <li key={`${c.stopPosition}-${c.checkNumber}-${c.amountCents}`}>
                    Stop {c.stopPosition}, {c.business}: check {c.checkNumber} for {formatCents(c.amountCents)}
                  </li>
                ))}
              </ul>
            ) : null}
            {r.settled ? (
              <div className="flex flex-col gap-1">
                <p>
                  Counted {formatCents(r.settled.countedCashCents)} cash and {formatCents(r.settled.countedCheckCents)}{" "}
                  in checks.
                </p>
                {r.settled.differenceCents === 0 ? (
                  <Badge tone="ok">{DRIVER.settlementMatches}</Badge>
                ) : (
                  <Badge tone="danger">{DRIVER.settlementDifference(formatCents(r.settled.differenceCents))}</Badge>
                )}
                {r.settled.note ? <p className="text-sm text-slate-700">{r.settled.note}</p> : null}
              </div>
            ) : (
              <Form method="post" className="grid gap-3 sm:grid-cols-4 sm:items-end">
                <input type="hidden" name="routeId" value={r.routeId} />
                <TextField
                  label={`Cash counted, ${r.zoneName}`}
                  name="countedCash"
                  inputMode="decimal"
                  defaultValue={centsToDecimalString(r.expectedCashCents)}
                />
                <TextField
                  label={`Checks counted, ${r.zoneName}`}
                  name="countedChecks"
                  inputMode="decimal"
                  defaultValue={centsToDecimalString(r.expectedCheckCents)}
                />
                <TextField label={`Note, ${r.zoneName}`} name="note" maxLength={500} />
                <Button type="submit" disabled={busy}>
                  Mark settled
                </Button>
              </Form>
            )}
          </article>
        );
      })}
    </section>
  );
}
