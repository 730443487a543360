import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { type ApiScope, parseScopes } from "~/lib/api-scopes";
import * as API_MESSAGES from "~/lib/messages/api";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

/**
 * The public REST API's keys (issue 42, decision 0072). A key is a random secret shown to the
 * admin once; the store keeps its SHA-256 (looked up through a unique index on every request, so a
 * revoke holds at once on every server: nothing about a key is remembered in a process) and its
 * visible prefix.
 */

/** A secret's visible start: "sk_live_" and eight characters (what the admin recognizes a key by). */
const PREFIX_LENGTH = 16;
const SECRET_SHAPE = /^sk_live_[A-Za-z0-9_-]{40}$/;

export class ApiKeyError extends DomainError {}

export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  ratePerMinute: number;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
}

/** The key a request authenticated as: who it is, what it may do, how often. */
export interface ApiKeyPrincipal {
  id: number;
  name: string;
  prefix: string;
  scopes: ReadonlySet<ApiScope>;
  ratePerMinute: number;
}

export function hashSecret(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

/** The audit log's actor for a write made with a key: the key named, not a person. */
export function apiKeyActor(key: Pick<ApiKeyPrincipal, "name" | "prefix">): Actor {
  return { id: null, name: `API key ${key.prefix}… (${key.name})` };
}

export async function createApiKey(
  db: Kysely<DB>,
  input: { name: string; scopes: readonly ApiScope[]; ratePerMinute: number },
  actor: Actor,
): Promise<{ id: number; secret: string; prefix: string }> {
  const secret = `sk_live_${crypto.randomBytes(30).toString("base64url")}`;
  const prefix = secret.slice(0, PREFIX_LENGTH);
  const scopes = [...new Set(input.scopes)];
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("api_keys")
      .values({
        name: input.name,
        prefix,
        secret_hash: hashSecret(secret),
        scopes: scopes.join(" "),
        rate_limit_per_minute: input.ratePerMinute,
        created_by: actor.id,
        created_by_name: actor.name.slice(0, 200),
        created_at: sqlNow(dialectOf(db)),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "api-key.create",
      subjectType: "api-key",
      subjectId: row.id,
      summary: `API key ${prefix}… (${input.name}) created`,
      after: { name: input.name, prefix, scopes, ratePerMinute: input.ratePerMinute },
    });
    return { id: row.id, secret, prefix };
  });
}

export async function listApiKeys(db: Kysely<DB>): Promise<ApiKeyView[]> {
  const rows = await db.selectFrom("api_keys").selectAll().orderBy("id", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: parseScopes(r.scopes),
    ratePerMinute: r.rate_limit_per_minute,
    createdAt: r.created_at,
    createdBy: r.created_by_name,
    lastUsedAt: r.last_used_at,
    lastUsedIp: r.last_used_ip,
    revokedAt: r.revoked_at,
  }));
}

/** Revokes a key: every request with it is refused from the next one on, on every server. */
export async function revokeApiKey(db: Kysely<DB>, id: number, actor: Actor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const key = await trx
      .selectFrom("api_keys")
      .select(["id", "name", "prefix", "revoked_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!key) throw new ApiKeyError(API_MESSAGES.keyNotFound, { status: 404 });
    const result = await trx
      .updateTable("api_keys")
      .set({ revoked_at: sqlNow(dialectOf(db)), revoked_by_name: actor.name.slice(0, 200) })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new ApiKeyError(API_MESSAGES.keyAlreadyRevoked, { status: 409 });
    await recordAudit(trx, actor, {
      action: "api-key.revoke",
      subjectType: "api-key",
      subjectId: id,
      summary: `API key ${key.prefix}… (${key.name}) revoked`,
      before: { revoked: false },
      after: { revoked: true },
    });
    return key.name;
  });
}

/**
 * The key a request's bearer secret belongs to, or null (unknown, malformed or revoked). Read
 * from the database on every request by the secret's hash (unique index); its last use and the
 * address it came from are written as it is used (at most once a second per key and address).
 */
export async function authenticateApiKey(
  db: Kysely<DB>,
  secret: string,
  address: string,
): Promise<ApiKeyPrincipal | null> {
  if (!SECRET_SHAPE.test(secret)) return null;
  const row = await db
    .selectFrom("api_keys")
    .select(["id", "name", "prefix", "scopes", "rate_limit_per_minute", "revoked_at", "last_used_at", "last_used_ip"])
    .where("secret_hash", "=", hashSecret(secret))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return null;
  const now = new Date().toISOString();
  const lastMs = row.last_used_at ? Date.parse(row.last_used_at) : 0;
  if (row.last_used_ip !== address || Date.now() - lastMs >= 1000) {
    await db
      .updateTable("api_keys")
      .set({ last_used_at: now, last_used_ip: address.slice(0, 100) })
      .where("id", "=", row.id)
      .execute();
  }
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: new Set(parseScopes(row.scopes)),
    ratePerMinute: row.rate_limit_per_minute,
  };
}
