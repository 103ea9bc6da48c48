// The API's JSON Schemas (docs/decisions/0055): one per named type of contract/, generated from the
// TypeScript types themselves into contract/json-schema.json (`npm run openapi`), so the client's types
// and the server's schemas have one source. Each is a shared schema of the app (its `$id` is the type's
// name); a route names the types of its query, params, body and answers, and Fastify compiles their
// validation and serialization once, at start. JSON Schema checks the shape and the types; the §5
// rules and their messages stay in the contract's yup schemas.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FieldErrors } from '../contract/entities.ts';
import { MSG } from '../contract/schemas.ts';
import { BAD_REQUEST } from './http.ts';
import { isApiPath } from './security.ts';

type JsonSchema = Record<string, unknown>;

/** contract/json-schema.json: `definitions` keyed by type name, refs as `#/definitions/Name`. */
const generated = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../contract/json-schema.json'), 'utf8'),
) as {
  definitions: Record<string, JsonSchema>;
};

/** `#/definitions/Name` becomes the shared schema `Name#`, anywhere in a schema. */
function withSharedRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSharedRefs);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === '$ref' && typeof v === 'string' ? `${v.replace('#/definitions/', '')}#` : withSharedRefs(v);
  }
  return out;
}

/** Every contract type as a shared schema of the app (call once, on the root instance, before the routes). */
export function addContractSchemas(app: FastifyInstance): void {
  for (const [name, schema] of Object.entries(generated.definitions)) {
    app.addSchema({ $id: name, ...(withSharedRefs(schema) as JsonSchema) });
  }
}

/** A reference to a contract type's schema. */
export function ref(name: string): JsonSchema {
  if (!(name in generated.definitions)) throw new Error(`no schema for contract type ${name}`);
  return { $ref: `${name}#` };
}

/**
 * An object of text values, as a query string or path parameters arrive (the rules are yup's); a
 * parameter it does not name is dropped, as a body's unnamed properties are.
 */
export function textParams(names: readonly string[], required: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** The query of a GET that takes no parameters (docs/decisions/0056: said, not left out). */
export const NO_QUERY: JsonSchema = textParams([]);

export interface RouteShapes {
  /** Query parameters: a contract type or an inline schema (their values are text). */
  query?: string | JsonSchema;
  params?: string | JsonSchema;
  body?: string | JsonSchema;
  /** The 200 answer's contract type, or an inline schema; null for a 204 answer, without a body. */
  response: string | JsonSchema | null;
  /** The OpenAPI document's words for the call. */
  summary: string;
  tags?: string[];
}

const asSchema = (s: string | JsonSchema): JsonSchema => (typeof s === 'string' ? ref(s) : s);

/**
 * A request type's schema without its `required` list: which fields must be there is a §5 rule, answered
 * by the yup schema with that field's own message (and all of them at once), not by the first one Ajv
 * finds missing.
 */
function requestSchema(s: string | JsonSchema): JsonSchema {
  if (typeof s !== 'string') return s;
  const definition = generated.definitions[s];
  if (!definition) throw new Error(`no schema for contract type ${s}`);
  const { required: _presence, ...shape } = withSharedRefs(definition) as JsonSchema;
  return { title: s, ...shape };
}

/** The schema of a route: its request parts, its answer and the one error format for 4xx and 5xx. */
export function routeSchema(shapes: RouteShapes): FastifySchema {
  const error = ref('ErrorBody');
  return {
    summary: shapes.summary,
    ...(shapes.tags ? { tags: shapes.tags } : {}),
    ...(shapes.query ? { querystring: requestSchema(shapes.query) } : {}),
    ...(shapes.params ? { params: requestSchema(shapes.params) } : {}),
    ...(shapes.body ? { body: requestSchema(shapes.body) } : {}),
    response: {
      ...(shapes.response === null
        ? { 204: { type: 'null', description: 'No body' } }
        : { 200: asSchema(shapes.response) }),
      '4xx': error,
      '5xx': error,
    },
  } as FastifySchema;
}

interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * A request that breaks its JSON Schema (a value of the wrong type, a repeated parameter, a missing
 * part): the one error format of docs/decisions/0037, never Fastify's English. The field named by the
 * failing path (or the missing property) gets VALIDATION.INVALID_ENTRY (VALIDATION.REQUIRED when
 * missing); a body, or a part of it, that is not the object it must be is a bad request.
 */
export function schemaErrors(issues: readonly SchemaIssue[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const missing = issue.keyword === 'required' ? issue.params['missingProperty'] : undefined;
    const path = issue.instancePath.split('/').filter(Boolean);
    const field = typeof missing === 'string' ? missing : path[0];
    // The request's frame is wrong (a body, or a part of it, that is not the object it must be).
    if (field === undefined || (issue.keyword === 'type' && issue.params['type'] === 'object'))
      return BAD_REQUEST.errors;
    errors[field] ??= typeof missing === 'string' && path.length === 0 ? MSG.required : MSG.invalid;
  }
  return Object.keys(errors).length > 0 ? (errors as FieldErrors) : BAD_REQUEST.errors;
}

interface RouteSchemaParts {
  method: string | string[];
  url: string;
  schema?: FastifySchema;
}

/**
 * What a call of the API registered without (docs/decisions/0056): its answers (200 or 204, and the one
 * error format for 4xx and 5xx), its path parameters when its path has some, its query on a GET (an
 * empty one when it takes none) and its body on any other method (EmptyRequest when it reads none).
 * Empty when nothing is missing.
 */
function missingSchemaParts(route: RouteSchemaParts): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const response = (schema['response'] ?? {}) as Record<string, unknown>;
  const methods = ([] as string[]).concat(route.method);
  const missing: string[] = [];
  if (!response['200'] && !response['204']) missing.push('response 200 or 204');
  if (!response['4xx'] || !response['5xx']) missing.push('error responses');
  if (route.url.includes(':') && !schema['params']) missing.push('params');
  if (methods.includes('GET') && !schema['querystring']) missing.push('querystring');
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD') && !schema['body']) missing.push('body');
  return missing;
}

/**
 * An onRoute hook: a route of the API (security.ts isApiPath) must name every part of its schema, so the
 * OpenAPI document holds every call the server serves and Fastify checks every request. The sandbox's
 * stand-ins for other sites, the operators' probes, the app's files and a page hidden from the document
 * (the reference page's own files) are not calls of the API.
 */
export function requireRouteSchemas(route: RouteSchemaParts): void {
  if (!isApiPath(route.url) || (route.schema as { hide?: boolean } | undefined)?.hide === true) return;
  const missing = missingSchemaParts(route);
  if (missing.length > 0) {
    throw new Error(`${String(route.method)} ${route.url} is registered without its schema: ${missing.join(', ')}`);
  }
}
