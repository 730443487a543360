import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  type Dialect as KyselyDialect,
  PostgresDialect,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import pg from "pg";
import { log } from "../runtime/log";
import { registerFold } from "./fold";
import type { DB } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface ConnectOptions {
  /** A postgres:// URL, or undefined for SQLite. */
  databaseUrl?: string;
  /** Folder holding the SQLite file. */
  dataDir: string;
  /** SQLite file name inside dataDir (default store.db). */
  sqliteFile?: string;
  /** Size of the PostgreSQL pool. */
  poolSize?: number;
}

// PostgreSQL returns int8 (count(), bigint) as strings; every such value we read fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

const dialects = new WeakMap<object, Dialect>();

/**
 * SQLite transactions start with BEGIN IMMEDIATE: they take the write lock at once and wait for
 * it (busy_timeout), instead of failing with "database is locked" when a reader tries to become
 * a writer while another process (a script, a second server during a restart) is writing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * better-sqlite3 compiles every statement handed to prepare(); Kysely prepares each query anew.
 * Reusing compiled statements for repeated SQL (the app issues a few dozen distinct shapes) saves
 * that work on every request. Kysely uses one connection at a time, so a statement is never in
 * use twice at once.
 */
function withStatementCache(database: SQLite.Database, size = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  return new Proxy(database, {
    get(target, prop, receiver) {
      if (prop !== "prepare") return Reflect.get(target, prop, receiver);
      return (source: string) => {
        let stmt = cache.get(source);
        if (!stmt) {
          stmt = prepare(source);
          if (cache.size >= size) cache.delete(cache.keys().next().value as string);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

function sqliteDialect(database: SQLite.Database): KyselyDialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database }),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

export function connect(options: ConnectOptions): Kysely<DB> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
    });
    pool.on("error", (error) => {
      // An idle client lost its connection; the pool replaces it.
      log.warn({ err: error }, "PostgreSQL pool error");
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    dialects.set(db, "postgres");
    return db;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? "store.db");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Unicode case folding the rules compare option values and brands with (db/fold.ts).
  registerFold(sqlite);
  const db = new Kysely<DB>({ dialect: sqliteDialect(withStatementCache(sqlite)) });
  dialects.set(db, "sqlite");
  return db;
}

/** Which database a Kysely instance (or a transaction of it) talks to. */
export function dialectOf(db: Kysely<DB> | Kysely<unknown>): Dialect {
  const known = dialects.get(db);
  if (known) return known;
  const adapter = db.getExecutor().adapter;
  return adapter.constructor.name === "PostgresAdapter" ? "postgres" : "sqlite";
}
