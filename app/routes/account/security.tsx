import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { AccountError } from "~/.server/accounts/errors";
import { changePassword, requestPasswordReset } from "~/.server/accounts/passwords";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { clientIpOf, formOf, signedInViewer } from "~/.server/request/context";
import { log } from "~/.server/runtime/log";
import { AccountShell } from "~/components/account-shell";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { intentOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { changePasswordSchema } from "~/lib/schemas/account";
import type { Route } from "./+types/security";

export function meta() {
  return [{ title: "Security Settings" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { email: signedInViewer(context).email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const form = formOf(context);
  const db = getDb();
  if (intentOf(form) === "send-reset") {
    try {
      await requestPasswordReset(db, viewer.email, clientIpOf(context));
    } catch (error) {
      const message = error instanceof AccountError ? error.message : ACCOUNT_MESSAGES.couldNotSendEmail;
      if (!(error instanceof AccountError)) log.error({ err: error }, "reset mail failed");
      return replyError({ message: FORM_MESSAGES.errorMessage(message) });
    }
    return replyOk(ACCOUNT_MESSAGES.resetMailSent);
  }
  const current = form.get("currentPassword");
  const next = form.get("newPassword");
  if (!current || !next) return replyError({ message: MESSAGES.bothPasswordsRequired });
  return formAction(
    form,
    changePasswordSchema,
    async (input) => {
      const headers = await changePassword(db, viewer.id, input, request);
      return replyOk(ACCOUNT_MESSAGES.passwordUpdated, undefined, { headers });
    },
    { fields: [], summary: FORM_MESSAGES.errorMessage },
  );
}

export default function Security({ loaderData }: Route.ComponentProps) {
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const reset = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const resetSent = reset.data?.ok === true;

  useEffect(() => {
    if (reply?.ok) formRef.current?.reset();
  }, [reply]);

  return (
    <AccountShell title="Security Settings">
      <div className="flex max-w-md flex-col gap-6">
        <Form
          method="post"
          ref={formRef}
          noValidate
          className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 className="text-lg font-bold text-slate-900">Change password</h2>
          {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            maxLength={128}
          />
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            hint={ACCOUNT_MESSAGES.newPasswordHint}
          />
          <Button type="submit" name="intent" value="change" disabled={busy} className="self-start">
            {busy ? "Updating..." : "Update password"}
          </Button>
        </Form>
        <reset.Form method="post" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold text-slate-900">{ACCOUNT_MESSAGES.forgotYourPassword}</h2>
          <p className="text-sm text-slate-700">We will email a reset link to {loaderData.email}.</p>
          {reset.data?.message ? (
            <FormMessage tone={reset.data.ok ? "success" : "error"}>{reset.data.message}</FormMessage>
          ) : null}
          <Button
            type="submit"
            name="intent"
            value="send-reset"
            variant="secondary"
            disabled={resetSent || reset.state !== "idle"}
            className="self-start"
          >
            Send password reset email
          </Button>
        </reset.Form>
      </div>
    </AccountShell>
  );
}
