import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import * as TEAM from "~/lib/messages/team";
import { getAuth } from "../accounts/auth";
import { authBool } from "../accounts/auth-columns";
import { AccountError, authErrorInfo } from "../accounts/errors";
import { limits } from "../accounts/limits";
import { findUserByEmail, findUserByUsername } from "../accounts/users";
import { acceptInvitation, invitationForNewLogin, TeamError } from "../business/team";
import type { DB } from "../db/schema";
import { hitRateLimit, TOO_MANY_ATTEMPTS } from "../security/rate-limit";

/**
 * A login made from a team invitation (issue 29): for the invitation's email, which the link
 * proves (it was mailed there), so it is verified at once; and it joins the business in the same
 * step. No business of its own is made: the person belongs to the one that invited them. An email
 * that already has a login is told to log in and join.
 */
export async function createLoginFromInvitation(
  db: Kysely<DB>,
  token: string,
  input: { name: string; username: string; password: string },
  clientIp: string,
): Promise<{ businessName: string }> {
  const limit = await hitRateLimit(db, limits.signUpPerAddress, clientIp);
  if (!limit.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);
  const invitation = await invitationForNewLogin(db, token);
  if (await findUserByEmail(db, invitation.email)) throw new TeamError(TEAM.emailHasLogin, 409);
  if (await findUserByUsername(db, input.username)) throw new AccountError(MESSAGES.usernameInUse, "username");
  try {
    await getAuth().api.signUpEmail({
      body: { name: input.name, email: invitation.email, password: input.password, username: input.username },
    });
  } catch (error) {
    const info = authErrorInfo(error);
    if (info?.code?.startsWith("USERNAME_IS_ALREADY_TAKEN")) throw new AccountError(MESSAGES.usernameInUse, "username");
    if (info?.code?.startsWith("USER_ALREADY_EXISTS")) throw new TeamError(TEAM.emailHasLogin, 409);
    if (info) throw new AccountError(info.message, info.code.includes("PASSWORD") ? "password" : "form");
    throw error;
  }
  const created = await findUserByEmail(db, invitation.email);
  if (!created) throw new TeamError(TEAM.invitationNotFound, 404);
  await db
    .updateTable("users")
    .set({ email_verified: authBool(db, true) })
    .where("id", "=", created.id)
    .execute();
  return acceptInvitation(db, token, created);
}
