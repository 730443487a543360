import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { createEndpoint, listEndpoints } from "~/.server/webhooks/endpoints";
import { ApiNav } from "~/components/admin/api-nav";
import { Checkboxes } from "~/components/admin/rule-book/checkboxes";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as WEBHOOK_MESSAGES from "~/lib/messages/webhooks";
import { newWebhookSchema } from "~/lib/schemas/webhooks";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "~/lib/webhooks";
import type { Route } from "./+types/webhooks";

export function meta() {
  return [{ title: "Webhooks" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { endpoints: await listEndpoints(getDb()) };
}

export async function action({ context }: Route.ActionArgs) {
  const db = getDb();
  const actor = actorOf(context);
  return formAction(formOf(context), newWebhookSchema, async (input) => {
    const id = await createEndpoint(db, input, actor);
    return redirectWithToast(`/admin/webhooks/${id}`, { type: "success", message: WEBHOOK_MESSAGES.endpointAdded });
  });
}

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value] }));

/** Webhooks (issue 42): the endpoints events are sent to, and a form to register one. */
export default function Webhooks({ loaderData }: Route.ComponentProps) {
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-6">
      <ApiNav />
      <section aria-labelledby="webhooks-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="webhooks-title" className="text-xl font-bold text-slate-900">
          Webhooks
        </h2>
        <p className="mt-1 text-sm text-slate-700">{WEBHOOK_MESSAGES.webhooksIntro}</p>
        <div className="mt-3">
          <DataTable
            caption="Webhook endpoints"
            rows={loaderData.endpoints}
            rowKey={(e) => String(e.id)}
            rowHeader
            empty={WEBHOOK_MESSAGES.noEndpoints}
            columns={[
              {
                key: "url",
                header: "Endpoint",
                cell: (e) => (
                  <Link to={`/admin/webhooks/${e.id}`} className="break-all font-semibold text-brand-800 underline">
                    {e.url}
                  </Link>
                ),
              },
              { key: "description", header: "Description", cell: (e) => e.description },
              {
                key: "events",
                header: "Events",
                cell: (e) => e.events.map((v) => WEBHOOK_EVENT_LABELS[v]).join(", "),
              },
              {
                key: "status",
                header: "Status",
                cell: (e) => (e.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>),
              },
            ]}
          />
        </div>
      </section>
      <section aria-labelledby="new-webhook-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="new-webhook-title" className="text-lg font-bold text-slate-900">
          Add an endpoint
        </h2>
        {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
        <Form method="post" className="mt-3 flex flex-col gap-4" noValidate>
          <TextField
            label="URL"
            name="url"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            defaultValue={postedValue(reply, "url", "")}
            error={fieldError(reply, "url")}
          />
          <TextField
            label="Description"
            name="description"
            defaultValue={postedValue(reply, "description", "")}
            error={fieldError(reply, "description")}
          />
          <Checkboxes
            legend="Events"
            name="events"
            options={EVENT_OPTIONS}
            checked={reply ? [postedValue(reply, "events", "") ?? ""] : WEBHOOK_EVENTS}
            error={fieldError(reply, "events")}
          />
          <div>
            <Button type="submit" disabled={busy}>
              Add endpoint
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
