// The Stripe adapter (server/adapters/stripe-processor.ts): the processor contract against
// stripe-stateful-mock with Stripe's test tokens, its decline table, and what it does when Stripe is
// slow, down or answers 5xx. Needs no database: it runs in the SQLite pass of tests/server only.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChargeStateError,
  GENERIC_DECLINE,
  IDEMPOTENCY_KEY_FIELD,
  createStripeProcessor,
  declineCodeOf,
} from '../../server/adapters/stripe-processor.ts';
import { ProcessorUnavailableError, type AuthorizeRequest } from '../../server/ports/payment-processor.ts';
import { closedPort, startLocalServer, type LocalServer } from './local-ports.ts';
import { describeProcessorContract } from './processor-contract.ts';
import { MOCK_SECRET_KEY, startStripeMock, type StripeMock } from './stripe-mock.ts';

const ONCE = process.env['TEST_ENGINE'] === 'postgres';

/** Long enough that a busy machine never turns a slow answer of the mock into a timeout. */
const GENEROUS_TIMEOUT_MS = 20_000;
/** For a server that never answers: how short it is does not matter to the outcome. */
const SHORT_TIMEOUT_MS = 300;

/** The mock's charges that an authorization with this key made, read with a client of its own. */
async function chargesWithKey(client: Stripe, key: string): Promise<number> {
  let n = 0;
  for await (const charge of client.charges.list({ limit: 100 })) {
    if (charge.metadata?.[IDEMPOTENCY_KEY_FIELD] === key) n += 1;
  }
  return n;
}

function sdkFor(mock: StripeMock): Stripe {
  const url = new URL(mock.origin);
  return new Stripe(MOCK_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http' });
}

describeProcessorContract(
  'stripe (stripe-stateful-mock)',
  async () => {
    const mock = await startStripeMock();
    const client = sdkFor(mock);
    const card = (source: string) => () => Promise.resolve({ source });
    return {
      processor: createStripeProcessor({
        secretKey: MOCK_SECRET_KEY,
        apiBase: mock.origin,
        timeoutMs: GENEROUS_TIMEOUT_MS,
      }),
      cards: {
        approved: card('tok_visa'),
        declined: card('tok_chargeDeclined'),
        incorrectCvc: card('tok_chargeDeclinedIncorrectCvc'),
      },
      chargesWithKey: (key) => chargesWithKey(client, key),
      dispose: () => mock.stop(),
    };
  },
  { skip: ONCE },
);

function authorizeRequest(source: string, amountCents = 2_500): AuthorizeRequest {
  const key = randomUUID();
  return { idempotencyKey: key, amountCents, currency: 'usd', source, description: `Deposit ${key}` };
}

describe.skipIf(ONCE)('Stripe adapter against stripe-stateful-mock', () => {
  let mock: StripeMock;
  let client: Stripe;
  let processor: ReturnType<typeof createStripeProcessor>;

  beforeAll(async () => {
    mock = await startStripeMock();
    client = sdkFor(mock);
    processor = createStripeProcessor({
      secretKey: MOCK_SECRET_KEY,
      apiBase: mock.origin,
      timeoutMs: GENEROUS_TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('authorizes with capture off, the key in the charge metadata, and nothing of the card but the token', async () => {
    const req = authorizeRequest('tok_visa');
    const result = await processor.authorize(req);
    if (result.kind !== 'approved') throw new Error(JSON.stringify(result));
    const charge = await client.charges.retrieve(result.chargeId);
    expect(charge).toMatchObject({
      captured: false,
      amount: 2_500,
      currency: 'usd',
      description: req.description,
      metadata: { [IDEMPOTENCY_KEY_FIELD]: req.idempotencyKey },
    });
  });

  it.each([
    ['tok_chargeDeclined', GENERIC_DECLINE],
    ['tok_chargeDeclinedInsufficientFunds', GENERIC_DECLINE],
    ['tok_chargeDeclinedExpiredCard', GENERIC_DECLINE],
    ['tok_chargeDeclinedProcessingError', GENERIC_DECLINE],
    ['tok_chargeDeclinedFraudulent', GENERIC_DECLINE],
    ['tok_chargeDeclinedIncorrectCvc', 'CVV_MATCH'],
  ])('answers %s as the decline %s, and lookup finds the failed charge with it', async (token, code) => {
    const req = authorizeRequest(token);
    expect(await processor.authorize(req)).toEqual({ kind: 'declined', code });
    expect(await processor.lookup(req.idempotencyKey)).toMatchObject({ state: 'declined', declineCode: code });
  });

  it('answers an amount under Stripe minimum as DEPOSIT_MIN_MAX_ERROR, and makes no charge', async () => {
    const req = authorizeRequest('tok_visa', 10);
    expect(await processor.authorize(req)).toEqual({ kind: 'declined', code: 'DEPOSIT_MIN_MAX_ERROR' });
    expect(await processor.lookup(req.idempotencyKey)).toBeNull();
  });

  it('charges a saved card of a customer', async () => {
    const customer = await client.customers.create({ source: 'tok_mastercard' });
    const req = { ...authorizeRequest(customer.default_source as string), customer: customer.id };
    const result = await processor.authorize(req);
    expect(result.kind).toBe('approved');
    expect(await processor.lookup(req.idempotencyKey)).toMatchObject({ state: 'authorized' });
  });

  it('refuses to void a captured charge, and leaves it captured', async () => {
    const req = authorizeRequest('tok_visa');
    const result = await processor.authorize(req);
    if (result.kind !== 'approved') throw new Error(JSON.stringify(result));
    await processor.capture(result.chargeId, `${req.idempotencyKey}:capture`);
    await expect(processor.void(result.chargeId, `${req.idempotencyKey}:void`)).rejects.toBeInstanceOf(
      ChargeStateError,
    );
    expect(await processor.lookup(req.idempotencyKey)).toMatchObject({ state: 'captured' });
  });

  it('refuses to refund a charge that was never captured, and leaves it held', async () => {
    const req = authorizeRequest('tok_visa');
    const result = await processor.authorize(req);
    if (result.kind !== 'approved') throw new Error(JSON.stringify(result));
    await expect(processor.refund(result.chargeId, `${req.idempotencyKey}:refund`)).rejects.toBeInstanceOf(
      ChargeStateError,
    );
    expect(await processor.lookup(req.idempotencyKey)).toMatchObject({ state: 'authorized' });
  });

  it("throws ProcessorUnavailableError on Stripe's own 500 (tok_500): the outcome is unknown", async () => {
    await expect(processor.authorize(authorizeRequest('tok_500'))).rejects.toMatchObject({
      name: 'ProcessorUnavailableError',
      kind: 'unavailable',
    });
  });

  it('throws other refusals of the request as they are, not as an outage', async () => {
    await expect(processor.capture('ch_unknown', 'k:capture')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    const wrongKey = createStripeProcessor({
      secretKey: 'not_a_key',
      apiBase: mock.origin,
      timeoutMs: GENEROUS_TIMEOUT_MS,
    });
    const err: unknown = await wrongKey.lookup('k').catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ProcessorUnavailableError);
    expect(err).toMatchObject({ type: 'StripeAuthenticationError' });
  });
});

type Decline = Parameters<typeof declineCodeOf>[0];

/** The decline table's cases, named as Stripe answers them: code/decline_code (brand). */
const DECLINES: [Decline, string][] = [
  [{ code: 'card_declined', declineCode: 'generic_decline' }, GENERIC_DECLINE],
  [{ code: 'card_declined', declineCode: 'insufficient_funds' }, GENERIC_DECLINE],
  [{ code: 'card_declined', declineCode: 'do_not_honor' }, GENERIC_DECLINE],
  [{ code: 'expired_card' }, GENERIC_DECLINE],
  [{ code: 'processing_error' }, GENERIC_DECLINE],
  [{ code: 'incorrect_cvc' }, 'CVV_MATCH'],
  [{ code: 'card_declined', declineCode: 'incorrect_cvc' }, 'CVV_MATCH'],
  [{ code: 'invalid_cvc' }, 'CVV_MATCH'],
  [{ code: 'incorrect_zip' }, 'AVS_MATCH'],
  [{ code: 'card_declined', declineCode: 'incorrect_zip' }, 'AVS_MATCH'],
  [{ code: 'incorrect_number' }, 'INVALID_CARD_NUMBER'],
  [{ code: 'card_declined', declineCode: 'invalid_account' }, 'INVALID_CARD_NUMBER'],
  [{ code: 'card_declined', declineCode: 'invalid_amount' }, 'DEPOSIT_MIN_MAX_ERROR'],
  [{ code: 'amount_too_small' }, 'DEPOSIT_MIN_MAX_ERROR'],
  [{ code: 'card_declined', declineCode: 'card_not_supported', brand: 'amex' }, 'NO_AMEX'],
  [{ code: 'card_declined', declineCode: 'card_not_supported', brand: 'visa' }, GENERIC_DECLINE],
  [{ code: 'card_declined', declineCode: 'card_not_supported' }, GENERIC_DECLINE],
  [{ code: 'something_new' }, GENERIC_DECLINE],
  [{}, GENERIC_DECLINE],
];

function declineName(d: Decline): string {
  const codes = [d.code, d.declineCode].filter(Boolean).join('/') || '(no code)';
  return d.brand ? `${codes} (${d.brand})` : codes;
}

describe.skipIf(ONCE)('declineCodeOf: Stripe declines as §8 codes', () => {
  it.each(DECLINES.map(([d, code]) => [declineName(d), code, d] as const))('%s -> %s', (_name, code, decline) => {
    expect(declineCodeOf(decline)).toBe(code);
  });
});

/** A stand-in for Stripe's API on a local port, answering with `handler`. */
async function fakeStripe(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = await startLocalServer(handler);
  const processor = (timeoutMs: number) =>
    createStripeProcessor({ secretKey: MOCK_SECRET_KEY, apiBase: server.origin, timeoutMs });
  return { server, processor };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

describe.skipIf(ONCE)('Stripe adapter when Stripe is slow, down or failing', () => {
  const servers: LocalServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  async function processorAnswering(handler: (req: IncomingMessage, res: ServerResponse) => void, timeoutMs: number) {
    const fake = await fakeStripe(handler);
    servers.push(fake.server);
    return fake.processor(timeoutMs);
  }

  it('throws ProcessorUnavailableError (timeout) when Stripe never answers, for every call', async () => {
    const processor = await processorAnswering(() => {}, SHORT_TIMEOUT_MS);
    const timeout = { name: 'ProcessorUnavailableError', kind: 'timeout' };
    await expect(processor.authorize(authorizeRequest('tok_visa'))).rejects.toMatchObject(timeout);
    await expect(processor.capture('ch_1', 'k:capture')).rejects.toMatchObject(timeout);
    await expect(processor.void('ch_1', 'k:void')).rejects.toMatchObject(timeout);
    await expect(processor.refund('ch_1', 'k:refund')).rejects.toMatchObject(timeout);
    await expect(processor.lookup('k')).rejects.toMatchObject(timeout);
  });

  it('throws ProcessorUnavailableError (timeout) when Stripe sends its headers and then stalls', async () => {
    const processor = await processorAnswering((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id": "ch_');
    }, SHORT_TIMEOUT_MS);
    await expect(processor.authorize(authorizeRequest('tok_visa'))).rejects.toMatchObject({
      name: 'ProcessorUnavailableError',
      kind: 'timeout',
    });
  });

  it.each([
    ['500 with Stripe error', 500, { error: { type: 'api_error', message: 'An unknown error occurred' } }],
    ['502 from a proxy, not JSON', 502, '<html>Bad gateway</html>'],
    ['503 with an empty JSON object', 503, {}],
    ['429', 429, { error: { type: 'rate_limit_error', message: 'Too many requests' } }],
    [
      '409 (a request with that key is under way)',
      409,
      { error: { type: 'idempotency_error', message: 'in progress' } },
    ],
  ])('throws ProcessorUnavailableError (unavailable) on %s', async (_name, status, body) => {
    const processor = await processorAnswering((_req, res) => {
      if (typeof body === 'string') res.writeHead(status, { 'content-type': 'text/html' }).end(body);
      else json(res, status, body);
    }, GENEROUS_TIMEOUT_MS);
    const unavailable = { name: 'ProcessorUnavailableError', kind: 'unavailable' };
    await expect(processor.authorize(authorizeRequest('tok_visa'))).rejects.toMatchObject(unavailable);
    await expect(processor.capture('ch_1', 'k:capture')).rejects.toMatchObject(unavailable);
    await expect(processor.lookup('k')).rejects.toMatchObject(unavailable);
  });

  it('throws ProcessorUnavailableError (unavailable) when nothing listens', async () => {
    const port = await closedPort();
    const processor = createStripeProcessor({
      secretKey: MOCK_SECRET_KEY,
      apiBase: `http://127.0.0.1:${port}`,
      timeoutMs: GENEROUS_TIMEOUT_MS,
    });
    await expect(processor.authorize(authorizeRequest('tok_visa'))).rejects.toMatchObject({
      name: 'ProcessorUnavailableError',
      kind: 'unavailable',
    });
  });

  it('never reads an answer that is not a charge as an approval', async () => {
    const processor = await processorAnswering((_req, res) => json(res, 200, { ok: true }), GENEROUS_TIMEOUT_MS);
    await expect(processor.authorize(authorizeRequest('tok_visa'))).rejects.toBeInstanceOf(ProcessorUnavailableError);
  });

  it('answers NO_AMEX when Stripe refuses an American Express card as not supported (§8)', async () => {
    const processor = await processorAnswering((req, res) => {
      if (req.method === 'POST' && req.url === '/v1/charges') {
        json(res, 402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'card_not_supported',
            charge: 'ch_amex',
            message: 'Your card is not supported.',
          },
        });
      } else if (req.method === 'GET' && req.url?.startsWith('/v1/charges/ch_amex')) {
        json(res, 200, {
          id: 'ch_amex',
          object: 'charge',
          status: 'failed',
          payment_method_details: { type: 'card', card: { brand: 'amex' } },
        });
      } else {
        json(res, 404, { error: { type: 'invalid_request_error', message: 'No matching path' } });
      }
    }, GENEROUS_TIMEOUT_MS);
    expect(await processor.authorize(authorizeRequest('tok_amex'))).toEqual({ kind: 'declined', code: 'NO_AMEX' });
  });
});
