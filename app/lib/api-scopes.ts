/**
 * What a key of the public REST API may do (issue 42, decision 0072): each endpoint declares one
 * scope, and a key without it is refused (403). Purchase costs are read only under
 * purchasing:read; no other scope shows a cost.
 */
export const API_SCOPES = [
  "catalog:read",
  "catalog:write",
  "orders:read",
  "orders:write",
  "businesses:read",
  "receivables:read",
  "receivables:write",
  "purchasing:read",
  "delivery:read",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === "string" && (API_SCOPES as readonly string[]).includes(value);
}

/** A key's scopes as stored (space separated), the unknown left out. */
export function parseScopes(stored: string): ApiScope[] {
  return stored.split(" ").filter(isApiScope);
}

/** The requests a key may make per minute unless the admin says otherwise, and the most they may say. */
export const DEFAULT_API_RATE_PER_MINUTE = 600;
export const MAX_API_RATE_PER_MINUTE = 100_000;
