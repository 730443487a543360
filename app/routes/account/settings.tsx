import { data, Form, useActionData, useNavigation } from "react-router";
import { findProfile, updatePhone } from "~/.server/accounts/profile";
import { requireViewer } from "~/.server/accounts/viewer";
import { getDb } from "~/.server/db/instance";
import { firstError, parseForm } from "~/.server/forms";
import { log } from "~/.server/log";
import { AccountShell } from "~/components/account-shell";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import * as MESSAGES from "~/lib/messages";
import { settingsSchema } from "~/lib/schemas/account";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Account Settings" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
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

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const parsed = parseForm(await request.formData(), settingsSchema);
  if (!parsed.ok) {
    return data({ ok: false as const, message: MESSAGES.errorMessage(firstError(parsed.errors)) }, { status: 400 });
  }
  try {
    await updatePhone(getDb(), viewer.id, parsed.data.phone);
  } catch (error) {
    log.error({ err: error }, "phone update failed");
    return data(
      { ok: false as const, message: MESSAGES.errorMessage("We could not save your changes. Please try again.") },
      { status: 500 },
    );
  }
  return data({ ok: true as const, message: MESSAGES.accountUpdated });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AccountShell title="Account Settings">
      <Form
        method="post"
        noValidate
        className="flex max-w-md flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      >
        {result ? <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage> : null}
        <TextField label="Name" name="displayName" value={loaderData.name} readOnly disabled />
        <TextField label="Email" name="displayEmail" value={loaderData.email} readOnly disabled />
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={loaderData.phone}
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
      <FormMessage tone="error">{MESSAGES.phoneLoadFailed}</FormMessage>
    </AccountShell>
  );
}
