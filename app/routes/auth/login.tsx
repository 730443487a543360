import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AccountError } from "~/.server/accounts/errors";
import { resendVerification, signIn } from "~/.server/accounts/sign-in";
import { getViewer, safeRedirectPath } from "~/.server/accounts/viewer";
import { getDb } from "~/.server/db/instance";
import { invalid, parseForm } from "~/.server/forms";
import { accountErrorResponse, intentOf } from "~/.server/http";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import * as MESSAGES from "~/lib/messages";
import { emailSchema, loginSchema } from "~/lib/schemas/account";
import { seo } from "~/lib/seo";
import { ACCOUNT_TOAST_MS } from "~/lib/toast";
import type { Route } from "./+types/login";

export const VERIFICATION_RESENT = "If that account still needs verifying, a new verification email is on its way.";
export const EMAIL_VERIFIED = "Your email is verified. You can log in now.";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seo({
    title: "Log In",
    description: "Log in to see wholesale prices, order and track your orders.",
    path: "/login",
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const url = new URL(request.url);
  if (viewer) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const db = getDb();
  if (intentOf(form) === "resend") {
    const email = emailSchema.safeParse(form.get("email"));
    if (!email.success) return invalid({ form: "Please enter a valid email address." });
    try {
      await resendVerification(db, email.data, context.clientIp);
    } catch (error) {
      return accountErrorResponse(error);
    }
    return { ok: true as const, errors: {} as Record<string, string>, resent: true, unverifiedEmail: null };
  }
  const parsed = parseForm(form, loginSchema);
  if (!parsed.ok) return invalid(parsed.errors);
  try {
    const { headers } = await signIn(db, parsed.data, request, context.clientIp);
    return redirectWithToast(
      safeRedirectPath(parsed.data.redirectTo),
      { type: "success", message: MESSAGES.loginSuccess, duration: ACCOUNT_TOAST_MS },
      { headers },
    );
  } catch (error) {
    const unverified =
      error instanceof AccountError &&
      error.message === MESSAGES.verifyBeforeLogin &&
      parsed.data.identifier.includes("@")
        ? parsed.data.identifier.trim().toLowerCase()
        : null;
    return accountErrorResponse(error, {
      unverifiedEmail: unverified,
      unverified: error instanceof AccountError && error.message === MESSAGES.verifyBeforeLogin,
    });
  }
}

export default function Login() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = navigation.state === "submitting";
  const showResend = !!result && "unverified" in result && result.unverified;

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Log In</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <Form method="post" replace noValidate className="flex flex-col gap-4">
          {params.get("verified") === "1" ? <FormMessage tone="success">{EMAIL_VERIFIED}</FormMessage> : null}
          {params.get("verified") === "0" ? (
            <FormMessage tone="error">
              This verification link is invalid or has expired. Log in to get a new one.
            </FormMessage>
          ) : null}
          {params.get("reset") === "1" ? (
            <FormMessage tone="success">Your password has been changed. Log in with the new one.</FormMessage>
          ) : null}
          {result && "resent" in result && result.resent ? (
            <FormMessage tone="info">{VERIFICATION_RESENT}</FormMessage>
          ) : null}
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label="Email or username"
            name="identifier"
            autoComplete="username"
            required
            maxLength={254}
            error={errors.identifier}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            error={errors.password}
          />
          <Button type="submit" name="intent" value="login" disabled={busy}>
            {busy ? "Logging in..." : "Login"}
          </Button>
        </Form>
        {showResend ? (
          <Form method="post" className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4">
            <p className="text-sm text-slate-700">Did not get the verification email?</p>
            <TextField
              label="Your email"
              name="email"
              type="email"
              required
              defaultValue={(result && "unverifiedEmail" in result && result.unverifiedEmail) || ""}
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
            Forgot password?
          </Link>
        </div>
      </div>
    </div>
  );
}
