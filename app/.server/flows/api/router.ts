import { STATUS_CODES } from "node:http";
import express, { type Request, type Response } from "express";
import { z } from "zod";
import type { ApiScope } from "~/lib/api-scopes";
import * as API_MESSAGES from "~/lib/messages/api";
import {
  claimIdempotencyKey,
  IDEMPOTENCY_KEY_SHAPE,
  requestHash,
  storeIdempotentAnswer,
} from "../../api-keys/idempotency";
import { type ApiKeyPrincipal, authenticateApiKey } from "../../api-keys/keys";
import { getDb } from "../../db/instance";
import { DomainError } from "../../runtime/domain-error";
import { log, loggableUrl } from "../../runtime/log";
import { clientAddress } from "../../security/client-address";
import { hitRateLimit } from "../../security/rate-limit";
import { referencePage } from "./docs";
import { type AnyEndpoint, ApiProblem } from "./endpoint";
import { API_ENDPOINTS } from "./index";
import { openApiDocument } from "./openapi";

/**
 * The public REST API under /api/v1 (issue 42, decision 0072), mounted by server/app.ts before
 * React Router: no cookies, no session, no CSRF check (a key is a bearer token, never sent by a
 * browser on its own), its own JSON body limit. Each request: the endpoint matched (404, or 405
 * with Allow), the key looked up by its hash (401), its scope (403), its rate limit (429), the
 * body read and parsed (415, 413, 400), the input checked by the endpoint's schemas (400), the
 * Idempotency-Key claimed (POST: a replay, 422 or 409), then the work. Every refusal is an RFC
 * 9457 problem document; a DomainError of the flows is a 4xx with its message.
 */

export const API_BODY_LIMIT = "256kb";
const BEARER = /^Bearer ([^\s]{1,200})$/;

interface Compiled {
  endpoint: AnyEndpoint;
  pattern: RegExp;
  names: string[];
}

function compile(endpoint: AnyEndpoint): Compiled {
  const names: string[] = [];
  const source = endpoint.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { endpoint, pattern: new RegExp(`^${source}$`), names };
}

const COMPILED = API_ENDPOINTS.map(compile);

function problemBody(status: number, detail: string, instance: string, errors?: ApiProblem["errors"]) {
  return {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail,
    instance,
    ...(errors ? { errors } : {}),
  };
}

function sendJson(res: Response, status: number, body: string, type = "application/json") {
  res.status(status).set("Content-Type", `${type}; charset=utf-8`).send(body);
}

function sendProblem(req: Request, res: Response, problem: ApiProblem) {
  for (const [name, value] of Object.entries(problem.headers)) res.set(name, value);
  sendJson(
    res,
    problem.status,
    JSON.stringify(problemBody(problem.status, problem.message, req.path, problem.errors)),
    "application/problem+json",
  );
}

function zodProblem(where: string, error: z.ZodError): ApiProblem {
  const errors = error.issues.slice(0, 50).map((issue) => ({
    location: [where, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  return new ApiProblem(400, API_MESSAGES.invalidRequest, { errors });
}

const EMPTY = z.strictObject({});

function parse(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  const result = (schema ?? EMPTY).safeParse(value);
  if (!result.success) throw zodProblem(where, result.error);
  return result.data;
}

const rawBody = express.raw({ type: () => true, limit: API_BODY_LIMIT });

/** The body as JSON: 415 unless it says it is JSON, 413 beyond the limit, 400 when it does not parse. */
async function readJson(req: Request, res: Response): Promise<unknown> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new ApiProblem(415, API_MESSAGES.notJson);
  try {
    await new Promise<void>((resolve, reject) =>
      rawBody(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw new ApiProblem(413, API_MESSAGES.bodyTooLarge);
    throw new ApiProblem(400, API_MESSAGES.malformedJson);
  }
  const buffer: unknown = req.body;
  const text = Buffer.isBuffer(buffer) ? buffer.toString("utf8") : "";
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiProblem(400, API_MESSAGES.malformedJson);
  }
}

async function authenticate(req: Request): Promise<ApiKeyPrincipal> {
  const header = req.headers.authorization;
  const match = typeof header === "string" ? BEARER.exec(header) : null;
  const headers = { "WWW-Authenticate": 'Bearer realm="api"' };
  if (!match?.[1]) throw new ApiProblem(401, API_MESSAGES.keyMissing, { headers });
  const key = await authenticateApiKey(getDb(), match[1], clientAddress(req));
  if (!key) throw new ApiProblem(401, API_MESSAGES.keyInvalid, { headers });
  return key;
}

function requireScope(key: ApiKeyPrincipal, scope: ApiScope) {
  if (!key.scopes.has(scope)) throw new ApiProblem(403, API_MESSAGES.scopeMissing(scope));
}

async function limitRate(key: ApiKeyPrincipal, res: Response) {
  const result = await hitRateLimit(
    getDb(),
    { name: `api-key-${key.id}`, limit: key.ratePerMinute, windowMs: 60_000, per: "account" },
    String(key.id),
    Date.now(),
    { relaxed: true },
  );
  res.set("RateLimit-Limit", String(key.ratePerMinute));
  res.set("RateLimit-Remaining", String(result.remaining));
  if (!result.allowed)
    throw new ApiProblem(429, API_MESSAGES.tooManyRequests, {
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
}

/** What an error becomes: a problem of ours, a flow's refusal (4xx, its message), else a 500. */
function asProblem(error: unknown, req: Request): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof DomainError) {
    const status = error.status >= 400 && error.status < 500 ? error.status : 409;
    return new ApiProblem(status, error.message, {
      ...(error.field !== "form" ? { errors: [{ location: `body.${error.field}`, message: error.message }] } : {}),
    });
  }
  log.error({ err: error, url: loggableUrl(req.originalUrl) }, "api request failed");
  return new ApiProblem(500, API_MESSAGES.internalError);
}

function matchPath(path: string) {
  const matches: { compiled: Compiled; params: Record<string, string> }[] = [];
  for (const compiled of COMPILED) {
    const m = compiled.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      compiled.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1] ?? "");
      });
    } catch {
      continue;
    }
    matches.push({ compiled, params });
  }
  return matches;
}

async function answer(req: Request, res: Response): Promise<void> {
  res.set("Cache-Control", "no-store");
  const method = req.method === "HEAD" ? "GET" : req.method;
  if (req.path === "/openapi.json" && method === "GET") {
    sendJson(res, 200, JSON.stringify(openApiDocument()), "application/json");
    return;
  }
  if (req.path === "/docs" && method === "GET") {
    res
      .status(200)
      .type("html")
      .send(referencePage(openApiDocument(), res.locals.cspNonce as string | undefined));
    return;
  }
  const matches = matchPath(req.path);
  if (matches.length === 0) throw new ApiProblem(404, API_MESSAGES.notFound);
  const match = matches.find((m) => m.compiled.endpoint.method === method);
  if (!match) {
    const allowed: string[] = [...new Set(matches.map((m) => m.compiled.endpoint.method))];
    if (allowed.includes("GET")) allowed.push("HEAD");
    throw new ApiProblem(405, API_MESSAGES.methodNotAllowed(allowed.join(", ")), {
      headers: { Allow: allowed.join(", ") },
    });
  }
  const endpoint = match.compiled.endpoint;
  const key = await authenticate(req);
  requireScope(key, endpoint.scope);
  await limitRate(key, res);

  const params = parse(endpoint.params, match.params, "path");
  const query = parse(endpoint.query, req.query, "query");
  const rawJson = method === "POST" ? await readJson(req, res) : undefined;
  const body = method === "POST" ? parse(endpoint.body, rawJson, "body") : undefined;

  const idemHeader = method === "POST" ? req.headers["idempotency-key"] : undefined;
  const idempotencyKey = typeof idemHeader === "string" ? idemHeader : null;
  if (idemHeader !== undefined && (idempotencyKey === null || !IDEMPOTENCY_KEY_SHAPE.test(idempotencyKey)))
    throw new ApiProblem(400, API_MESSAGES.idempotencyKeyInvalid);

  const db = getDb();
  const run = async (): Promise<{ status: number; body: string; type: string }> => {
    try {
      const result = await endpoint.handle({ db, key, params, query, body, idempotencyKey });
      return { status: endpoint.status ?? 200, body: JSON.stringify(result), type: "application/json" };
    } catch (error) {
      const problem = asProblem(error, req);
      for (const [name, value] of Object.entries(problem.headers)) res.set(name, value);
      return {
        status: problem.status,
        body: JSON.stringify(problemBody(problem.status, problem.message, req.path, problem.errors)),
        type: "application/problem+json",
      };
    }
  };

  if (idempotencyKey === null) {
    const result = await run();
    sendJson(res, result.status, result.body, result.type);
    return;
  }
  const claim = await claimIdempotencyKey(db, key.id, idempotencyKey, requestHash(method, req.path, rawJson));
  if (claim.state === "mismatch") throw new ApiProblem(422, API_MESSAGES.idempotencyKeyReused);
  if (claim.state === "in-progress")
    throw new ApiProblem(409, API_MESSAGES.idempotencyInProgress, { headers: { "Retry-After": "1" } });
  if (claim.state === "replay") {
    res.set("Idempotent-Replayed", "true");
    const isProblem = claim.status >= 400;
    sendJson(res, claim.status, claim.body, isProblem ? "application/problem+json" : "application/json");
    return;
  }
  const result = await run();
  await storeIdempotentAnswer(db, key.id, idempotencyKey, result.status, result.body);
  sendJson(res, result.status, result.body, result.type);
}

/** The router server/app.ts mounts at /api/v1. */
export function apiRouter(): express.Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  router.use((req, res) => {
    const started = performance.now();
    const writeHead = res.writeHead.bind(res);
    // The time spent here, from the request's arrival to its answer's head (read by npm run bench:api).
    res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
      if (!res.headersSent) res.setHeader("Server-Timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
      return writeHead(...args);
    }) as typeof res.writeHead;
    answer(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendProblem(req, res, asProblem(error, req));
    });
  });
  return router;
}
