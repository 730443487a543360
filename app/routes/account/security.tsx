import { useEffect, useRef } from "react";
import { data, Form, useActionData, useFetcher, useNavigation } from "react-router";
import { AccountError } from "~/.server/accounts/errors";
import { changePassword, requestPasswordReset } from "~/.server/accounts/passwords";
import { requireViewer } from "~/.server/accounts/viewer";
import { getDb } from "~/.server/db/instance";
import { firstError, parseForm } from "~/.server/forms";
import { intentOf } from "~/.server/http";
import { log } from "~/.server/log";
import { AccountShell } from "~/components/account-shell";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import * as MESSAGES from "~/lib/messages";
import { changePasswordSchema } from "~/lib/schemas/account";
import type { Route } from "./+types/security";

export function meta() {
  return [{ title: "Security Settings" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  return { email: viewer.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const form = await request.formData();
  const db = getDb();
  if (intentOf(form) === "send-reset") {
    try {
      await requestPasswordReset(db, viewer.email, context.clientIp);
    } catch (error) {
      const message = error instanceof AccountError ? error.message : "We could not send the email. Please try again.";
      if (!(error instanceof AccountError)) log.error({ err: error }, "reset mail failed");
      return data(
        { intent: "send-reset", ok: false as const, message: MESSAGES.errorMessage(message) },
        { status: 400 },
      );
    }
    return { intent: "send-reset", ok: true as const, message: MESSAGES.resetMailSent };
  }
  const current = form.get("currentPassword");
  const next = form.get("newPassword");
  if (!current || !next) {
    return data({ intent: "change", ok: false as const, message: MESSAGES.bothPasswordsRequired }, { status: 400 });
  }
  const parsed = parseForm(form, changePasswordSchema);
  if (!parsed.ok) {
    return data(
      { intent: "change", ok: false as const, message: MESSAGES.errorMessage(firstError(parsed.errors)) },
      { status: 400 },
    );
  }
  try {
    const headers = await changePassword(db, viewer.id, parsed.data, request);
    return data({ intent: "change", ok: true as const, message: MESSAGES.passwordUpdated }, { headers });
  } catch (error) {
    if (error instanceof AccountError) {
      return data(
        { intent: "change", ok: false as const, message: MESSAGES.errorMessage(error.message) },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function Security({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const reset = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const resetSent = reset.data?.ok === true;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

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
          {result ? <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage> : null}
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
            hint="At least 8 characters. Your other devices will be signed out."
          />
          <Button type="submit" name="intent" value="change" disabled={busy} className="self-start">
            {busy ? "Updating..." : "Update password"}
          </Button>
        </Form>
        <reset.Form method="post" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold text-slate-900">Forgot your password?</h2>
          <p className="text-sm text-slate-700">We will email a reset link to {loaderData.email}.</p>
          {reset.data ? (
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
