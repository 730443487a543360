import { Form, Link, redirect, useNavigation } from "react-router";
import { resetPassword, resetTokenIsUsable } from "~/.server/accounts/passwords";
import { formAction } from "~/.server/http/form-action";
import { formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import { resetPasswordSchema } from "~/lib/schemas/account";
import type { Route } from "./+types/reset-password";

export function meta() {
  return [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];
}

/** Checks the link before the form is shown: a used or expired link says so at once. */
export async function loader({ url }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 500);
  return { token, usable: token ? await resetTokenIsUsable(token) : false };
}

export async function action({ context }: Route.ActionArgs) {
  return formAction(formOf(context), resetPasswordSchema, async ({ token, password }) => {
    await resetPassword(token, password);
    return redirect("/login?reset=1");
  });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, usable } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const formError = reply?.message ?? fieldError(reply, "token");
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Choose a new password</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        {!token || !usable ? (
          <div className="flex flex-col gap-4">
            <FormMessage tone="error">
              {token ? MESSAGES.RESET_LINK_INVALID : MESSAGES.resetLinkNotValidAskAgain}
            </FormMessage>
            <Link to="/forgot" className="font-semibold text-brand-700 underline underline-offset-2">
              Ask for a new reset link
            </Link>
          </div>
        ) : (
          <Form method="post" noValidate className="flex flex-col gap-4">
            {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
            <input type="hidden" name="token" value={token} />
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={128}
              hint={MESSAGES.passwordHint}
              error={fieldError(reply, "password")}
            />
            <TextField
              label="Confirm password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              maxLength={128}
              error={fieldError(reply, "confirmPassword")}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Set new password"}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
