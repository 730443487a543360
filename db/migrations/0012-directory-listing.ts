import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * State vape directories (issue 15): several states allow only vapes listed in a directory the
 * state keeps.
 *
 * - product_compliance.directory_states: JSON text of the two-letter codes of the states whose
 *   directory lists the product; '[]' (the default) lists it nowhere.
 * - compliance_rules.effect gains 'require-listing': the sale is allowed only when the directory of
 *   the ship-to state lists the product. On PostgreSQL the check constraint is replaced; SQLite
 *   cannot alter a constraint, so the table is rebuilt with its rows, ids, id sequence and
 *   triggers (no table refers to it).
 */
const EFFECTS = (effects: string[]) => effects.map((e) => `'${e}'`).join(", ");

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
async function setEffects(db: Kysely<any>, effects: string[]): Promise<void> {
  const check = `effect in (${EFFECTS(effects)})`;
  if (dialectOf(db) === "postgres") {
    const checks = await sql<{ conname: string }>`select conname from pg_constraint
      where conrelid = 'compliance_rules'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%effect%'`.execute(db);
    for (const { conname } of checks.rows) {
      await sql`alter table compliance_rules drop constraint ${sql.id(conname)}`.execute(db);
    }
    await sql
      .raw(`alter table compliance_rules add constraint compliance_rules_effect_check check (${check})`)
      .execute(db);
    return;
  }
  const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'compliance_rules'`.execute(db);
  await sql
    .raw(`create table compliance_rules_rebuilt (
      id integer primary key autoincrement,
      name text not null,
      scope text not null,
      states text not null,
      zips text not null,
      effective_from text not null,
      effective_until text,
      effect text not null check (${check}),
      license_type text,
      reason text not null,
      label text not null,
      enabled integer not null default 1,
      example integer not null default 0,
      created_at text not null,
      updated_at text not null
    )`)
    .execute(db);
  const columns =
    "id, name, scope, states, zips, effective_from, effective_until, effect, license_type, reason, label, enabled, example, created_at, updated_at";
  await sql
    .raw(`insert into compliance_rules_rebuilt (${columns}) select ${columns} from compliance_rules`)
    .execute(db);
  await sql`drop table compliance_rules`.execute(db);
  await sql`alter table compliance_rules_rebuilt rename to compliance_rules`.execute(db);
  const last = seq.rows[0]?.seq;
  if (last !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${last}) where name = 'compliance_rules'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'compliance_rules', ${last}
      where not exists (select 1 from sqlite_sequence where name = 'compliance_rules')`.execute(db);
  }
  const bump = "update cache_versions set version = version + 1 where name = 'compliance';";
  for (const op of ["insert", "update", "delete"]) {
    await sql
      .raw(`create trigger compliance_rules_version_${op} after ${op} on compliance_rules begin ${bump} end`)
      .execute(db);
  }
  // Every app server reloads its copy of the rules.
  await sql.raw(bump).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("product_compliance")
    .addColumn("directory_states", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await setEffects(db, ["block", "require-license", "require-listing"]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("compliance_rules").where("effect", "=", "require-listing").execute();
  await setEffects(db, ["block", "require-license"]);
  await db.schema.alterTable("product_compliance").dropColumn("directory_states").execute();
}
