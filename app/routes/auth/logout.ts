import { signOut } from "~/.server/accounts/sign-in";
import { redirectWithToast } from "~/.server/http/toast";
import * as MESSAGES from "~/lib/messages";
import type { Route } from "./+types/logout";

/** Logout is a POST (a link or image cannot sign anyone out); GET just goes home. */
export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  return redirectWithToast("/", { type: "success", message: MESSAGES.loggedOut }, { headers });
}

export async function loader() {
  return new Response(null, { status: 303, headers: { Location: "/" } });
}
