// Shared by the account tests: the sandbox payers of fixtures/payers.json, signing a client in, and
// a database in which both payers are already signed in, so that a test can start from a copy of it
// instead of paying for two scrypt checks each time.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ACCOUNT_PATHS, type LoginResponse } from '../../contract/accounts.ts';
import { loadPayers, type PayerFixture } from '../../server/fixtures.ts';
import {
  Client,
  copyServerData,
  newClient,
  removeServerData,
  startServer,
  type StartOptions,
  type TestServer,
} from './helpers.ts';

const payers = loadPayers();

function payer(email: string): PayerFixture {
  const p = payers.find((x) => x.email === email);
  if (!p) throw new Error(`fixtures/payers.json has no ${email}`);
  return p;
}

/** Payer A: validated, six phone accounts (one SNAP, one pending, one fraud-flagged), 26 deposits. */
export const ANA = payer('ana@example.com');
/** Payer B: two validated phone accounts (and a SNAP row), two deposits. */
export const BEN = payer('ben@example.com');

/** A new browser signed in as the payer; its CSRF token is the one the sign-in answered. */
export async function signedIn(app: FastifyInstance, who: PayerFixture): Promise<Client> {
  const c = await newClient(app);
  const res = await c.post<LoginResponse>(ACCOUNT_PATHS.login, { email: who.email, password: who.password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  c.csrf = res.body.csrf_token;
  return c;
}

interface Browser {
  sid: string;
  csrf: string;
}

/** A database in which Ana and Ben each have a signed-in session (the dir of a closed test server). */
export interface SignedInTemplate {
  dir: string;
  ana: Browser;
  ben: Browser;
  dispose(): Promise<void>;
}

/** Builds the template once (per test file); the clock of later servers must not pass 24 hours. */
export async function signedInTemplate(options: StartOptions = {}): Promise<SignedInTemplate> {
  const server = await startServer(options);
  const ana = await signedIn(server.app, ANA);
  const ben = await signedIn(server.app, BEN);
  // Closing the database folds its write-ahead log into the file.
  await server.close();
  return {
    dir: server.dir,
    ana: { sid: ana.sid, csrf: ana.csrf },
    ben: { sid: ben.sid, csrf: ben.csrf },
    dispose: () => removeServerData(server.dir),
  };
}

export interface SignedInServer extends TestServer {
  ana: Client;
  ben: Client;
}

/** A server on a fresh copy of the template, with a browser for each signed-in payer. */
export async function startSignedIn(template: SignedInTemplate, options: StartOptions = {}): Promise<SignedInServer> {
  const dir = mkdtempSync(join(tmpdir(), 'deposit-server-'));
  await copyServerData(template.dir, dir);
  const server = await startServer({ ...options, dir });
  const browser = (b: Browser) => {
    const c = new Client(server.app);
    c.sid = b.sid;
    c.csrf = b.csrf;
    return c;
  };
  return { ...server, ana: browser(template.ana), ben: browser(template.ben) };
}

/**
 * The hooks of an account test file: the signed-in template is built once, and every test starts on a
 * fresh copy of it. `before` runs first in each test (e.g. to set the clock). Returns the current
 * server, with `startCopy` for a second one.
 */
export function useSignedInServer(
  clock: { now: () => Date },
  options: { config?: StartOptions['config']; before?: () => void } = {},
): (() => SignedInServer) & { startCopy: (extra: StartOptions) => Promise<SignedInServer> } {
  let template: SignedInTemplate | undefined;
  let server: SignedInServer | undefined;
  beforeAll(async () => {
    template = await signedInTemplate({ now: clock.now });
  });
  afterAll(async () => {
    await template?.dispose();
  });
  beforeEach(async () => {
    options.before?.();
    if (!template) throw new Error('the signed-in template was not built');
    server = await startSignedIn(template, { now: clock.now, ...(options.config ? { config: options.config } : {}) });
  });
  afterEach(async () => {
    await server?.dispose();
  });
  const current = () => {
    if (!server) throw new Error('no server outside a test');
    return server;
  };
  /** Another server on a copy of the same template (the caller disposes of it). */
  const startCopy = (extra: StartOptions) => {
    if (!template) throw new Error('the signed-in template was not built');
    return startSignedIn(template, { now: clock.now, ...extra });
  };
  return Object.assign(current, { startCopy });
}

/** Headers of a deletion (§7 X-HTTP-Method-Override: DELETE). */
export const DELETE = { 'x-http-method-override': 'DELETE' };

export const UNAUTHORIZED = { errors: { form: 'ERROR.UNAUTHORIZED' } };
export const NOT_FOUND = { errors: { form: 'ERROR.NOT_FOUND' } };
