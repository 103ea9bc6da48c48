// A facility's account system for the tests: it answers the posting API of docs/posting-api.md on a
// local port, keeps what it received in memory, and has knobs for the ways a real one behaves: refuse a
// deposit, take it and decide later, be down for a number of requests, hang without answering, answer
// what cannot be read. Tests wait for its `request` event, never for a fixed time.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PostingApiAnswer, PostingApiDeposit } from '../../server/adapters/http-posting.ts';
import { startLocalServer } from './local-ports.ts';

export interface ReceivedRequest {
  method: string;
  /** The path below the API's base, e.g. /deposits/abc. */
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface Kept {
  deposit: PostingApiDeposit;
  answer: PostingApiAnswer;
}

export interface FacilityStandInOptions {
  /** When set, a request without `Authorization: Bearer <token>` is answered 401. */
  token?: string;
}

export interface FacilityStandIn {
  /** POSTING_URL: the origin and a base path, so that the adapter's joining of paths is exercised. */
  url: string;
  /** Refuses this deposit, with this reason (any string: an unknown one tests how it reads). */
  refuse(depositId: string, reason: string): void;
  /** Takes this deposit as pending; settle() decides it later. */
  answerLater(depositId: string): void;
  /** Decides a pending deposit. */
  settle(depositId: string, outcome: { status: 'posted' } | { status: 'refused'; reason: string }): void;
  /** The next `count` requests are answered `status` (503 by default) and change nothing. */
  downFor(count: number, status?: number): void;
  /** While on, requests are received (and announced) but never answered. */
  hang(on: boolean): void;
  /** The next `count` requests are answered 200 with this raw body and change nothing. */
  answerRaw(count: number, body: string): void;
  /** How many times this deposit was credited to an account (at most once, when all is well). */
  postings(depositId: string): number;
  /** Every request received, in order. */
  readonly requests: ReceivedRequest[];
  /** Resolves with the next request received from now on. */
  nextRequest(): Promise<ReceivedRequest>;
  close(): Promise<void>;
}

const BASE_PATH = '/facility-api';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function isDeposit(body: unknown, id: string): body is PostingApiDeposit {
  if (typeof body !== 'object' || body === null) return false;
  const d = body as Record<string, unknown>;
  return (
    d['deposit_id'] === id &&
    typeof d['deposit_type'] === 'string' &&
    typeof d['facility_id'] === 'number' &&
    typeof d['amount_cents'] === 'number' &&
    Number.isInteger(d['amount_cents'])
  );
}

export async function startFacilityStandIn(options: FacilityStandInOptions = {}): Promise<FacilityStandIn> {
  const events = new EventEmitter();
  const requests: ReceivedRequest[] = [];
  const kept = new Map<string, Kept>();
  const refusals = new Map<string, string>();
  const later = new Set<string>();
  const credited = new Map<string, number>();
  let down: { count: number; status: number } = { count: 0, status: 503 };
  let raw: { count: number; body: string } = { count: 0, body: '' };
  let hanging = false;

  const now = () => new Date().toISOString();
  const credit = (id: string) => credited.set(id, (credited.get(id) ?? 0) + 1);

  /** What the system does with a deposit it receives for the first time. */
  function decide(deposit: PostingApiDeposit): PostingApiAnswer {
    const id = deposit.deposit_id;
    const reason = refusals.get(id);
    if (reason !== undefined) return { deposit_id: id, status: 'refused', reason, at: now() };
    if (later.has(id)) return { deposit_id: id, status: 'pending' };
    credit(id);
    return { deposit_id: id, status: 'posted', at: now() };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    const received: ReceivedRequest = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      body,
    };
    requests.push(received);
    events.emit('request', received);

    if (hanging) return; // held until close()
    if (down.count > 0) {
      down.count -= 1;
      return send(res, down.status, { error: 'down for maintenance' });
    }
    if (raw.count > 0) {
      raw.count -= 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(raw.body);
      return;
    }
    if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
      return send(res, 401, { error: 'unauthorized' });
    }
    const match = /^\/deposits\/([^/]+)$/.exec(path);
    if (!match?.[1] || !url.pathname.startsWith(BASE_PATH)) return send(res, 404, { error: 'not found' });
    const id = decodeURIComponent(match[1]);

    if (req.method === 'GET') {
      const k = kept.get(id);
      return k
        ? send(res, k.answer.status === 'pending' ? 202 : 200, k.answer)
        : send(res, 404, { error: 'no such deposit' });
    }
    if (req.method !== 'PUT') return send(res, 405, { error: 'method not allowed' });
    if (req.headers['content-type'] !== 'application/json' || !isDeposit(body, id)) {
      return send(res, 400, { error: 'bad deposit' });
    }
    const k = kept.get(id);
    if (k) {
      // Idempotent by id: the same deposit answers its state; another one under the same id is a conflict.
      if (JSON.stringify(k.deposit) !== JSON.stringify(body))
        return send(res, 409, { error: 'another deposit has this id' });
      return send(res, k.answer.status === 'pending' ? 202 : 200, k.answer);
    }
    const answer = decide(body);
    kept.set(id, { deposit: body, answer });
    send(res, answer.status === 'pending' ? 202 : 200, answer);
  }

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'stand-in failed' }));
  });

  return {
    url: `${server.origin}${BASE_PATH}`,
    refuse: (id, reason) => refusals.set(id, reason),
    answerLater: (id) => later.add(id),
    settle(id, outcome) {
      const k = kept.get(id);
      if (!k || k.answer.status !== 'pending') throw new Error(`deposit ${id} is not pending`);
      if (outcome.status === 'posted') credit(id);
      k.answer = { deposit_id: id, ...outcome, at: now() };
    },
    downFor: (count, status = 503) => {
      down = { count, status };
    },
    hang: (on) => {
      hanging = on;
    },
    answerRaw: (count, body) => {
      raw = { count, body };
    },
    postings: (id) => credited.get(id) ?? 0,
    requests,
    nextRequest: () => new Promise((resolve) => events.once('request', resolve)),
    close: () => server.close(),
  };
}
