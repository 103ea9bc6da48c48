// `npm run openapi`: regenerates the API's two documents from their sources (docs/decisions/0055):
//   contract/json-schema.json  the JSON Schema of every type contract/ exports, from the TypeScript
//                              types themselves (ts-json-schema-generator): what the server's routes
//                              compile their validation and serialization from
//   docs/openapi.json          the OpenAPI 3.1 document of every call the server serves, from the
//                              routes' schemas (@fastify/swagger)
// tests/server/openapi.test.ts fails when either file and its source disagree.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
export const CONTRACT_SCHEMA_FILE = join(ROOT, 'contract/json-schema.json');
export const OPENAPI_FILE = join(ROOT, 'docs/openapi.json');

/** The contract's files whose exported types cross the wire. */
const CONTRACT_FILES = 'contract/*.ts';

/** The names of the types (interfaces and aliases) that contract/ exports. */
function contractTypeNames(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(join(ROOT, 'contract'))) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(join(ROOT, 'contract', file), 'utf8');
    for (const m of text.matchAll(/^export (?:interface|type) ([A-Za-z0-9_]+)/gm)) names.add(m[1] as string);
  }
  return [...names].sort();
}

/**
 * Types whose generated schema says other than the code relies on: an error map is keyed by any field
 * a rule names (account pages' fields included), so its keys are not a closed list; a call that reads
 * no body drops what one holds, as every body's unnamed properties are dropped (docs/decisions/0055).
 */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  // Fastify checks a request without a body against its body schema as null.
  EmptyRequest: {
    type: ['object', 'null'],
    description: 'No body, or {}: the call reads none.',
    properties: {},
    additionalProperties: false,
  },
  FieldErrors: {
    type: 'object',
    description: 'Field name (or "form") to the i18n key of its message (locales/*.json).',
    additionalProperties: { type: 'string' },
  },
};

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The JSON Schema of every exported type of contract/, as contract/json-schema.json holds it. */
export async function contractSchemas(): Promise<{ definitions: Record<string, unknown> }> {
  const { createGenerator } = await import('ts-json-schema-generator');
  const generator = createGenerator({
    path: join(ROOT, CONTRACT_FILES),
    tsconfig: join(ROOT, 'tsconfig.json'),
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    skipTypeCheck: true,
    additionalProperties: false,
  });
  // Type by type: the whole folder at once trips on the functions some files export beside their types.
  const definitions: Record<string, unknown> = {};
  for (const name of contractTypeNames()) {
    Object.assign(definitions, (generator.createSchema(name) as { definitions?: Record<string, unknown> }).definitions);
  }
  return { definitions: sortedKeys({ ...definitions, ...OVERRIDES }) };
}

/** The OpenAPI document of the server's routes, built from a development server's schemas. */
export async function openapiDocument(): Promise<Record<string, unknown>> {
  const { buildApp } = await import('../server/app.ts');
  // The development endpoints too (the outbox), which production never serves.
  const app = await buildApp({ dbPath: ':memory:', apiDocument: true, config: { devEndpoints: true } });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

export const asFileText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

if (import.meta.main) {
  writeFileSync(CONTRACT_SCHEMA_FILE, asFileText(await contractSchemas()));
  console.log(`wrote ${CONTRACT_SCHEMA_FILE}`);
  writeFileSync(OPENAPI_FILE, asFileText(await openapiDocument()));
  console.log(`wrote ${OPENAPI_FILE}`);
}
