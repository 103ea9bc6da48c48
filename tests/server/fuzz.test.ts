// Malformed values in every field of every route, on both engines (server and server-pg projects):
// none may answer 5xx, and a value the edge refuses (server/ops/input-guard.ts) is refused alike by
// SQLite and PostgreSQL (docs/decisions/0051). The fields of each route are those its schema names:
// the first request of a route, with nothing in it, records the schema it is checked against.
import type { FastifyInstance } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '../../contract/api.ts';
import type * as HttpModule from '../../server/http.ts';
import { EMPTY_FORM, SERVER_OWNED_FIELDS } from '../../contract/entities.ts';
import { ANA, signedIn } from './account-helpers.ts';
import { PAYER, TEST_ENGINE, fillCheckout, newClient, startServer, type Client, type TestServer } from './helpers.ts';

/** The route being probed, and the fields each route's schemas named. */
const probe = vi.hoisted(() => ({ route: '', fields: new Map<string, Set<string>>() }));

vi.mock('../../server/http.ts', async (importOriginal) => {
  const http = await importOriginal<typeof HttpModule>();
  return {
    ...http,
    validate(schema: AnyObjectSchema, input: unknown) {
      if (probe.route) {
        const names = probe.fields.get(probe.route) ?? new Set<string>();
        for (const name of Object.keys(schema.fields)) names.add(name);
        probe.fields.set(probe.route, names);
      }
      return http.validate(schema, input);
    },
  };
});

interface Route {
  method: 'GET' | 'POST';
  url: string;
}

/**
 * The routes of `printRoutes({ commonPrefix: false })`: each line a path (a child's is its parent's
 * plus its own text) and its methods.
 */
function routesOf(app: FastifyInstance): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${m[2] ?? ''}`;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ')) {
      if (method === 'GET' || method === 'POST') out.push({ method, url: path });
    }
  }
  return out;
}

/** Numbers as JSON text: beyond 32 bits, beyond doubles, fractions where ids go, and so on. */
const NUMBER_LITERALS = [
  '2147483648',
  '-2147483649',
  '99999999999',
  '1e9',
  '1e20',
  '1e400',
  '-1e400',
  '1.5',
  '-1',
  '0',
  '9007199254740993',
];
/** Text of every kind that breaks a careless reader or a database: NUL, long, numbers as text. */
const TEXTS = [
  '2147483648',
  '99999999999999999999',
  '1e9',
  '1e400',
  '-1',
  '1.5',
  'NaN',
  'a\u0000b',
  '\u0000',
  'x'.repeat(5000),
  '\ud83d\ude00',
  "' OR 1=1 --",
  '',
];
/** Other JSON values, as text. */
const OTHER_LITERALS = ['true', 'null', '[]', '{}', '[99999999999]', '["a\\u0000"]', '{"a":1e400}'];
const BODY_VALUES = [...NUMBER_LITERALS, ...TEXTS.map((t) => JSON.stringify(t)), ...OTHER_LITERALS];
/**
 * Fewer for the form state, whose every field is saved and then submitted: the numbers, NUL, and one
 * of each other kind.
 */
const FORM_VALUES = [
  ...NUMBER_LITERALS,
  ...['a\u0000b', '1e9', '99999999999999999999', 'x'.repeat(5000)].map((t) => JSON.stringify(t)),
  'null',
  '[]',
  '{"a":1e400}',
];

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}...` : s);

let server: TestServer;
const fivexx: string[] = [];
let requests = 0;

/** One request as the client, with its cookie and CSRF header; a 5xx is recorded with what caused it. */
async function send(
  c: Client,
  method: 'GET' | 'POST',
  url: string,
  payload?: string,
  after?: string,
): Promise<{ status: number; body: string }> {
  const res = await server.app.inject({
    method,
    url,
    headers: {
      ...(c.sid ? { cookie: `sid=${c.sid}` } : {}),
      ...(method === 'POST' && c.csrf ? { [CSRF_HEADER]: c.csrf } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  requests += 1;
  if (res.statusCode >= 500)
    fivexx.push(
      `${method} ${clip(url)} ${clip(payload ?? '')}${after ? ` after ${clip(after)}` : ''} -> ${res.statusCode}`,
    );
  return { status: res.statusCode, body: res.body };
}

/** The path with each `:param` replaced by value. */
const withParams = (url: string, value: string) => url.replace(/:[a-z_]+/g, encodeURIComponent(value));
/** A path's params, filled with a value that passes their shape, for requests that fuzz the rest. */
const plainUrl = (url: string) =>
  url.includes('set_locale')
    ? url.replace(':locale', 'en')
    : url.includes('/:lang')
      ? url.replace(':lang', 'en')
      : withParams(url, '1');

/** A complete checkout of a deposit to a phone account (a new number), as tests/server/dest-deposits.test.ts makes. */
async function destCheckout(c: Client): Promise<void> {
  await c.save({ facility_id: 1001 });
  await c.save({ deposit_type: 'dest', deposit_phone_no: '(512) 555-0177' });
  await c.save({ deposit_amount: 25 });
  const token = await c.tokenize();
  await c.save({ ...PAYER, card_token: token.token });
}

beforeAll(async () => {
  server = await startServer({ config: { devEndpoints: true } });
});
afterAll(async () => {
  await server.dispose();
});

describe('malformed input answers 4xx on every route', () => {
  it('in the path, the query and the body of each route', { timeout: 15 * 60_000 }, async () => {
    const before = fivexx.length;
    const routes = routesOf(server.app).filter((r) => r.url !== '/auth/logout' && r.url !== '/*');
    expect(routes.length).toBeGreaterThan(50);
    const c = await signedIn(server.app, ANA);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      // The probe: an empty request records the fields of the route's schemas.
      probe.route = key;
      await send(c, route.method, plainUrl(route.url), route.method === 'POST' ? '{}' : undefined);
      // A search's fields depend on its facility: asked again with a facility, its schema shows them.
      const first = [...(probe.fields.get(key) ?? [])];
      if (route.method === 'GET' && first.length > 0) {
        await send(c, 'GET', `${plainUrl(route.url)}?${new URLSearchParams(first.map((f) => [f, '1001'])).toString()}`);
      }
      probe.route = '';
      for (const text of TEXTS) if (route.url.includes(':')) await send(c, route.method, withParams(route.url, text));
      const fields = [...(probe.fields.get(key) ?? [])];
      for (const field of fields) {
        if (route.method === 'GET') {
          for (const text of TEXTS) {
            await send(c, 'GET', `${plainUrl(route.url)}?${new URLSearchParams({ [field]: text }).toString()}`);
          }
        } else {
          for (const value of BODY_VALUES)
            await send(c, 'POST', plainUrl(route.url), `{${JSON.stringify(field)}:${value}}`);
        }
      }
    }
    expect(fivexx.slice(before)).toEqual([]);
  });

  it.each([
    ['a guest, a deposit to a person in custody', false, fillCheckout],
    ['a signed-in payer, a deposit to a phone account', true, destCheckout],
  ])(
    'in each field of the form state, saved and then submitted: %s',
    { timeout: 15 * 60_000 },
    async (_, signIn, fill) => {
      const before = fivexx.length;
      const owned = new Set<string>(SERVER_OWNED_FIELDS);
      const fields = Object.keys(EMPTY_FORM).filter((f) => !owned.has(f));
      const c = signIn ? await signedIn(server.app, ANA) : await newClient(server.app);
      for (const field of fields) {
        // A complete checkout for each field, so that the submit reaches the rules that read it.
        await c.post('/state/clear');
        await fill(c);
        for (const value of FORM_VALUES) {
          const saved = `{"fields":{${JSON.stringify(field)}:${value}}}`;
          await send(c, 'POST', '/state/save', saved);
          const paid = await send(c, 'POST', '/pay/process_deposit', '{"skip_completed_steps":false}', saved);
          // A deposit made: the session's next submit would answer the same receipt.
          if (paid.status === 200 && (JSON.parse(paid.body) as { success?: boolean }).success === true) {
            await c.post('/state/clear');
            await fill(c);
          }
        }
      }
      expect(fivexx.slice(before)).toEqual([]);
    },
  );

  it('sent enough requests to mean something', () => {
    console.info(`fuzz on ${TEST_ENGINE}: ${requests} requests, ${fivexx.length} answered 5xx`);
    expect(requests).toBeGreaterThan(5000);
    // The probes found the fields of the routes that take input, a search's included.
    expect(probe.fields.size).toBeGreaterThan(35);
    expect([...(probe.fields.get('GET /pay/search_inmates') ?? [])]).toContain('name_query');
  });
});
