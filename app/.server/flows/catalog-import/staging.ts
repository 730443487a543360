import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { defineJob } from "../../jobs/registry";

/**
 * A catalog file is uploaded once (issue 27; decision 0030): its dry run stages it here, and Apply
 * posts only the staged id. The file stays in the database, not on a server's disk, so the server
 * that takes the Apply reads it whichever took the dry run. Only the admin who uploaded it may
 * apply it; anyone else, like a made-up id, finds nothing.
 */

/** How long a staged file may be applied after its dry run. */
export const STAGED_IMPORT_HOURS = 24;
/** The most files one admin keeps staged (the newest: a file's dry run run again stages it again). */
export const MAX_STAGED_PER_ADMIN = 5;

const HOUR = 60 * 60 * 1000;
const STAGED_ID = /^[a-f0-9]{32}$/;

export interface StagedImport {
  id: string;
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Stages a file that has been read as a product CSV (so UTF-8 text without NUL: a text column
 * keeps it exactly, byte order mark included) for `adminId`; returns its id. The admin's older
 * staged files beyond MAX_STAGED_PER_ADMIN go.
 */
export async function stageImport(
  db: Kysely<DB>,
  adminId: string,
  fileName: string,
  bytes: Uint8Array,
  now = Date.now(),
): Promise<string> {
  const id = crypto.randomBytes(16).toString("hex");
  await db
    .insertInto("import_staging")
    .values({
      id,
      admin_id: adminId,
      file_name: fileName,
      content: Buffer.from(bytes).toString("utf8"),
      size: bytes.length,
      created_at: new Date(now).toISOString(),
      expires_at: now + STAGED_IMPORT_HOURS * HOUR,
    })
    .execute();
  const kept = await db
    .selectFrom("import_staging")
    .select("id")
    .where("admin_id", "=", adminId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_STAGED_PER_ADMIN)
    .execute();
  await db
    .deleteFrom("import_staging")
    .where("admin_id", "=", adminId)
    .where(
      "id",
      "not in",
      kept.map((k) => k.id),
    )
    .execute();
  return id;
}

/** The file `adminId` staged under `id`, unless it has expired; null for any other id or admin. */
export async function findStagedImport(
  db: Kysely<DB>,
  id: string,
  adminId: string,
  now = Date.now(),
): Promise<StagedImport | null> {
  if (!STAGED_ID.test(id)) return null;
  const row = await db
    .selectFrom("import_staging")
    .select(["id", "file_name", "content"])
    .where("id", "=", id)
    .where("admin_id", "=", adminId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? { id: row.id, fileName: row.file_name, bytes: new TextEncoder().encode(row.content) } : null;
}

/** Forgets a staged file (once it is applied). */
export async function removeStagedImport(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("import_staging").where("id", "=", id).execute();
}

/** Deletes the staged files that have expired; returns how many. */
export async function pruneStagedImports(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("import_staging").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const PRUNE_STAGED_IMPORTS_JOB = "prune-staged-imports";

/** Scheduled hourly (startup.ts). */
export const pruneStagedImportsJob = defineJob(PRUNE_STAGED_IMPORTS_JOB, async (_payload, { db, now }) => {
  await pruneStagedImports(db, now);
});
