import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { log } from "../log";
import { removeDocument } from "../media/documents";

/**
 * What an admin may do to an account (issue 17): disable and re-enable it (a disabled account's
 * sessions are deleted at once and it cannot sign in), make it an admin or take that away, and
 * delete a customer (the account, its addresses, business and licenses go; its orders stay with
 * no customer, shown as 'Unknown User'). Each is recorded in the audit log. An admin cannot do
 * any of this to their own account, and the store always keeps at least one admin.
 */
export class UserActionError extends Error {}

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
        const licenses = await trx
          .selectFrom("licenses")
          .select("document_key")
          .where("user_id", "=", userId)
          .execute();
        documents.push(...licenses.map((l) => l.document_key));
        // Sessions, accounts, addresses, business and licenses go with the row (foreign keys);
        // orders keep their lines and shipping copy with no customer.
        await trx.deleteFrom("users").where("id", "=", userId).execute();
        await recordAudit(trx, actor, {
          action: "user.delete",
          subjectType: "user",
          subjectId: userId,
          summary: `Deleted customer account ${userId}`,
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

/** Whether an account is disabled (sign-in refuses it). */
export async function isDisabled(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("disabled_at").where("id", "=", userId).executeTakeFirst();
  return !!row?.disabled_at;
}
