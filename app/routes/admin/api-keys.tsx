import { useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ApiKeyError, createApiKey, listApiKeys, revokeApiKey } from "~/.server/api-keys/keys";
import { getDb } from "~/.server/db/instance";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { ApiNav } from "~/components/admin/api-nav";
import { Checkboxes } from "~/components/admin/rule-book/checkboxes";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { API_SCOPES, DEFAULT_API_RATE_PER_MINUTE } from "~/lib/api-scopes";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as API_MESSAGES from "~/lib/messages/api";
import { formatOrderDate } from "~/lib/orders";
import { apiKeysSchema } from "~/lib/schemas/api-keys";
import type { Route } from "./+types/api-keys";

export function meta() {
  return [{ title: API_MESSAGES.keysTitle }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { keys: await listApiKeys(getDb()) };
}

interface Created {
  created: { name: string; secret: string; prefix: string };
}

export async function action({ context }: Route.ActionArgs) {
  const db = getDb();
  const actor = actorOf(context);
  const form = formOf(context);
  const here = "/admin/api-keys";
  return formAction(form, apiKeysSchema, async (input) => {
    if (input.intent === "create") {
      const key = await createApiKey(db, { name: input.name, scopes: input.scopes, ratePerMinute: input.rate }, actor);
      // The secret is in this answer only: the store keeps its hash.
      return replyOk<Created>(API_MESSAGES.keyCreated(input.name), {
        created: { name: input.name, secret: key.secret, prefix: key.prefix },
      });
    }
    if (input.keyId === null) throw new ApiKeyError(API_MESSAGES.keyNotFound, { status: 404 });
    if (!isConfirmed(form)) {
      const key = (await listApiKeys(db)).find((k) => k.id === input.keyId);
      if (!key) throw new ApiKeyError(API_MESSAGES.keyNotFound, { status: 404 });
      return askFirst({
        question: API_MESSAGES.confirmRevoke(key.name),
        detail: `${key.prefix}…`,
        fields: { intent: "revoke", keyId: String(key.id) },
        danger: true,
      });
    }
    const name = await revokeApiKey(db, input.keyId, actor);
    return redirectWithToast(here, { type: "success", message: API_MESSAGES.keyRevoked(name) });
  });
}

function createdOf(reply: unknown): Created["created"] | null {
  if (!reply || typeof reply !== "object" || !("ok" in reply) || !reply.ok || !("data" in reply)) return null;
  const data = reply.data as Partial<Created> | undefined;
  return data?.created ?? null;
}

function NewKey({ created }: { created: Created["created"] }) {
  const [copied, setCopied] = useState(false);
  return (
    <section
      aria-labelledby="new-key-title"
      className="flex flex-col gap-3 rounded-lg border border-ok-700 bg-white p-5"
    >
      <h2 id="new-key-title" className="text-lg font-bold text-slate-900">
        {API_MESSAGES.keyCreated(created.name)}
      </h2>
      <p className="text-sm text-slate-700">{API_MESSAGES.keyShownOnce}</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Secret key"
          name="secret"
          readOnly
          value={created.secret}
          className="w-full max-w-xl font-mono"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </section>
  );
}

/** The public REST API's keys (issue 42): list, create (shown once), revoke. */
export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  const step = confirmStepOf(reply);
  const created = createdOf(reply);
  const creating = postedValue(reply, "intent") === "create" && !created ? reply : undefined;
  return (
    <div className="flex flex-col gap-6">
      <ApiNav />
      {step ? (
        <ConfirmPanel step={step} />
      ) : reply?.message && !creating && !created ? (
        <FormMessage tone="error">{reply.message}</FormMessage>
      ) : null}
      {created ? <NewKey created={created} /> : null}
      <section aria-labelledby="keys-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="keys-title" className="text-xl font-bold text-slate-900">
          {API_MESSAGES.keysTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{API_MESSAGES.keysIntro}</p>
        <p className="mt-1 text-sm">
          <a href="/api/v1/docs" className="font-semibold text-brand-700 underline underline-offset-2">
            {API_MESSAGES.docsLink}
          </a>
        </p>
        {loaderData.keys.length === 0 ? (
          <p className="py-4 text-sm text-slate-700">{API_MESSAGES.noKeys}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
            {loaderData.keys.map((k) => (
              <li key={k.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-semibold text-slate-900">
                    {k.name} <code className="text-sm font-normal text-slate-700">{k.prefix}…</code>{" "}
                    {k.revokedAt ? <Badge tone="danger">Revoked</Badge> : <Badge tone="ok">Active</Badge>}
                  </p>
                  <p className="text-sm break-words text-slate-700">{k.scopes.join(", ")}</p>
                  <p className="text-sm text-slate-700">
                    Created {formatOrderDate(k.createdAt)} by {k.createdBy} · {k.ratePerMinute.toLocaleString("en-US")}{" "}
                    requests a minute
                  </p>
                  <p className="text-sm text-slate-700">
                    {k.lastUsedAt
                      ? `Last used ${formatOrderDate(k.lastUsedAt)} from ${k.lastUsedIp ?? ""}`
                      : API_MESSAGES.neverUsed}
                  </p>
                </div>
                {k.revokedAt ? null : (
                  <Form
                    method="post"
                    onSubmit={(e) =>
                      askThenSubmit(e, API_MESSAGES.confirmRevoke(k.name), (form) => submit(form, { method: "post" }))
                    }
                  >
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="keyId" value={k.id} />
                    <Button type="submit" variant="ghost" className="text-danger-700" disabled={busy}>
                      Revoke<span className="sr-only"> {k.name}</span>
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="create-key-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="create-key-title" className="text-lg font-bold text-slate-900">
          Create a key
        </h2>
        {creating?.message ? <FormMessage tone="error">{creating.message}</FormMessage> : null}
        <Form method="post" className="mt-3 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          <TextField
            label="Name"
            name="name"
            required
            defaultValue={postedValue(creating, "name", "")}
            error={fieldError(creating, "name")}
            className="max-w-md"
          />
          <Checkboxes
            legend="Scopes"
            name="scopes"
            options={API_SCOPES.map((s) => ({ value: s, label: s }))}
            checked={[]}
            error={fieldError(creating, "scopes")}
          />
          <TextField
            label="Requests per minute"
            name="rate"
            inputMode="numeric"
            defaultValue={postedValue(creating, "rate", String(DEFAULT_API_RATE_PER_MINUTE))}
            error={fieldError(creating, "rate")}
            className="w-48"
          />
          <div>
            <Button type="submit" disabled={busy}>
              Create key
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
