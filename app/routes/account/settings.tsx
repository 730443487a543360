import { Form, useNavigation } from "react-router";
import { findProfile, updatePhone } from "~/.server/accounts/profile";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { formOf, signedInViewer } from "~/.server/request/context";
import { log } from "~/.server/runtime/log";
import { AccountShell } from "~/components/account-shell";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { postedValue } from "~/lib/form-reply";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { isNetworkError, offlineReply, revalidateUnlessOffline } from "~/lib/offline";
import { settingsSchema } from "~/lib/schemas/account";
import type { Route } from "./+types/settings";

const OFFLINE_SAVE = ACCOUNT_MESSAGES.storeUnreachableNothingSaved;

export function meta() {
  return [{ title: "Account Settings" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const profile = await findProfile(getDb(), viewer.id);
  return { email: viewer.email, name: viewer.name, phone: profile?.phone ?? "" };
}

/**
 * Fetches the server data as this route's own request on client navigation, so a dropped
 * connection lands in this route's error boundary (the spec's "check your connection" message)
 * instead of the whole-page error.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverLoader();
}

/**
 * Sends the form from the page when it can: on a lost connection the page and the typed phone
 * number stay, and the failure is said above the form (app/lib/offline.ts).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (isNetworkError(error)) return offlineReply(FORM_MESSAGES.errorMessage(OFFLINE_SAVE));
    throw error;
  }
}

export const shouldRevalidate = revalidateUnlessOffline;

export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const form = formOf(context);
  return formAction(
    form,
    settingsSchema,
    async ({ phone }) => {
      try {
        await updatePhone(getDb(), viewer.id, phone);
      } catch (error) {
        log.error({ err: error }, "phone update failed");
        return replyError(
          { message: FORM_MESSAGES.errorMessage(ACCOUNT_MESSAGES.couldNotSaveChanges) },
          { form, status: 500 },
        );
      }
      return replyOk(ACCOUNT_MESSAGES.accountUpdated);
    },
    { summary: FORM_MESSAGES.errorMessage },
  );
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const reply = useSettledActionData<typeof clientAction>();
  const busy = useNavigation().state === "submitting";
  return (
    <AccountShell title="Account Settings">
      <Form
        method="post"
        noValidate
        className="flex max-w-md flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      >
        {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
        <TextField label="Name" name="displayName" value={loaderData.name} readOnly disabled />
        <TextField label="Email" name="displayEmail" value={loaderData.email} readOnly disabled />
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={postedValue(reply, "phone", loaderData.phone)}
        />
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? "Saving..." : "Save changes"}
        </Button>
      </Form>
    </AccountShell>
  );
}

export function ErrorBoundary() {
  return (
    <AccountShell title="Account Settings">
      <FormMessage tone="error">{ACCOUNT_MESSAGES.phoneLoadFailed}</FormMessage>
    </AccountShell>
  );
}
