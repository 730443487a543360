import { Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/.server/accounts/passwords";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { clientIpOf, formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import { forgotSchema } from "~/lib/schemas/account";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/forgot";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seo({
    title: "Forgot Password",
    description: MESSAGES.forgotPageDescription,
    path: "/forgot",
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

export async function action({ context }: Route.ActionArgs) {
  return formAction(formOf(context), forgotSchema, async ({ email }) => {
    await requestPasswordReset(getDb(), email, clientIpOf(context));
    return replyOk(MESSAGES.RESET_REQUESTED);
  });
}

export default function Forgot() {
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Forgot Password</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        {reply?.ok ? (
          <FormMessage tone="success">{reply.message}</FormMessage>
        ) : (
          <Form method="post" noValidate className="flex flex-col gap-4">
            <p className="text-slate-700">{MESSAGES.forgotIntro}</p>
            {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={postedValue(reply, "email")}
              error={fieldError(reply, "email")}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send reset link"}
            </Button>
          </Form>
        )}
        <p className="mt-5 text-sm">
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Back to log in
          </Link>
        </p>
      </div>
    </div>
  );
}
