import { type Kysely, sql, type Transaction } from "kysely";
import { businessDisplayName } from "~/lib/business";
import * as TEAM from "~/lib/messages/team";
import { storeDayStart } from "~/lib/store-time";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { TeamError } from "./team";

/**
 * Sales reps (issue 29, decision 0033): an admin makes a user a rep and assigns businesses to
 * them; a rep (or an admin taking a phone order) acts for one business at a time. Who may act for
 * what is decided here and again by the viewer lookup (accounts/viewer.ts), which only honors an
 * acting row a rep's assignments still allow.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The person asking to act: their id and role as they signed in (not as they act). */
export interface Staff {
  id: string;
  staffRole: "rep" | "admin";
}

export interface BusinessChoice {
  id: string;
  /** As shown everywhere (lib/business.ts businessDisplayName). */
  name: string;
  city: string | null;
  state: string | null;
}

export interface RepSummary {
  id: string;
  name: string;
  email: string;
  businesses: { id: string; name: string }[];
  ordersThisMonth: number;
  salesThisMonthCents: number;
}

function businessLabel(row: { legal_name: string; dba: string | null }): string {
  return businessDisplayName({ legalName: row.legal_name, dba: row.dba });
}

/** The businesses a person may act for, narrowed by a search of names: a rep's own, or every one for an admin. */
export async function businessesToActFor(db: Db, staff: Staff, search: string, limit = 50): Promise<BusinessChoice[]> {
  let q = db
    .selectFrom("businesses")
    .leftJoin("addresses", (join) =>
      join.onRef("addresses.user_id", "=", "businesses.user_id").on("addresses.is_default", "=", 1),
    )
    .select([
      "businesses.user_id as id",
      "businesses.legal_name as legal_name",
      "businesses.dba as dba",
      "addresses.city as city",
      "addresses.state as state",
    ]);
  if (staff.staffRole === "rep") {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("rep_assignments")
          .select("rep_assignments.rep_id")
          .whereRef("rep_assignments.business_id", "=", "businesses.user_id")
          .where("rep_assignments.rep_id", "=", staff.id),
      ),
    );
  }
  const term = search.trim().toLowerCase().slice(0, 100);
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(businesses.legal_name)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(coalesce(businesses.dba, ''))`, "like", sql`${like} escape '\\'`),
      ]),
    );
  }
  const rows = await q.orderBy(sql`lower(coalesce(businesses.dba, businesses.legal_name))`).limit(limit).execute();
  return rows.map((r) => ({ id: r.id, name: businessLabel(r), city: r.city, state: r.state }));
}

/**
 * Starts acting for a business. A rep may act only for a business assigned to them (403 otherwise,
 * and nothing changes); an admin for any business.
 */
export async function startActing(db: Kysely<DB>, staff: Staff, businessId: string, actor: Actor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const business = await trx
      .selectFrom("businesses")
      .select(["user_id", "legal_name", "dba"])
      .where("user_id", "=", businessId)
      .executeTakeFirst();
    const allowed =
      business &&
      (staff.staffRole === "admin" ||
        (await trx
          .selectFrom("rep_assignments")
          .select("rep_id")
          .where("rep_id", "=", staff.id)
          .where("business_id", "=", businessId)
          .executeTakeFirst()));
    if (!business || !allowed) throw new TeamError(TEAM.notYourBusiness, 403);
    await trx.deleteFrom("acting_for").where("user_id", "=", staff.id).execute();
    await trx
      .insertInto("acting_for")
      .values({ user_id: staff.id, business_id: businessId, started_at: sqlNow(dialectOf(trx)) })
      .execute();
    const name = businessLabel(business);
    await recordAudit(trx, actor, {
      action: "acting.start",
      subjectType: "business",
      subjectId: businessId,
      summary: `Started acting for ${name}`,
    });
    return name;
  });
}

/** Stops acting for whichever business the person acts for (nothing when they act for none). */
export async function stopActing(db: Kysely<DB>, userId: string, actor: Actor): Promise<void> {
  const gone = await db
    .deleteFrom("acting_for")
    .where("user_id", "=", userId)
    .returning("business_id")
    .executeTakeFirst();
  if (gone) {
    await recordAudit(db, actor, {
      action: "acting.stop",
      subjectType: "business",
      subjectId: gone.business_id,
      summary: "Stopped acting for the business",
    });
  }
}

/**
 * Makes a user a sales rep, or a customer again. A person in a business cannot be a rep (their
 * own business's data would mix with their customers'); an admin stays an admin. Taking the role
 * away removes their assignments and ends any acting.
 */
export async function setSalesRep(db: Kysely<DB>, email: string, makeRep: boolean, actor: Actor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "name", "role"])
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) throw new TeamError(TEAM.noUserWithEmail, 404, "email");
    if (user.role === "admin") throw new TeamError(TEAM.adminsActAlready, 409, "email");
    if (makeRep) {
      if (user.role === "rep") return user.name;
      const inBusiness =
        (await trx
          .selectFrom("business_members")
          .select("user_id")
          .where("user_id", "=", user.id)
          .executeTakeFirst()) ??
        (await trx.selectFrom("businesses").select("user_id").where("user_id", "=", user.id).executeTakeFirst());
      if (inBusiness) throw new TeamError(TEAM.repCannotBeMember, 409, "email");
      await trx.updateTable("users").set({ role: "rep" }).where("id", "=", user.id).execute();
    } else {
      if (user.role !== "rep") return user.name;
      await trx.deleteFrom("rep_assignments").where("rep_id", "=", user.id).execute();
      await trx.deleteFrom("acting_for").where("user_id", "=", user.id).execute();
      await trx.updateTable("users").set({ role: "customer" }).where("id", "=", user.id).execute();
    }
    await recordAudit(trx, actor, {
      action: "user.role",
      subjectType: "user",
      subjectId: user.id,
      summary: `${makeRep ? "Made" : "Removed"} sales rep: ${user.name}`,
      before: { role: user.role },
      after: { role: makeRep ? "rep" : "customer" },
    });
    return user.name;
  });
}

/** Assigns a business to a rep, or takes it away (which ends their acting for it at once). */
export async function setAssignment(
  db: Kysely<DB>,
  repId: string,
  businessId: string,
  assigned: boolean,
  actor: Actor,
): Promise<{ rep: string; business: string }> {
  return db.transaction().execute(async (trx) => {
    const rep = await trx.selectFrom("users").select(["id", "name", "role"]).where("id", "=", repId).executeTakeFirst();
    if (rep?.role !== "rep") throw new TeamError(TEAM.notARep, 404);
    const business = await trx
      .selectFrom("businesses")
      .select(["user_id", "legal_name", "dba"])
      .where("user_id", "=", businessId)
      .executeTakeFirst();
    if (!business) throw new TeamError(TEAM.noSuchBusiness, 404, "businessId");
    const name = businessLabel(business);
    if (assigned) {
      await trx
        .insertInto("rep_assignments")
        .values({ rep_id: repId, business_id: businessId, created_at: sqlNow(dialectOf(trx)) })
        .onConflict((oc) => oc.columns(["rep_id", "business_id"]).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom("rep_assignments")
        .where("rep_id", "=", repId)
        .where("business_id", "=", businessId)
        .execute();
      await trx.deleteFrom("acting_for").where("user_id", "=", repId).where("business_id", "=", businessId).execute();
    }
    await recordAudit(trx, actor, {
      action: assigned ? "rep.assign" : "rep.unassign",
      subjectType: "business",
      subjectId: businessId,
      summary: `${name} ${assigned ? "assigned to" : "taken from"} sales rep ${rep.name}`,
    });
    return { rep: rep.name, business: name };
  });
}

/** Every rep with their businesses and the orders they placed from the store day `monthStart` (YYYY-MM-DD, from its Dallas midnight; not cancelled). */
export async function listReps(db: Kysely<DB>, monthStart: string): Promise<RepSummary[]> {
  const reps = await db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("role", "=", "rep")
    .orderBy("name")
    .execute();
  if (reps.length === 0) return [];
  const ids = reps.map((r) => r.id);
  const [assignments, sales] = await Promise.all([
    db
      .selectFrom("rep_assignments")
      .innerJoin("businesses", "businesses.user_id", "rep_assignments.business_id")
      .select(["rep_assignments.rep_id as rep", "businesses.user_id as id", "businesses.legal_name", "businesses.dba"])
      .where("rep_assignments.rep_id", "in", ids)
      .orderBy(sql`lower(coalesce(businesses.dba, businesses.legal_name))`)
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => [
        "placed_by_id",
        eb.fn.countAll<number>().as("n"),
        sql<number>`coalesce(sum(goods_cents), 0)`.as("cents"),
      ])
      .where("placed_by_id", "in", ids)
      .where("created_at", ">=", storeDayStart(monthStart))
      .where("status", "!=", "Cancelled")
      .groupBy("placed_by_id")
      .execute(),
  ]);
  return reps.map((r) => {
    const sold = sales.find((s) => s.placed_by_id === r.id);
    return {
      ...r,
      businesses: assignments.filter((a) => a.rep === r.id).map((a) => ({ id: a.id, name: businessLabel(a) })),
      ordersThisMonth: Number(sold?.n ?? 0),
      salesThisMonthCents: Number(sold?.cents ?? 0),
    };
  });
}
