// The API as a contract (docs/decisions/0055): the committed JSON Schemas and OpenAPI document are what
// their sources make of them (`npm run openapi` regenerates both), and every call the app makes
// (src/api/) is in the document with the same method, path, answer type and parameters.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addContractSchemas, requireRouteSchemas, routeSchema } from '../../server/api-schemas.ts';
import {
  CONTRACT_SCHEMA_FILE,
  OPENAPI_FILE,
  asFileText,
  contractSchemas,
  openapiDocument,
} from '../../scripts/openapi.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const committed = (file: string) => readFileSync(file, 'utf8');
const doc = JSON.parse(committed(OPENAPI_FILE)) as Document;

describe('the committed documents', () => {
  it('contract/json-schema.json is what the contract types make (npm run openapi)', async () => {
    expect(committed(CONTRACT_SCHEMA_FILE) === asFileText(await contractSchemas()), 'run `npm run openapi`').toBe(true);
  }, 120_000);

  it('docs/openapi.json is what the routes make (npm run openapi)', async () => {
    expect(committed(OPENAPI_FILE) === asFileText(await openapiDocument()), 'run `npm run openapi`').toBe(true);
  }, 120_000);

  it('gives every call of the API its answer and error schemas', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const answer = op.responses['200']?.content?.['application/json']?.schema ?? op.responses['204'];
        if (!answer || !op.responses['4XX']) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
  });

  it('gives every call that is not a GET its body, EmptyRequest when it reads none (docs/decisions/0056)', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (method !== 'get' && method !== 'head' && !op.requestBody) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('a route of the API registered without its schemas (docs/decisions/0056)', () => {
  const server = () => {
    const app = Fastify();
    addContractSchemas(app);
    app.addHook('onRoute', requireRouteSchemas);
    return app;
  };
  const answer = { summary: 'test', response: 'LogoutResponse' } as const;

  it.each([
    ['no schema', '/pay/x', 'POST', undefined, 'response 200 or 204, error responses, body'],
    ['no body', '/auth/y', 'POST', routeSchema(answer), 'body'],
    ['no query', '/pay/x', 'GET', routeSchema(answer), 'querystring'],
    ['no path parameters', '/account/x/:id', 'POST', routeSchema({ ...answer, body: 'EmptyRequest' }), 'params'],
  ])('stops the server at start: %s', async (_, url, method, schema, missing) => {
    const app = server();
    app.register(async (api) => {
      api.route({ method, url, ...(schema ? { schema } : {}), handler: async () => ({}) });
    });
    await expect(app.ready()).rejects.toThrow(`${method} ${url} is registered without its schema: ${missing}`);
  });

  it('is let through when complete, and outside the API', async () => {
    const app = server();
    app.post('/auth/z', { schema: routeSchema({ ...answer, body: 'EmptyRequest' }) }, async () => ({}));
    app.get('/sandbox/legal/x', async () => 'text');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

// ------------------------------------------------------------------ the app's calls

interface ClientCall {
  where: string;
  method: 'get' | 'post';
  paths: string[];
  answer: string;
  /** The keys of an object literal given as the query (get) or body (post). */
  keys: string[];
}

/** Calls whose address is not the API's (another site's legal texts, §7). */
const NOT_THE_API = ['src/api/legal.ts'];

/** Every export of the contract and of src/api: the names a call's path is built from. */
async function pathScope(): Promise<Record<string, unknown>> {
  const scope: Record<string, unknown> = {};
  for (const dir of ['contract', 'src/api']) {
    for (const file of readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.ts'))) {
      Object.assign(scope, await import(join(ROOT, dir, file)));
    }
  }
  return scope;
}

/**
 * The paths an expression can give: names of the scope, property reads, calls (each argument becomes
 * a `{}` path parameter), a conditional's two branches and a local constant's value.
 */
function pathsOf(node: ts.Expression, scope: Record<string, unknown>, locals: Map<string, ts.Expression>): unknown[] {
  if (ts.isParenthesizedExpression(node)) return pathsOf(node.expression, scope, locals);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isIdentifier(node)) {
    const local = locals.get(node.text);
    if (local) return pathsOf(local, scope, locals);
    if (node.text in scope) return [scope[node.text]];
    throw new Error(`cannot resolve ${node.text}`);
  }
  if (ts.isPropertyAccessExpression(node)) {
    return pathsOf(node.expression, scope, locals).map((v) => (v as Record<string, unknown>)[node.name.text]);
  }
  if (ts.isConditionalExpression(node)) {
    return [...pathsOf(node.whenTrue, scope, locals), ...pathsOf(node.whenFalse, scope, locals)];
  }
  if (ts.isCallExpression(node)) {
    const args = node.arguments.map(() => '{}');
    return pathsOf(node.expression, scope, locals).map((f) => (f as (...a: string[]) => string)(...args));
  }
  throw new Error(`cannot resolve ${node.getText()}`);
}

function objectKeys(node: ts.Expression | undefined): string[] {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((p) =>
    (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name) ? [p.name.text] : [],
  );
}

async function clientCalls(): Promise<ClientCall[]> {
  const scope = await pathScope();
  const calls: ClientCall[] = [];
  for (const file of readdirSync(join(ROOT, 'src/api')).filter((f) => f.endsWith('.ts'))) {
    const name = `src/api/${file}`;
    if (NOT_THE_API.includes(name)) continue;
    const source = ts.createSourceFile(name, readFileSync(join(ROOT, name), 'utf8'), ts.ScriptTarget.Latest, true);
    const locals = new Map<string, ts.Expression>();
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        locals.set(node.name.text, node.initializer);
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'api' &&
        (node.expression.name.text === 'get' || node.expression.name.text === 'post') &&
        node.typeArguments?.length === 1 &&
        node.arguments[0]
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        calls.push({
          where: `${name}:${line}`,
          method: node.expression.name.text,
          paths: pathsOf(node.arguments[0], scope, locals).map((p) => decodeURIComponent(String(p))),
          answer: (node.typeArguments[0] as ts.TypeNode).getText(),
          keys: objectKeys(node.arguments[1]),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

/** A path with its parameters' names left out, as the app and the document may name them differently. */
const shapeOf = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

function operationOf(method: string, path: string): Operation | undefined {
  const entry = Object.entries(doc.paths).find(([p]) => shapeOf(p) === shapeOf(path));
  return entry?.[1][method];
}

const refName = (schema: Schema | undefined) => schema?.$ref?.replace('#/components/schemas/', '');

describe("the app's calls (src/api/)", () => {
  it('are each in the document with the same method, answer type, query parameters and body fields', async () => {
    const calls = await clientCalls();
    expect(calls.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const call of calls) {
      for (const path of call.paths) {
        const op = operationOf(call.method, path);
        const what = `${call.where} ${call.method.toUpperCase()} ${path}`;
        if (!op) {
          problems.push(`${what}: not in docs/openapi.json`);
          continue;
        }
        const answer =
          call.answer === 'void'
            ? op.responses['204']
              ? 'void'
              : undefined
            : refName(op.responses['200']?.content?.['application/json']?.schema);
        if (answer !== call.answer)
          problems.push(`${what}: answers ${answer ?? 'nothing named'}, the app reads ${call.answer}`);
        const known =
          call.method === 'get'
            ? (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
            : Object.keys(bodyProperties(op) ?? {});
        const unknown = call.keys.filter((k) => !known.includes(k));
        if (call.keys.length > 0 && unknown.length > 0)
          problems.push(`${what}: sends ${unknown.join(', ')}, not in the document`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

function bodyProperties(op: Operation): Record<string, unknown> | undefined {
  const schema = op.requestBody?.content['application/json']?.schema;
  const name = refName(schema);
  return name ? doc.components.schemas[name]?.properties : schema?.properties;
}
