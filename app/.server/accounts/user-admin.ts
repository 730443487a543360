import { type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import * as MESSAGES from "~/lib/messages";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { containsPattern, type ErasedPerson, eraseFromAudit, scrubberOf } from "../audit/erase";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { forgetMailsOf } from "../mail/outbox";
import { removeDocument } from "../media/documents";
import { DomainError } from "../runtime/domain-error";
import { log } from "../runtime/log";
import { limits } from "./limits";

/**
 * What an admin may do to an account (issue 17): disable and re-enable it (a disabled account's
 * sessions are deleted at once and it cannot sign in), make it an admin or take that away, and
 * delete a customer (the account, its addresses, business and licenses go, and their name and
 * email are taken out of the audit log and the mail queue; its orders stay with no customer,
 * shown as 'Unknown User'). Each is recorded in the audit log. An admin cannot do
 * any of this to their own account, and the store always keeps at least one admin.
 */
export class UserActionError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

export type UserAction = "disable" | "enable" | "make-admin" | "remove-admin" | "delete";

async function target(db: Kysely<DB>, userId: string, actor: Actor) {
  if (actor.id !== null && actor.id === userId) throw new UserActionError(MESSAGES.userNotYourself);
  const user = await db
    .selectFrom("users")
    .select(["id", "name", "email", "role", "disabled_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new UserActionError(MESSAGES.userNotFound);
  return user;
}

async function otherAdmins(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .where("id", "!=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Applies an admin's action to an account; returns the sentence telling what was done. */
export async function applyUserAction(
  db: Kysely<DB>,
  userId: string,
  action: UserAction,
  actor: Actor,
): Promise<string> {
  const documents: string[] = [];
  const done = await db.transaction().execute(async (trx) => {
    const user = await target(trx, userId, actor);
    const who = `${user.name} <${user.email}>`;
    const now = sqlNow(dialectOf(db));
    switch (action) {
      case "disable": {
        if (user.disabled_at) return MESSAGES.userDisabled(user.name);
        if (user.role === "admin" && (await otherAdmins(trx, userId)) === 0)
          throw new UserActionError(MESSAGES.lastAdmin);
        await trx.updateTable("users").set({ disabled_at: now }).where("id", "=", userId).execute();
        // Every session ends now: the next request of that browser is a visitor's.
        await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
        await recordAudit(trx, actor, {
          action: "user.disable",
          subjectType: "user",
          subjectId: userId,
          summary: `Disabled ${who}`,
          before: { disabled: false },
          after: { disabled: true },
        });
        return MESSAGES.userDisabled(user.name);
      }
      case "enable": {
        if (!user.disabled_at) return MESSAGES.userEnabled(user.name);
        await trx.updateTable("users").set({ disabled_at: null }).where("id", "=", userId).execute();
        await recordAudit(trx, actor, {
          action: "user.enable",
          subjectType: "user",
          subjectId: userId,
          summary: `Re-enabled ${who}`,
          before: { disabled: true },
          after: { disabled: false },
        });
        return MESSAGES.userEnabled(user.name);
      }
      case "make-admin":
      case "remove-admin": {
        const role = action === "make-admin" ? "admin" : "customer";
        if (user.role === role) return MESSAGES.userRole(user.name, role);
        if (role === "customer" && (await otherAdmins(trx, userId)) === 0)
          throw new UserActionError(MESSAGES.lastAdmin);
        await trx.updateTable("users").set({ role }).where("id", "=", userId).execute();
        await recordAudit(trx, actor, {
          action: "user.role",
          subjectType: "user",
          subjectId: userId,
          summary: `${role === "admin" ? "Made" : "Removed"} admin: ${who}`,
          before: { role: user.role },
          after: { role },
        });
        return MESSAGES.userRole(user.name, role);
      }
      case "delete": {
        if (user.role === "admin") throw new UserActionError(MESSAGES.userDeleteAdmin);
        // The founder's id is their business's key (decision 0032): deleting it would take the
        // business from its other members.
        const others = await trx
          .selectFrom("business_members")
          .select("user_id")
          .where("business_id", "=", userId)
          .where("user_id", "!=", userId)
          .executeTakeFirst();
        if (others) throw new UserActionError(TEAM_MESSAGES.founderHasMembers);
        const licenses = await trx
          .selectFrom("licenses")
          .select(["id", "number", "document_key"])
          .where("user_id", "=", userId)
          .execute();
        documents.push(...licenses.map((l) => l.document_key));
        const erased = await erasePersonalData(trx, user, licenses);
        // Sessions, accounts, addresses, business and licenses go with the row (foreign keys);
        // orders keep their lines and shipping copy with no customer.
        // Orders they placed for a business keep no trace of them either (decision 0022).
        await trx
          .updateTable("orders")
          .set({ placed_by_id: null, placed_by_name: null })
          .where("placed_by_id", "=", userId)
          .execute();
        await trx.deleteFrom("users").where("id", "=", userId).execute();
        await recordAudit(trx, actor, {
          action: "user.delete",
          subjectType: "user",
          subjectId: userId,
          summary: `Deleted customer account ${userId}`,
          after: erased,
        });
        return MESSAGES.userDeleted;
      }
    }
  });
  for (const key of documents) {
    await removeDocument(key).catch((err: unknown) => log.warn({ err, key }, "license document not removed"));
  }
  return done;
}

/**
 * Takes a customer about to be deleted out of everything that outlives their account row: the
 * audit log (their name and email become 'Unknown User'), the mail queue (mails to them are
 * dropped, others that mention them scrubbed), their contact-form messages, sign-in tokens and
 * rate-limit counters. Called in the deleting transaction, before the row goes.
 */
async function erasePersonalData(
  trx: Transaction<DB>,
  user: { id: string; name: string; email: string },
  licenses: { id: string; number: string }[],
): Promise<{ auditEntriesErased: number; mailsDropped: number; mailsScrubbed: number }> {
  const account = await trx
    .selectFrom("users")
    .leftJoin("businesses", "businesses.user_id", "users.id")
    .select([
      "users.username",
      "users.display_username",
      "businesses.legal_name",
      "businesses.dba",
      "businesses.tax_permit",
    ])
    .where("users.id", "=", user.id)
    .executeTakeFirstOrThrow();
  const person: ErasedPerson = {
    id: user.id,
    name: user.name,
    email: user.email,
    otherTerms: [
      account.username,
      account.display_username,
      account.legal_name,
      account.dba,
      account.tax_permit,
      ...licenses.map((l) => l.number),
    ].filter((t): t is string => typeof t === "string" && t.trim().length > 0),
    licenseIds: licenses.map((l) => l.id),
  };
  const auditEntriesErased = await eraseFromAudit(trx, person);
  const mails = await forgetMailsOf(trx, user.email, scrubberOf(person));
  const email = user.email.toLowerCase();
  await trx.deleteFrom("contact_messages").where(sql<SqlBool>`lower(email) = ${email}`).execute();
  await trx
    .deleteFrom("verifications")
    .where((eb) =>
      eb.or([eb("value", "=", user.id), sql<SqlBool>`lower(identifier) like ${containsPattern(email)} escape '\\'`]),
    )
    .execute();
  const subjects = [email, user.id, account.username?.toLowerCase()].filter((s): s is string => !!s);
  const keys = Object.values(limits).flatMap((rule) => subjects.map((s) => `${rule.name}:${s}`.slice(0, 300)));
  await trx.deleteFrom("rate_limits").where("key", "in", keys).execute();
  return { auditEntriesErased, mailsDropped: mails.dropped, mailsScrubbed: mails.scrubbed };
}

/** Whether an account is disabled (sign-in refuses it). */
export async function isDisabled(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("disabled_at").where("id", "=", userId).executeTakeFirst();
  return !!row?.disabled_at;
}
