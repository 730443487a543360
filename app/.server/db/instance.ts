import type { Kysely } from "kysely";
import { env } from "../runtime/env";
import { connect } from "./connect";
import type { DB } from "./schema";

let instance: Kysely<DB> | undefined;

/** The process-wide database handle, opened on first use from the environment. */
export function getDb(): Kysely<DB> {
  if (!instance) {
    const e = env();
    instance = connect({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  }
  return instance;
}

export async function closeDb(): Promise<void> {
  const current = instance;
  instance = undefined;
  await current?.destroy();
}
