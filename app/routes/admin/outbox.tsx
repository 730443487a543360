import { data } from "react-router";
import { listOutbox } from "~/.server/mail/transport";
import { env } from "~/.server/runtime/env";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { Route } from "./+types/outbox";

export function meta() {
  return [{ title: "Mail outbox" }, { name: "robots", content: "noindex" }];
}

/**
 * Mail written to DATA_DIR/outbox when no SMTP_URL is set (the demo store, development): for
 * admins only, since it holds password-reset and verification links. With SMTP there is none.
 */
export async function loader(_: Route.LoaderArgs) {
  if (env().SMTP_URL) throw data("Page not found", { status: 404 });
  return { mails: await listOutbox(50) };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="text-xl font-bold text-slate-900">
        Mail outbox
      </h2>
      <p className="mt-1 text-sm text-slate-600">{BACK_OFFICE_MESSAGES.outboxIntro}</p>
      {loaderData.mails.length === 0 ? <p className="mt-6">{BACK_OFFICE_MESSAGES.noMailYet}</p> : null}
      <ul className="mt-6 space-y-4">
        {loaderData.mails.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">
              {m.sentAt} · to <strong>{m.to}</strong>
            </p>
            <h2 className="mt-1 font-semibold">{m.subject}</h2>
            <pre className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{m.text}</pre>
          </li>
        ))}
      </ul>
    </section>
  );
}
