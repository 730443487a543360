import crypto from "node:crypto";
import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import * as TEAM from "~/lib/messages/team";
import { oneLine } from "~/lib/text";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { layout } from "../mail/templates";
import { env } from "../runtime/env";
import { hitRateLimit, TOO_MANY_ATTEMPTS } from "../security/rate-limit";
import { getAuth } from "./auth";
import { AccountError } from "./errors";
import { limits } from "./limits";
import { enqueueAccountMail } from "./mails";
import { findUserByEmail, findUserByUsername } from "./users";

/**
 * Staff invitations (issue 37, decision 0047): how a sales rep or a delivery driver gets a login.
 * An admin invites them by email from /admin/reps; the mailed link (valid 7 days, used once, kept
 * as the SHA-256 of its token) lets them make a login of their own for that email: verified at
 * once (the link proves the address), with the invitation's role, in no business. The invitation
 * mail counts against the per-recipient cap of account mails (decision 0029), and over it the
 * admin is told and nothing is kept. Team invitations (business/team.ts) are the business's own.
 */

export const STAFF_ROLES = ["rep", "driver"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_INVITATION_DAYS = 7;

export interface StaffInvitation {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  expiresAt: string;
}

export type StaffInvitationState = "valid" | "used" | "expired" | "unknown";

export interface StaffInvitationView {
  state: StaffInvitationState;
  email: string;
  name: string;
  role: StaffRole;
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

function stateOf(row: { accepted_at: string | null; expires_at: string } | undefined): StaffInvitationState {
  if (!row) return "unknown";
  if (row.accepted_at) return "used";
  return Date.parse(row.expires_at) <= Date.now() ? "expired" : "valid";
}

/** The refusal a link in that state gets, or null when it can be used. */
export function staffRefusalOf(state: StaffInvitationState): string | null {
  if (state === "unknown") return TEAM.staffInvitationNotFound;
  if (state === "used") return TEAM.invitationUsed;
  if (state === "expired") return TEAM.staffInvitationExpired;
  return null;
}

/**
 * An admin invites a sales rep or a driver. An email that already has a login is refused (an
 * invitation makes a new login; an existing login is made a rep with setSalesRep). An earlier
 * invitation to the same email that was not used is replaced (one live link per person). Returns
 * the link (tests read it; the admin only sees that it was sent).
 */
export async function inviteStaff(
  db: Kysely<DB>,
  inviter: { name: string },
  input: { email: string; name: string; role: StaffRole },
  actor: Actor,
): Promise<{ url: string }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (await findUserByEmail(db, email)) throw new AccountError(TEAM.staffEmailHasLogin(email), "email", 409);
  const token = crypto.randomBytes(32).toString("base64url");
  const url = `${env().BASE_URL}/join/staff/${token}`;
  const store = env().STORE_NAME;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_invitations").where("email", "=", email).where("accepted_at", "is", null).execute();
    const id = crypto.randomUUID();
    await trx
      .insertInto("staff_invitations")
      .values({
        id,
        email,
        name,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: actor.id ?? "",
        expires_at: new Date(Date.now() + STAFF_INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString(),
        created_at: sqlNow(dialectOf(trx)),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "staff.invite",
      subjectType: "user",
      subjectId: id,
      summary: `${email} invited as ${input.role === "rep" ? "sales rep" : "driver"}`,
      after: { email, name, role: input.role },
    });
    const queued = await enqueueAccountMail(trx as Kysely<DB>, "staff invitation", {
      to: email,
      subject: TEAM.staffInvitationMailSubject(oneLine(store)),
      ...layout(
        [
          MESSAGES.mailGreeting(oneLine(name)),
          TEAM.staffInvitationMailBody(oneLine(inviter.name), oneLine(store), input.role),
        ],
        { label: "Make your login", url },
      ),
    });
    // Over the cap: nothing is kept (the transaction rolls back), and the admin is told.
    if (!queued) throw new AccountError(TEAM.staffInvitationCapped(email), "email", 429);
  });
  kickJobRunners();
  return { url };
}

/** The invitations not used yet and still valid, newest first. */
export async function listStaffInvitations(db: Kysely<DB>): Promise<StaffInvitation[]> {
  const rows = await db
    .selectFrom("staff_invitations")
    .select(["id", "email", "name", "role", "expires_at"])
    .where("accepted_at", "is", null)
    .where("expires_at", ">", new Date().toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, expiresAt: r.expires_at }));
}

/** Withdraws an invitation not used yet: its link stops working. Returns its email. */
export async function withdrawStaffInvitation(db: Kysely<DB>, invitationId: string, actor: Actor): Promise<string> {
  const row = await db
    .deleteFrom("staff_invitations")
    .where("id", "=", invitationId)
    .where("accepted_at", "is", null)
    .returning("email")
    .executeTakeFirst();
  if (!row) throw new AccountError(TEAM.invitationNotFound, "form", 404);
  await recordAudit(db, actor, {
    action: "staff.invitation-withdrawn",
    subjectType: "user",
    subjectId: invitationId,
    summary: `Invitation to ${row.email} withdrawn`,
  });
  return row.email;
}

/** What a link stands for, without using it. */
export async function readStaffInvitation(db: Kysely<DB>, token: string): Promise<StaffInvitationView> {
  const row = await db
    .selectFrom("staff_invitations")
    .select(["email", "name", "role", "expires_at", "accepted_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  const state = stateOf(row);
  return row
    ? { state, email: row.email, name: row.name, role: row.role }
    : { state, email: "", name: "", role: "rep" };
}

/**
 * The invitee makes their login from the link: for the invitation's email, verified, with its role
 * and no business, and the link is used up. The email has one login at most (the users table says
 * so), so two tabs making one at once give one login; a link withdrawn or used meanwhile leaves no
 * login behind. Nothing changes when it is refused.
 */
export async function createStaffLogin(
  db: Kysely<DB>,
  token: string,
  input: { name: string; username: string; password: string },
  clientIp: string,
): Promise<{ email: string; role: StaffRole }> {
  const limit = await hitRateLimit(db, limits.signUpPerAddress, clientIp);
  if (!limit.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);
  const invitation = await readStaffInvitation(db, token);
  const refused = staffRefusalOf(invitation.state);
  if (refused) throw new AccountError(refused, "form", invitation.state === "unknown" ? 404 : 410);
  if (await findUserByEmail(db, invitation.email)) throw new AccountError(TEAM.emailHasLogin, "form", 409);
  if (await findUserByUsername(db, input.username)) throw new AccountError(MESSAGES.usernameInUse, "username");
  const ctx = await getAuth().$context;
  let userId: string;
  try {
    const user = await ctx.internalAdapter.createUser(
      {
        email: invitation.email,
        name: input.name.trim(),
        emailVerified: true,
        role: invitation.role,
        username: input.username.toLowerCase(),
        displayUsername: input.username,
      },
      { method: "admin" },
    );
    userId = user.id;
  } catch (error) {
    // Someone took the email or the username a moment ago.
    if (await findUserByEmail(db, invitation.email)) throw new AccountError(TEAM.emailHasLogin, "form", 409);
    if (await findUserByUsername(db, input.username)) throw new AccountError(MESSAGES.usernameInUse, "username");
    throw error;
  }
  await ctx.internalAdapter.linkAccount({
    userId,
    providerId: "credential",
    accountId: userId,
    password: await ctx.password.hash(input.password),
  });
  const used = await db
    .updateTable("staff_invitations")
    .set({ accepted_by: userId, accepted_at: new Date().toISOString() })
    .where("token_hash", "=", hashToken(token))
    .where("accepted_at", "is", null)
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) {
    // Withdrawn, used or expired while the login was being made: no login is left behind.
    await db.deleteFrom("users").where("id", "=", userId).execute();
    throw new AccountError(TEAM.invitationUsed, "form", 410);
  }
  await recordAudit(
    db,
    { id: userId, name: `${input.name.trim()} <${invitation.email}>` },
    {
      action: "staff.join",
      subjectType: "user",
      subjectId: userId,
      summary: `${invitation.email} made their login as ${invitation.role === "rep" ? "sales rep" : "driver"}`,
      after: { role: invitation.role },
    },
  );
  return { email: invitation.email, role: invitation.role };
}

/** The delivery drivers, by name. */
export async function listDrivers(db: Kysely<DB>): Promise<{ id: string; name: string; email: string }[]> {
  return db.selectFrom("users").select(["id", "name", "email"]).where("role", "=", "driver").orderBy("name").execute();
}
