import { Form, useNavigation } from "react-router";
import { createStaffLogin, readStaffInvitation, staffRefusalOf } from "~/.server/accounts/staff-invitations";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyError } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import { clientIpOf, formOf, viewerOf } from "~/.server/request/context";
import { storeInfo } from "~/.server/runtime/store-info";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { USERNAME_RULE } from "~/lib/form-fields";
import { type FieldsOf, fieldError, postedValue } from "~/lib/form-reply";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { newPasswordSchema, usernameSchema } from "~/lib/schemas/account";
import { invitationLoginSchema } from "~/lib/schemas/team";
import type { Route } from "./+types/staff-join";

export function meta() {
  return [{ title: "Make your login" }, { name: "robots", content: "noindex" }];
}

const newLoginSchema = invitationLoginSchema.extend({ username: usernameSchema, password: newPasswordSchema });

/** What the link stands for: the role and the name the admin typed (the email is shown, not asked). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await readStaffInvitation(getDb(), params.token);
  const viewer = viewerOf(context);
  const refusal = staffRefusalOf(invitation.state);
  return {
    refusal,
    store: storeInfo().name,
    email: refusal ? null : invitation.email,
    name: refusal ? null : invitation.name,
    role: invitation.role,
    signedIn: viewer ? { email: viewer.email } : null,
  };
}

/**
 * A visitor makes the login the invitation is for (issue 37): theirs, verified, with the
 * invitation's role. Signed in, they are asked to log out first (a login is one person's).
 */
export async function action({ params, context }: Route.ActionArgs) {
  const form = formOf(context);
  const viewer = viewerOf(context);
  if (viewer) return replyError({ message: TEAM_MESSAGES.staffJoinLogOutFirst(viewer.email) }, { status: 400 });
  return formAction(form, newLoginSchema, async (login) => {
    const made = await createStaffLogin(getDb(), params.token, login, clientIpOf(context));
    // A rep starts by choosing the business to order for.
    const next = made.role === "rep" ? "/act" : "/account";
    return redirectWithToast(`/login?${new URLSearchParams({ redirectTo: next })}`, {
      type: "success",
      message: TEAM_MESSAGES.staffLoginCreated,
    });
  });
}

export default function StaffJoin({ loaderData }: Route.ComponentProps) {
  const { refusal, store, email, name, role, signedIn } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const field = (fieldName: FieldsOf<typeof reply>) => ({
    error: fieldError(reply, fieldName),
    defaultValue: postedValue(reply, fieldName),
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Make your login</h1>
      <div className="mt-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
        {refusal ? (
          <FormMessage tone="error">{refusal}</FormMessage>
        ) : (
          <>
            <p className="text-lg text-slate-800">{TEAM_MESSAGES.staffInvitedTo(store, role)}</p>
            {reply && !reply.ok && reply.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
            {signedIn ? (
              <>
                <p className="text-slate-700">{TEAM_MESSAGES.staffJoinLogOutFirst(signedIn.email)}</p>
                <Form method="post" action="/logout">
                  <Button type="submit" variant="secondary">
                    Log out
                  </Button>
                </Form>
              </>
            ) : (
              <Form method="post" noValidate className="flex flex-col gap-4" aria-labelledby="staff-login-title">
                <h2 id="staff-login-title" className="text-lg font-bold text-slate-900">
                  Create your login
                </h2>
                <TextField label="Email" name="email-shown" value={email ?? ""} readOnly disabled />
                <TextField
                  label="Your name"
                  name="name"
                  autoComplete="name"
                  required
                  error={fieldError(reply, "name")}
                  defaultValue={postedValue(reply, "name", name ?? "")}
                />
                <TextField
                  label="Username"
                  name="username"
                  autoComplete="username"
                  hint={USERNAME_RULE}
                  required
                  {...field("username")}
                />
                <TextField
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  error={fieldError(reply, "password")}
                />
                <Button type="submit" disabled={busy} className="self-start">
                  Create login
                </Button>
              </Form>
            )}
          </>
        )}
      </div>
    </div>
  );
}
