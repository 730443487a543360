import type { Kysely } from "kysely";
import { z } from "zod";
import type { ApiScope } from "~/lib/api-scopes";
import * as API_MESSAGES from "~/lib/messages/api";
import type { ApiKeyPrincipal } from "../../api-keys/keys";
import type { DB } from "../../db/schema";

/**
 * One declaration per endpoint of the public REST API (issue 42, decision 0072): its method, path,
 * scope and the zod schemas of its path parameters, query, body and answer. The Express router
 * (router.ts), the OpenAPI document (openapi.ts), the reference page and the authorization-matrix
 * test all read the same list (index.ts); nothing about an endpoint is written twice.
 */
export interface ApiCall<P, Q, B> {
  db: Kysely<DB>;
  key: ApiKeyPrincipal;
  params: P;
  query: Q;
  body: B;
  /** The request's Idempotency-Key (POST), or null. */
  idempotencyKey: string | null;
}

export interface Endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  /** The OpenAPI operationId. */
  id: string;
  method: "GET" | "POST";
  /** OpenAPI's form, under /api/v1: "/products/{id}". */
  path: string;
  scope: ApiScope;
  tag: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The success status (200 unless said). */
  status?: number;
  handle(call: ApiCall<z.output<P>, z.output<Q>, z.output<B>>): Promise<z.input<R>>;
}

// biome-ignore lint/suspicious/noExplicitAny: the list holds endpoints of every shape
export type AnyEndpoint = Endpoint<any, any, any, any>;

export function endpoint<
  R extends z.ZodType,
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(definition: Endpoint<P, Q, B, R>): AnyEndpoint {
  return definition as AnyEndpoint;
}

/**
 * An answer that is not a success, as an RFC 9457 problem document: its status, a detail a
 * developer reads and, for invalid input, each problem with where it is.
 */
export class ApiProblem extends Error {
  readonly status: number;
  readonly errors: { location: string; message: string }[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail: string,
    options: { errors?: { location: string; message: string }[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export const notFound = () => new ApiProblem(404, API_MESSAGES.notFound);

/** A path's numeric id. */
export const idPath = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647)),
});

/** A path's text id (a business: its owner's account id). */
export const textIdPath = z.strictObject({ id: z.string().min(1).max(100) });

/** Money in an answer: integer cents. */
export const cents = z.number().int();
export const timestamp = z.string().meta({ format: "date-time" });
