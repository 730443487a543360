import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import {
  deliveryLog,
  findEndpoint,
  replayMessage,
  rollSecret,
  saveEvents,
  setEndpointEnabled,
} from "~/.server/webhooks/endpoints";
import { ApiNav } from "~/components/admin/api-nav";
import { Checkboxes } from "~/components/admin/rule-book/checkboxes";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as WEBHOOK_MESSAGES from "~/lib/messages/webhooks";
import { formatOrderDate } from "~/lib/orders";
import { idParam } from "~/lib/schemas/params";
import { webhookSchema } from "~/lib/schemas/webhooks";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookMessageStatus } from "~/lib/webhooks";
import type { Route } from "./+types/webhook";

export function meta() {
  return [{ title: "Webhook endpoint" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.endpointId);
  const db = getDb();
  const endpoint = id === null ? null : await findEndpoint(db, id);
  if (!endpoint) throw data(WEBHOOK_MESSAGES.endpointNotFound, { status: 404 });
  return { endpoint, log: await deliveryLog(db, endpoint.id) };
}

export async function action({ context, params }: Route.ActionArgs) {
  const id = idParam(params.endpointId);
  if (id === null) throw data(WEBHOOK_MESSAGES.endpointNotFound, { status: 404 });
  const db = getDb();
  const actor = actorOf(context);
  const done = (message: string) => redirectWithToast(`/admin/webhooks/${id}`, { type: "success", message });
  return formAction(formOf(context), webhookSchema, async (input) => {
    switch (input.intent) {
      case "events":
        await saveEvents(db, id, input.events, actor);
        return done(WEBHOOK_MESSAGES.eventsSaved);
      case "roll":
        await rollSecret(db, id, actor);
        return done(WEBHOOK_MESSAGES.secretRolled);
      case "disable":
      case "enable":
        await setEndpointEnabled(db, id, input.intent === "enable", actor);
        return done(input.intent === "enable" ? WEBHOOK_MESSAGES.endpointEnabled : WEBHOOK_MESSAGES.endpointDisabled);
      case "replay":
        await replayMessage(db, id, input.messageId, actor);
        return done(WEBHOOK_MESSAGES.replayQueued);
    }
  });
}

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value] }));
const STATUS_TONES = { pending: "warn", delivered: "ok", failed: "danger" } as const;
const STATUS_LABELS: Record<WebhookMessageStatus, string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
};

/** One endpoint (issue 42): its events, its secret and roll, on or off, and its delivery log with replay. */
export default function WebhookEndpoint({ loaderData }: Route.ComponentProps) {
  const { endpoint, log } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const intent = postedValue(reply, "intent");
  return (
    <div className="flex flex-col gap-6">
      <ApiNav />
      <p>
        <Link to="/admin/webhooks" className="text-sm font-semibold text-brand-800 underline">
          All webhooks
        </Link>
      </p>
      <section aria-labelledby="endpoint-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="endpoint-title" className="break-all text-xl font-bold text-slate-900">
          {endpoint.url}
        </h2>
        {endpoint.description ? <p className="mt-1 text-sm text-slate-700">{endpoint.description}</p> : null}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {endpoint.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
          {endpoint.disabledReason ? <span className="text-sm text-slate-700">{endpoint.disabledReason}</span> : null}
          <Form method="post">
            <input type="hidden" name="intent" value={endpoint.enabled ? "disable" : "enable"} />
            <Button type="submit" variant="secondary" disabled={busy}>
              {endpoint.enabled ? "Disable" : "Enable"}
            </Button>
          </Form>
        </div>
        {reply?.message && intent !== "events" ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      </section>

      <section aria-labelledby="secret-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="secret-title" className="text-lg font-bold text-slate-900">
          Signing secret
        </h2>
        <p className="mt-1 text-sm text-slate-700">{WEBHOOK_MESSAGES.secretHint}</p>
        <code className="mt-2 block break-all rounded bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
          {endpoint.secret}
        </code>
        {endpoint.previousSecretUntil ? (
          <p className="mt-2 text-sm text-slate-700">
            {WEBHOOK_MESSAGES.previousSecretUntil(formatOrderDate(endpoint.previousSecretUntil))}
          </p>
        ) : null}
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="roll" />
          <Button type="submit" variant="secondary" disabled={busy}>
            Roll secret
          </Button>
        </Form>
      </section>

      <section aria-labelledby="events-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="events-title" className="text-lg font-bold text-slate-900">
          Events
        </h2>
        {intent === "events" && reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
        <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="events" />
          <Checkboxes
            legend="Send these events"
            name="events"
            options={EVENT_OPTIONS}
            checked={endpoint.events}
            error={intent === "events" ? fieldError(reply, "events") : undefined}
          />
          <div>
            <Button type="submit" disabled={busy}>
              Save events
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="log-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="log-title" className="text-lg font-bold text-slate-900">
          Deliveries
        </h2>
        {log.length === 0 ? (
          <p className="py-3 text-sm text-slate-700">{WEBHOOK_MESSAGES.noDeliveries}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
            {log.map((m) => (
              <li key={m.id} className="flex flex-col gap-2 py-3">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold text-slate-900">
                    {WEBHOOK_EVENT_LABELS[m.eventType as keyof typeof WEBHOOK_EVENT_LABELS] ?? m.eventType}
                  </span>
                  <Badge tone={STATUS_TONES[m.status]}>{STATUS_LABELS[m.status]}</Badge>
                  <span className="text-sm text-slate-700">{formatOrderDate(m.createdAt)}</span>
                  <code className="break-all text-xs text-slate-700">{m.id}</code>
                  <Form method="post" className="ml-auto">
                    <input type="hidden" name="intent" value="replay" />
                    <input type="hidden" name="messageId" value={m.id} />
                    <Button type="submit" variant="ghost" disabled={busy} title={WEBHOOK_MESSAGES.replayHint}>
                      Replay<span className="sr-only"> {m.id}</span>
                    </Button>
                  </Form>
                </div>
                <details>
                  <summary className="cursor-pointer text-sm font-medium text-brand-800">Payload</summary>
                  <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs text-slate-900">
                    {m.payload}
                  </pre>
                </details>
                {m.attempts.length > 0 ? (
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Attempts of {m.id}</caption>
                    <thead>
                      <tr className="text-slate-700">
                        <th scope="col" className="py-1 pr-3 font-medium">
                          Attempt
                        </th>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          Time
                        </th>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          Status
                        </th>
                        <th scope="col" className="py-1 font-medium">
                          Error
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {m.attempts.map((a, i) => (
                        <tr key={`${m.id}-${a.at}`} className="align-top text-slate-900">
                          <td className="py-1 pr-3 tabular-nums">{i + 1}</td>
                          <td className="py-1 pr-3">{formatOrderDate(a.at)}</td>
                          <td className="py-1 pr-3 tabular-nums">{a.statusCode ?? "—"}</td>
                          <td className="break-all py-1">{a.error ?? ""}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
