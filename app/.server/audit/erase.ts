import { type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { DB } from "../db/schema";

/**
 * Taking a deleted customer out of the audit log (issue 17). Entries stay (what was done, to which
 * record, when, by which account id) but their name, email and the other words that named them
 * are replaced with 'Unknown User' in what a person reads: the summary, the actor's name and the
 * values before and after. Runs in the transaction that deletes the account; the log allows these
 * updates and no others (migration 0013).
 */
export interface ErasedPerson {
  id: string;
  name: string;
  email: string;
  /** Other words that named them (username, business name, tax permit, license numbers). */
  otherTerms: readonly string[];
  /** Audit subjects that were theirs besides the user and business of `id` (their licenses). */
  licenseIds: readonly string[];
}

type Db = Kysely<DB> | Transaction<DB>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `%...%` matching `text` literally in LIKE ... ESCAPE '\'. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * A function that replaces every mention of `person` in a text: "Name <email>" as a whole, the
 * email in any case, and their name and other terms as whole words (a name that is part of
 * another word is left alone).
 */
export function scrubberOf(person: Pick<ErasedPerson, "name" | "email" | "otherTerms">): (text: string) => string {
  const unknown = MESSAGES.unknownUser;
  const email = escapeRegExp(person.email);
  const word = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, "giu");
  const patterns = [
    new RegExp(`${escapeRegExp(person.name)}\\s*<${email}>`, "giu"),
    new RegExp(email, "giu"),
    ...[person.name, ...person.otherTerms]
      .map((t) => t.trim())
      .filter((t) => t.length > 0)
      .sort((a, b) => b.length - a.length)
      .map(word),
  ];
  return (text) => patterns.reduce((out, p) => out.replace(p, unknown), text);
}

/** `scrub` applied to every string of a JSON value (keys are field names and stay). */
export function scrubJson(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === "string") return scrub(value);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, scrub));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, scrub)]));
  return value;
}

/** JSON text with `scrub` applied to its strings (text that is not JSON is scrubbed as text). */
export function scrubJsonText(text: string, scrub: (text: string) => string): string {
  try {
    return JSON.stringify(scrubJson(JSON.parse(text), scrub));
  } catch {
    return scrub(text);
  }
}

/**
 * Rewrites every audit entry that names `person`: entries they made, entries about their account,
 * business and licenses, and any entry whose text carries their email. Returns how many changed.
 */
export async function eraseFromAudit(db: Db, person: ErasedPerson): Promise<number> {
  const like = containsPattern(person.email);
  const rows = await db
    .selectFrom("audit_log")
    .select(["id", "actor_id", "actor_name", "summary", "before", "after"])
    .where((eb) => {
      const contains = (column: "summary" | "actor_name" | "before" | "after") =>
        sql<SqlBool>`lower(${sql.ref(column)}) like ${like} escape '\\'`;
      return eb.or([
        eb("actor_id", "=", person.id),
        eb.and([eb("subject_type", "in", ["user", "business"]), eb("subject_id", "=", person.id)]),
        ...(person.licenseIds.length
          ? [eb.and([eb("subject_type", "=", "license"), eb("subject_id", "in", [...person.licenseIds])])]
          : []),
        contains("summary"),
        contains("actor_name"),
        contains("before"),
        contains("after"),
      ]);
    })
    .execute();
  const scrub = scrubberOf(person);
  let changed = 0;
  for (const row of rows) {
    const next = {
      actor_name: row.actor_id === person.id ? MESSAGES.unknownUser : scrub(row.actor_name),
      summary: scrub(row.summary),
      before: row.before === null ? null : scrubJsonText(row.before, scrub),
      after: row.after === null ? null : scrubJsonText(row.after, scrub),
    };
    if (
      next.actor_name === row.actor_name &&
      next.summary === row.summary &&
      next.before === row.before &&
      next.after === row.after
    )
      continue;
    await db
      .updateTable("audit_log")
      .set((eb) => ({ ...next, erasures: eb("erasures", "+", 1) }))
      .where("id", "=", row.id)
      .execute();
    changed++;
  }
  return changed;
}
