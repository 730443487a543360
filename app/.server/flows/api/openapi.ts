import { z } from "zod";
import { API_SCOPES } from "~/lib/api-scopes";
import * as API_MESSAGES from "~/lib/messages/api";
import { env } from "../../runtime/env";
import type { AnyEndpoint } from "./endpoint";
import { API_ENDPOINTS } from "./index";

/**
 * The OpenAPI 3.1 document of the API, made from the endpoints' own zod schemas (z.toJSONSchema,
 * JSON Schema 2020-12 as OpenAPI 3.1 reads it): the input side of parameters and bodies, the
 * output side of answers. Made once per process (it depends only on the code).
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const PROBLEM: JsonSchema = {
  type: "object",
  description: "RFC 9457 problem details (application/problem+json)",
  required: ["type", "title", "status", "detail"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    instance: { type: "string" },
    errors: {
      type: "array",
      items: {
        type: "object",
        properties: { location: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};

const problemRef = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

function parameters(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = jsonSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

function operation(endpoint: AnyEndpoint) {
  const status = String(endpoint.status ?? 200);
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: `Scope: ${endpoint.scope}`,
    tags: [endpoint.tag],
    "x-scope": endpoint.scope,
    security: [{ apiKey: [endpoint.scope] }],
    parameters: [
      ...parameters(endpoint.params, "path"),
      ...parameters(endpoint.query, "query"),
      ...(endpoint.method === "POST"
        ? [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description:
                "the same key with the same body answers the first answer again (24 hours); another body: 422",
              schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,100}$" },
            },
          ]
        : []),
    ],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: "OK",
        content: { "application/json": { schema: jsonSchema(endpoint.response, "output") } },
      },
      "400": problemRef("invalid parameters or body"),
      "401": problemRef("no key, or a key not valid or revoked"),
      "403": problemRef(`the key lacks ${endpoint.scope}`),
      ...(endpoint.params ? { "404": problemRef("not found") } : {}),
      ...(endpoint.method === "POST"
        ? {
            "409": problemRef("conflicts with the resource's state, or the same Idempotency-Key is in progress"),
            "413": problemRef("body too large"),
            "415": problemRef("body not JSON"),
            "422": problemRef("Idempotency-Key reused with another body, or items that cannot be applied"),
          }
        : {}),
      "429": problemRef("rate limit of the key reached (Retry-After)"),
    },
  };
}

let made: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  if (made) return made;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  made = {
    openapi: "3.1.0",
    info: { title: "Wholesale store API", version: "1.0.0", description: API_MESSAGES.docsIntro },
    servers: [{ url: `${env().BASE_URL.replace(/\/$/, "")}/api/v1` }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key made on the back office's API page. Scopes: ${API_SCOPES.join(", ")}`,
        },
      },
      schemas: { Problem: PROBLEM },
    },
  };
  return made;
}
