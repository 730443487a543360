import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { resetPassword } from "~/.server/accounts/passwords";
import { invalid, parseForm } from "~/.server/forms";
import { accountErrorResponse } from "~/.server/http";
import { formOf } from "~/.server/request-context";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { fieldError } from "~/lib/form-reply";
import { resetPasswordSchema } from "~/lib/schemas/account";
import type { Route } from "./+types/reset-password";

export function meta() {
  return [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const parsed = parseForm(form, resetPasswordSchema);
  if (!parsed.ok) return invalid(parsed.errors, form);
  try {
    await resetPassword(parsed.data.token, parsed.data.password);
  } catch (error) {
    return accountErrorResponse(error, form);
  }
  return redirect("/login?reset=1");
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const formError = reply?.message ?? fieldError(reply, "token");
  const token = params.get("token") ?? "";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Choose a new password</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        {!token ? (
          <FormMessage tone="error">
            This reset link is not valid. Please ask for a new one from the Forgot Password page.
          </FormMessage>
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
              hint="At least 8 characters."
              error={fieldError(reply, "password")}
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
