import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { businessDisplayName } from "~/lib/business";
import * as TEAM from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { oneLine } from "~/lib/text";
import type { Viewer as FullViewer } from "../accounts/viewer";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB, MemberRole } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { takeRecipientShare } from "../mail/recipient-caps";
import { layout } from "../mail/templates";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { hitRateLimit, type RateLimitRule, scaledLimit } from "../security/rate-limit";

/**
 * Team accounts (issue 29, decision 0032): a business's members, its owner's invitations, roles
 * and spending limits. The business's key is the id of the person who registered it (its
 * founder); business_members says who else belongs to it. Every change is in the audit log.
 */

type Db = Kysely<DB> | Transaction<DB>;

export const INVITATION_DAYS = 7;

/** The person making a team change: the request's viewer (a test may pass the fields it needs). */
type Viewer = Pick<FullViewer, "id" | "name" | "email" | "role" | "accountId" | "memberRole">;

/** A team change refused, with the sentence the owner (or invitee) reads. */
export class TeamError extends DomainError {
  constructor(message: string, status = 409, field?: string) {
    super(message, { status, field });
  }
}

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  orderLimitCents: number | null;
  /** The person who registered the business: its records are kept under their id. */
  founder: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
}

/** Only an owner manages the team, the business profile, its licenses and addresses. */
export function assertOwner(viewer: Viewer): void {
  if (viewer.role !== "customer" || viewer.memberRole !== "owner") throw new TeamError(TEAM.ownerOnly, 403);
}

/**
 * Whether the viewer manages their account's business profile, licenses and addresses: an
 * owner (an admin manages their own account as before).
 */
export function managesBusiness(viewer: Viewer): boolean {
  return viewer.role === "admin" || viewer.memberRole === "owner";
}

function actorOf(viewer: Viewer): Actor {
  return { id: viewer.id, name: `${viewer.name} <${viewer.email}>` };
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

/** The members of a business, owners first. A business with no member rows is its founder alone. */
export async function listMembers(db: Db, businessId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom("business_members")
    .innerJoin("users", "users.id", "business_members.user_id")
    .select([
      "business_members.user_id as userId",
      "users.name as name",
      "users.email as email",
      "business_members.role as role",
      "business_members.order_limit_cents as orderLimitCents",
    ])
    .where("business_members.business_id", "=", businessId)
    .orderBy("business_members.role", "desc")
    .orderBy("users.name")
    .execute();
  if (rows.length === 0) {
    const founder = await db
      .selectFrom("users")
      .select(["id", "name", "email"])
      .where("id", "=", businessId)
      .executeTakeFirst();
    return founder
      ? [
          {
            userId: founder.id,
            name: founder.name,
            email: founder.email,
            role: "owner",
            orderLimitCents: null,
            founder: true,
          },
        ]
      : [];
  }
  return rows.map((r) => ({ ...r, founder: r.userId === businessId }));
}

export async function listPendingInvitations(db: Db, businessId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("team_invitations")
    .select(["id", "email", "role", "expires_at"])
    .where("business_id", "=", businessId)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", new Date().toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, expiresAt: r.expires_at }));
}

async function businessName(db: Db, businessId: string): Promise<string> {
  const row = await db
    .selectFrom("businesses")
    .select(["legal_name", "dba"])
    .where("user_id", "=", businessId)
    .executeTakeFirst();
  return row ? businessDisplayName({ legalName: row.legal_name, dba: row.dba }) : "your business";
}

/** Makes sure the founder of a business has their member row (a business registered alone has none). */
async function ensureFounderRow(trx: Db, businessId: string): Promise<void> {
  const exists = await trx
    .selectFrom("business_members")
    .select("user_id")
    .where("user_id", "=", businessId)
    .executeTakeFirst();
  if (exists) return;
  const business = await trx
    .selectFrom("businesses")
    .select("user_id")
    .where("user_id", "=", businessId)
    .executeTakeFirst();
  if (!business) throw new TeamError(TEAM.businessProfileFirst);
  await trx
    .insertInto("business_members")
    .values({
      user_id: businessId,
      business_id: businessId,
      role: "owner",
      order_limit_cents: null,
      created_at: sqlNow(dialectOf(trx)),
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/**
 * The invitations one business may send in a day (issue 36, decision 0043): enough to bring a
 * whole team in at once, too few to make the store a mailer. Each invitation also counts against
 * what its address may receive in a day (mail/recipient-caps.ts).
 */
export const INVITATIONS_PER_BUSINESS_A_DAY = 20;

export const invitationsPerBusiness = {
  name: "team-invitation:business",
  limit: INVITATIONS_PER_BUSINESS_A_DAY,
  windowMs: 24 * 60 * 60 * 1000,
  per: "account",
} satisfies RateLimitRule;

/**
 * An owner invites a person by email: a link valid 7 days, mailed to them. An earlier invitation
 * to the same email that was not used is withdrawn (one live link per person). A business sends
 * at most INVITATIONS_PER_BUSINESS_A_DAY a day, and the address gets its share of mails a day
 * (any case of it: the email is lowercased first); past either, the owner is told at the form and
 * nothing is queued. Returns the link (tests read it; the owner only ever sees that it was sent).
 */
export async function inviteMember(
  db: Kysely<DB>,
  owner: Viewer,
  input: { email: string; role: MemberRole },
): Promise<{ url: string }> {
  assertOwner(owner);
  const email = input.email.trim().toLowerCase();
  const businessId = owner.accountId;
  const token = crypto.randomBytes(32).toString("base64url");
  const url = `${env().BASE_URL}/join/${token}`;
  await db.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom("business_members")
      .innerJoin("users", "users.id", "business_members.user_id")
      .select("users.id")
      .where("business_members.business_id", "=", businessId)
      .where("users.email", "=", email)
      .executeTakeFirst();
    if (already || email === owner.email.toLowerCase())
      throw new TeamError(TEAM.alreadyMemberHere(email), 409, "email");
    await ensureFounderRow(trx, businessId);
    // Counted in the transaction: an invitation refused or rolled back costs nothing, and one
    // refused by a cap queues no mail and leaves the earlier invitation as it was.
    if (!(await hitRateLimit(trx, invitationsPerBusiness, businessId)).allowed)
      throw new TeamError(TEAM.invitationsTodayReached(scaledLimit(INVITATIONS_PER_BUSINESS_A_DAY)), 429, "email");
    if (!(await takeRecipientShare(trx, "team invitation", email)))
      throw new TeamError(TEAM.invitationsToAddressReached(email), 429, "email");
    await trx
      .deleteFrom("team_invitations")
      .where("business_id", "=", businessId)
      .where("email", "=", email)
      .where("accepted_at", "is", null)
      .execute();
    await trx
      .insertInto("team_invitations")
      .values({
        id: crypto.randomUUID(),
        business_id: businessId,
        email,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: owner.id,
        expires_at: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString(),
        created_at: sqlNow(dialectOf(trx)),
      })
      .execute();
    const name = await businessName(trx, businessId);
    await recordAudit(trx, actorOf(owner), {
      action: "team.invite",
      subjectType: "business",
      subjectId: businessId,
      summary: `${email} invited to ${name} as ${input.role}`,
      after: { email, role: input.role },
    });
    await enqueueMail(
      trx as Kysely<DB>,
      {
        to: email,
        subject: TEAM.invitationMailSubject(oneLine(name)),
        ...layout([TEAM.invitationMailBody(oneLine(owner.name), oneLine(name), input.role)], {
          label: "Join the business",
          url,
        }),
      },
      `team invitation to ${email}`,
    );
  });
  kickJobRunners();
  return { url };
}

export async function withdrawInvitation(db: Kysely<DB>, owner: Viewer, invitationId: string): Promise<string> {
  assertOwner(owner);
  const row = await db
    .deleteFrom("team_invitations")
    .where("id", "=", invitationId)
    .where("business_id", "=", owner.accountId)
    .where("accepted_at", "is", null)
    .returning("email")
    .executeTakeFirst();
  if (!row) throw new TeamError(TEAM.invitationNotFound, 404);
  await recordAudit(db, actorOf(owner), {
    action: "team.invitation-withdrawn",
    subjectType: "business",
    subjectId: owner.accountId,
    summary: `Invitation to ${row.email} withdrawn`,
  });
  return row.email;
}

export type InvitationState = "valid" | "used" | "expired" | "unknown";

export interface InvitationView {
  state: InvitationState;
  email: string;
  role: MemberRole;
  businessName: string;
}

/** What an invitation link stands for, without using it. */
export async function readInvitation(db: Db, token: string): Promise<InvitationView> {
  const row = await db
    .selectFrom("team_invitations")
    .select(["email", "role", "business_id", "expires_at", "accepted_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: "unknown", email: "", role: "buyer", businessName: "" };
  const state: InvitationState = row.accepted_at
    ? "used"
    : Date.parse(row.expires_at) <= Date.now()
      ? "expired"
      : "valid";
  return { state, email: row.email, role: row.role, businessName: await businessName(db, row.business_id) };
}

function refusalFor(state: InvitationState): TeamError | null {
  if (state === "unknown") return new TeamError(TEAM.invitationNotFound, 404);
  if (state === "used") return new TeamError(TEAM.invitationUsed, 410);
  if (state === "expired") return new TeamError(TEAM.invitationExpired, 410);
  return null;
}

/**
 * Whether a person already belongs to a business: a member row, or a business of their own (they
 * registered one), or orders or addresses of their own.
 */
async function belongsSomewhere(db: Db, userId: string): Promise<string | null> {
  const member = await db
    .selectFrom("business_members")
    .select("business_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (member) return member.business_id;
  const own = await db.selectFrom("businesses").select("user_id").where("user_id", "=", userId).executeTakeFirst();
  if (own) return own.user_id;
  const order = await db.selectFrom("orders").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst();
  const address = await db
    .selectFrom("addresses")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return order || address ? userId : null;
}

/**
 * The signed-in person joins the business that invited them. The link is used once (a
 * conditional update: two tabs joining at once give one member), only by the email it was sent
 * to, and only by someone who belongs to no business yet. Nothing changes when it is refused.
 */
export async function acceptInvitation(
  db: Kysely<DB>,
  token: string,
  person: { id: string; name: string; email: string },
): Promise<{ businessName: string }> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("team_invitations")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    const state: InvitationState = !row
      ? "unknown"
      : row.accepted_at
        ? "used"
        : Date.parse(row.expires_at) <= Date.now()
          ? "expired"
          : "valid";
    const refused = refusalFor(state);
    if (refused || !row) throw refused ?? new TeamError(TEAM.invitationNotFound, 404);
    if (row.email !== person.email.trim().toLowerCase())
      throw new TeamError(TEAM.invitationForAnotherEmail(row.email), 403);
    const current = await belongsSomewhere(trx, person.id);
    if (current === row.business_id) throw new TeamError(TEAM.alreadyInThisBusiness);
    if (current) throw new TeamError(TEAM.alreadyInAnotherBusiness);
    const used = await trx
      .updateTable("team_invitations")
      .set({ accepted_by: person.id, accepted_at: new Date().toISOString() })
      .where("id", "=", row.id)
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new TeamError(TEAM.invitationUsed, 410);
    await ensureFounderRow(trx, row.business_id);
    await trx
      .insertInto("business_members")
      .values({
        user_id: person.id,
        business_id: row.business_id,
        role: row.role,
        order_limit_cents: null,
        created_at: sqlNow(dialectOf(trx)),
      })
      .execute();
    const name = await businessName(trx, row.business_id);
    await recordAudit(
      trx,
      { id: person.id, name: `${person.name} <${person.email}>` },
      {
        action: "team.join",
        subjectType: "business",
        subjectId: row.business_id,
        summary: `${person.email} joined ${name} as ${row.role}`,
        after: { userId: person.id, role: row.role },
      },
    );
    return { businessName: name };
  });
  return result;
}

/** Checks the link can still be used by a new login for its email, before one is made. */
export async function invitationForNewLogin(db: Db, token: string): Promise<InvitationView> {
  const view = await readInvitation(db, token);
  const refused = refusalFor(view.state);
  if (refused) throw refused;
  return view;
}

async function memberOf(trx: Db, businessId: string, userId: string) {
  const row = await trx
    .selectFrom("business_members")
    .innerJoin("users", "users.id", "business_members.user_id")
    .select(["business_members.role as role", "users.name as name", "business_members.order_limit_cents as limit"])
    .where("business_members.business_id", "=", businessId)
    .where("business_members.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new TeamError(TEAM.notAMember, 404);
  return row;
}

async function ownerCount(trx: Db, businessId: string): Promise<number> {
  const row = await trx
    .selectFrom("business_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("business_id", "=", businessId)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The owner is still an owner of this business, read inside the change's transaction: a page
 * opened before another owner made them a buyer (or removed them) changes nothing.
 */
export async function assertStillOwner(trx: Db, owner: Viewer): Promise<void> {
  await ensureFounderRow(trx, owner.accountId);
  const row = await trx
    .selectFrom("business_members")
    .select("role")
    .where("user_id", "=", owner.id)
    .where("business_id", "=", owner.accountId)
    .executeTakeFirst();
  if (row?.role !== "owner") throw new TeamError(TEAM.ownerOnly, 403);
}

/** PostgreSQL: one team change at a time per business (the business row is the lock). */
async function lockBusiness(trx: Transaction<DB>, businessId: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await trx.selectFrom("businesses").select("user_id").where("user_id", "=", businessId).forUpdate().execute();
}

export async function changeRole(db: Kysely<DB>, owner: Viewer, memberId: string, role: MemberRole): Promise<string> {
  assertOwner(owner);
  if (memberId === owner.id) throw new TeamError(TEAM.cannotChangeYourself);
  return db.transaction().execute(async (trx) => {
    await lockBusiness(trx, owner.accountId);
    await assertStillOwner(trx, owner);
    const member = await memberOf(trx, owner.accountId, memberId);
    if (member.role === role) return member.name;
    if (member.role === "owner" && (await ownerCount(trx, owner.accountId)) <= 1) throw new TeamError(TEAM.lastOwner);
    await trx
      .updateTable("business_members")
      .set({ role, order_limit_cents: null })
      .where("user_id", "=", memberId)
      .where("business_id", "=", owner.accountId)
      .execute();
    await recordAudit(trx, actorOf(owner), {
      action: "team.role",
      subjectType: "business",
      subjectId: owner.accountId,
      summary: `${member.name} made ${role}`,
      before: { userId: memberId, role: member.role },
      after: { userId: memberId, role },
    });
    return member.name;
  });
}

export async function setOrderLimit(
  db: Kysely<DB>,
  owner: Viewer,
  memberId: string,
  limitCents: number | null,
): Promise<string> {
  assertOwner(owner);
  return db.transaction().execute(async (trx) => {
    await lockBusiness(trx, owner.accountId);
    await assertStillOwner(trx, owner);
    const member = await memberOf(trx, owner.accountId, memberId);
    if (member.role !== "buyer") throw new TeamError(TEAM.ownersHaveNoLimit);
    await trx
      .updateTable("business_members")
      .set({ order_limit_cents: limitCents })
      .where("user_id", "=", memberId)
      .where("business_id", "=", owner.accountId)
      .execute();
    await recordAudit(trx, actorOf(owner), {
      action: "team.limit",
      subjectType: "business",
      subjectId: owner.accountId,
      summary: `${member.name}'s order limit: ${limitCents === null ? "none" : formatCents(limitCents)}`,
      before: { userId: memberId, orderLimitCents: member.limit },
      after: { userId: memberId, orderLimitCents: limitCents },
    });
    return member.name;
  });
}

/**
 * Removes a member: their row goes and their sessions end in the same transaction, so their next
 * request is a visitor's. The last owner stays; so does the founder, whose id is the business's.
 */
export async function removeMember(db: Kysely<DB>, owner: Viewer, memberId: string): Promise<string> {
  assertOwner(owner);
  if (memberId === owner.id) throw new TeamError(TEAM.cannotChangeYourself);
  if (memberId === owner.accountId) throw new TeamError(TEAM.founderStays);
  return db.transaction().execute(async (trx) => {
    await lockBusiness(trx, owner.accountId);
    await assertStillOwner(trx, owner);
    const member = await memberOf(trx, owner.accountId, memberId);
    if (member.role === "owner" && (await ownerCount(trx, owner.accountId)) <= 1) throw new TeamError(TEAM.lastOwner);
    await trx
      .deleteFrom("business_members")
      .where("user_id", "=", memberId)
      .where("business_id", "=", owner.accountId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", memberId).execute();
    await recordAudit(trx, actorOf(owner), {
      action: "team.remove",
      subjectType: "business",
      subjectId: owner.accountId,
      summary: `${member.name} removed`,
      before: { userId: memberId, role: member.role },
    });
    return member.name;
  });
}

/** The owners' emails and names, to ask them for an approval. */
export async function ownersOf(db: Db, businessId: string): Promise<{ id: string; name: string; email: string }[]> {
  return (await listMembers(db, businessId))
    .filter((m) => m.role === "owner")
    .map((m) => ({ id: m.userId, name: m.name, email: m.email }));
}
