// Shared by the server tests: a temporary database per app, a movable clock, and a client that
// keeps one cookie jar (one browser) and sends the CSRF header.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  CSRF_HEADER,
  type StateAllResponse,
  type StateSaveResponse,
  type TokenizeResponse,
} from '../../contract/api.ts';
import type { FormFields } from '../../contract/entities.ts';
import { buildApp, type BuildOptions } from '../../server/app.ts';

export interface Clock {
  now: () => Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A clock that only moves when told to. */
export function fixedClock(iso = '2026-11-22T12:00:00.000Z'): Clock {
  let t = new Date(iso).getTime();
  return {
    now: () => new Date(t),
    set(v) {
      t = new Date(v).getTime();
    },
    advance(ms) {
      t += ms;
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  dir: string;
  dbPath: string;
  /** Closes the app (not the directory): build another on the same dbPath to simulate a restart. */
  close(): Promise<void>;
  /** Closes the app and deletes its directory. */
  dispose(): Promise<void>;
}

export interface StartOptions extends Partial<BuildOptions> {
  /** Reuse a directory (and its database) from an earlier server. */
  dir?: string;
  /** Runs before the app is ready, e.g. to add a test-only route. */
  setup?: (app: FastifyInstance) => void;
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const { dir: givenDir, setup, ...build } = options;
  const dir = givenDir ?? mkdtempSync(join(tmpdir(), 'deposit-server-'));
  const dbPath = build.dbPath ?? join(dir, 'test.sqlite');
  const app = buildApp({ ...build, dbPath });
  setup?.(app);
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
  };
  return {
    app,
    dir,
    dbPath,
    close,
    async dispose() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Collects log lines written by the app's logger. */
export function logCapture(): { stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  return { stream, text: () => chunks.join('') };
}

export interface Reply<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** One browser: its own cookie jar and CSRF token. */
export class Client {
  app: FastifyInstance;
  sid = '';
  csrf = '';

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  private remember(headers: Record<string, unknown>): void {
    const raw = headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    for (const c of list) {
      const m = /^sid=([^;]*)/.exec(String(c));
      if (m) this.sid = m[1] ?? '';
    }
  }

  private cookieHeader(): Record<string, string> {
    return this.sid ? { cookie: `sid=${this.sid}` } : {};
  }

  async get<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await this.app.inject({ method: 'GET', url, headers: { ...this.cookieHeader(), ...headers } });
    this.remember(res.headers);
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
  }

  async post<T = unknown>(url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers: { ...this.cookieHeader(), ...(this.csrf ? { [CSRF_HEADER]: this.csrf } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    this.remember(res.headers);
    let body: unknown;
    try {
      body = res.body ? res.json() : undefined;
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body: body as T, headers: res.headers };
  }

  /** Opens the session: GET /state/all gives the cookie and the CSRF token. */
  async start(): Promise<StateAllResponse> {
    const res = await this.get<StateAllResponse>('/state/all');
    this.csrf = res.body.csrf_token;
    return res.body;
  }

  async save(fields: Record<string, unknown>): Promise<StateSaveResponse> {
    const res = await this.post<StateSaveResponse>('/state/save', { fields });
    if (res.status !== 200) throw new Error(`save answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async state(): Promise<StateAllResponse> {
    return (await this.get<StateAllResponse>('/state/all')).body;
  }

  async tokenize(card: Partial<Card> = {}): Promise<TokenizeResponse> {
    const res = await this.post<TokenizeResponse>('/vault/tokenize', { ...VISA, ...card });
    if (res.status !== 200) throw new Error(`tokenize answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

export async function newClient(app: FastifyInstance): Promise<Client> {
  const c = new Client(app);
  await c.start();
  return c;
}

export interface Card {
  credit_card: string;
  credit_card_cvc: string;
  credit_card_month: string;
  credit_card_year: string;
}

export const VISA: Card = {
  credit_card: '4111111111111111',
  credit_card_cvc: '123',
  credit_card_month: '12',
  credit_card_year: '2030',
};

/** Billing, guest contact and terms that pass every rule. */
export const PAYER: Partial<FormFields> = {
  billing_first_name: 'Pat',
  billing_last_name: 'Doe',
  billing_address1: '1 Main St',
  billing_address2: '',
  billing_city: 'Austin',
  billing_state: 'TX',
  billing_zip: '78701',
  billing_country: 'US',
  email: 'pat@example.com',
  phone_no: '(512) 555-0100',
  phone_country: 'US',
  terms_1: true,
  terms_2: true,
  terms_3: true,
  terms_4: true,
};

export interface CheckoutSetup {
  facility_id?: number;
  deposit_type?: string;
  deposit_inmate_id?: string;
  deposit_amount?: number;
  card?: Partial<Card>;
  extra?: Record<string, unknown>;
}

/** Saves a complete checkout for John Smith at Harris County Jail (flex, $25, Visa) unless told otherwise. */
export async function fillCheckout(c: Client, s: CheckoutSetup = {}): Promise<StateSaveResponse> {
  await c.save({ facility_id: s.facility_id ?? 1001 });
  await c.save({
    deposit_type: s.deposit_type ?? 'flex',
    deposit_inmate_id: s.deposit_inmate_id ?? '100001',
    deposit_amount: s.deposit_amount ?? 25,
  });
  const token = await c.tokenize(s.card);
  return c.save({ ...PAYER, card_token: token.token, ...s.extra });
}
