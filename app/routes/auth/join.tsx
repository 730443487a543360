import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { acceptInvitation, readInvitation } from "~/.server/business/team";
import { getDb } from "~/.server/db/instance";
import { createLoginFromInvitation } from "~/.server/flows/join-team";
import { formAction } from "~/.server/http/form-action";
import { replyError } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import { clientIpOf, formOf, viewerOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { USERNAME_RULE } from "~/lib/form-fields";
import { type FieldsOf, fieldError, intentOf, postedValue } from "~/lib/form-reply";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { newPasswordSchema, usernameSchema } from "~/lib/schemas/account";
import { invitationLoginSchema } from "~/lib/schemas/team";
import type { Route } from "./+types/join";

export function meta() {
  return [{ title: "Join a business" }, { name: "robots", content: "noindex" }];
}

const newLoginSchema = invitationLoginSchema.extend({ username: usernameSchema, password: newPasswordSchema });

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await readInvitation(getDb(), params.token);
  const viewer = viewerOf(context);
  const refusal =
    invitation.state === "unknown"
      ? TEAM_MESSAGES.invitationNotFound
      : invitation.state === "used"
        ? TEAM_MESSAGES.invitationUsed
        : invitation.state === "expired"
          ? TEAM_MESSAGES.invitationExpired
          : null;
  return {
    refusal,
    businessName: refusal ? null : invitation.businessName,
    email: refusal ? null : invitation.email,
    role: invitation.role,
    signedIn: viewer ? { email: viewer.email } : null,
  };
}

/**
 * Joining: a signed-in person joins with their login (intent join); a visitor makes a login for the
 * invitation's email (intent create). Every refusal changes nothing.
 */
/** Join with the login one is signed in with (posts only its intent), or make a new login. */
const joinSchema = z.object({ intent: z.literal("join") });

export async function action({ params, context }: Route.ActionArgs) {
  const form = formOf(context);
  const db = getDb();
  const viewer = viewerOf(context);
  if (intentOf(form) === "join")
    return formAction(form, joinSchema, async () => {
      if (!viewer) return replyError({ message: TEAM_MESSAGES.logInToJoin }, { status: 401 });
      const joined = await acceptInvitation(db, params.token, viewer);
      return redirectWithToast("/orders", {
        type: "success",
        message: TEAM_MESSAGES.joinedBusiness(joined.businessName),
      });
    });
  if (viewer) return replyError({ message: TEAM_MESSAGES.alreadyInAnotherBusiness }, { status: 400 });
  return formAction(form, newLoginSchema, async (login) => {
    const joined = await createLoginFromInvitation(db, params.token, login, clientIpOf(context));
    return redirectWithToast(`/login`, {
      type: "success",
      message: TEAM_MESSAGES.loginCreatedAndJoined(joined.businessName),
    });
  });
}

export default function Join({ loaderData, params }: Route.ComponentProps) {
  const { refusal, businessName, email, role, signedIn } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const field = (name: FieldsOf<typeof reply>) => ({
    error: fieldError(reply, name),
    defaultValue: postedValue(reply, name),
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Join a business</h1>
      <div className="mt-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
        {refusal ? (
          <FormMessage tone="error">{refusal}</FormMessage>
        ) : (
          <>
            <p className="text-lg text-slate-800">{TEAM_MESSAGES.invitedTo(businessName ?? "", role)}</p>
            {reply && !reply.ok && reply.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
            {signedIn ? (
              <Form method="post" className="flex flex-col gap-3">
                <p className="text-slate-700">{TEAM_MESSAGES.joinAs(signedIn.email)}</p>
                <Button type="submit" name="intent" value="join" disabled={busy} className="self-start">
                  Join {businessName}
                </Button>
              </Form>
            ) : (
              <>
                <p className="text-slate-700">
                  {TEAM_MESSAGES.haveLogin}{" "}
                  <Link
                    to={`/login?redirectTo=${encodeURIComponent(`/join/${params.token}`)}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    Log in to join
                  </Link>
                </p>
                <Form method="post" noValidate className="flex flex-col gap-4" aria-labelledby="new-login-title">
                  <h2 id="new-login-title" className="text-lg font-bold text-slate-900">
                    Create your login
                  </h2>
                  <TextField label="Email" name="email-shown" value={email ?? ""} readOnly disabled />
                  <TextField label="Your name" name="name" autoComplete="name" required {...field("name")} />
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
                  <Button type="submit" name="intent" value="create" disabled={busy} className="self-start">
                    Create login and join
                  </Button>
                </Form>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
