import { redirect } from "react-router";
import { verifyEmail } from "~/.server/accounts/sign-in";
import type { Route } from "./+types/verify-email";

/** The link in the verification mail: confirms the address and lands on /login. */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const ok = token.length > 0 && token.length < 2000 && (await verifyEmail(token));
  return redirect(`/login?verified=${ok ? "1" : "0"}`);
}
