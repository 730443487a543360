import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { UnverifiedEmailError } from "~/.server/accounts/errors";
import { resendVerification, signIn } from "~/.server/accounts/sign-in";
import { safeRedirectPath } from "~/.server/accounts/viewer";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import { clientIpOf, formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { fieldError, intentOf, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import { emailSchema, loginSchema } from "~/lib/schemas/account";
import { seo } from "~/lib/seo";
import { ACCOUNT_TOAST_MS } from "~/lib/toast";
import type { Route } from "./+types/login";

export const VERIFICATION_RESENT = MESSAGES.verificationResent;
export const EMAIL_VERIFIED = MESSAGES.emailVerified;

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seo({
    title: "Log In",
    description: MESSAGES.loginPageDescription,
    path: "/login",
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

/** What a failed sign-in hands back: whether to offer a new verification email, and to which address. */
type LoginData = { resent?: boolean; unverified?: boolean; unverifiedEmail?: string | null };

/** A new verification email: the address it goes to. */
const resendSchema = z.object({
  email: z.unknown().transform((value, ctx) => {
    const email = emailSchema.safeParse(value);
    if (email.success) return email.data;
    ctx.addIssue({ code: "custom", message: MESSAGES.enterValidEmail });
    return z.NEVER;
  }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = formOf(context);
  const db = getDb();
  if (intentOf(form) === "resend")
    return formAction(
      form,
      resendSchema,
      async ({ email }) => {
        await resendVerification(db, email, clientIpOf(context));
        return replyOk<LoginData>(VERIFICATION_RESENT, { resent: true });
      },
      { fields: [] },
    );
  return formAction(form, loginSchema, async (login) => {
    try {
      const { headers } = await signIn(db, login, request, clientIpOf(context));
      return redirectWithToast(
        safeRedirectPath(login.redirectTo),
        { type: "success", message: MESSAGES.loginSuccess, duration: ACCOUNT_TOAST_MS },
        { headers },
      );
    } catch (error) {
      // Told apart by its type: an unverified email is offered a new verification email.
      if (!(error instanceof UnverifiedEmailError)) throw error;
      const identifier = login.identifier.trim().toLowerCase();
      return replyError<LoginData, typeof loginSchema>(
        { message: error.message },
        {
          form,
          schema: loginSchema,
          status: error.status,
          data: { unverified: true, unverifiedEmail: identifier.includes("@") ? identifier : null },
        },
      );
    }
  });
}

export default function Login() {
  const reply = useSettledActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = navigation.state === "submitting";
  const showResend = !!reply?.data?.unverified;

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Log In</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <Form method="post" replace noValidate className="flex flex-col gap-4">
          {params.get("verified") === "1" ? <FormMessage tone="success">{EMAIL_VERIFIED}</FormMessage> : null}
          {params.get("verified") === "0" ? (
            <FormMessage tone="error">{MESSAGES.verificationLinkInvalid}</FormMessage>
          ) : null}
          {params.get("reset") === "1" ? (
            <FormMessage tone="success">{MESSAGES.passwordChangedLogIn}</FormMessage>
          ) : null}
          {reply?.message ? <FormMessage tone={reply.ok ? "info" : "error"}>{reply.message}</FormMessage> : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label="Email or username"
            name="identifier"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={postedValue(reply, "identifier")}
            error={fieldError(reply, "identifier")}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            error={fieldError(reply, "password")}
          />
          <Button type="submit" name="intent" value="login" disabled={busy}>
            {busy ? MESSAGES.loggingIn : "Login"}
          </Button>
        </Form>
        {showResend ? (
          <Form method="post" className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4">
            <p className="text-sm text-slate-700">{MESSAGES.verificationEmailMissing}</p>
            <TextField
              label="Your email"
              name="email"
              type="email"
              required
              defaultValue={reply?.data?.unverifiedEmail ?? ""}
            />
            <Button type="submit" name="intent" value="resend" variant="secondary">
              Send verification email again
            </Button>
          </Form>
        ) : null}
        <div className="mt-5 flex flex-wrap justify-between gap-2 text-sm">
          <Link to="/register" className="font-semibold text-brand-700 underline">
            Create an account
          </Link>
          <Link to="/forgot" className="font-semibold text-brand-700 underline">
            {MESSAGES.forgotPasswordLink}
          </Link>
        </div>
      </div>
    </div>
  );
}
