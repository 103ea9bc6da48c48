// The HTTP posting adapter (server/adapters/http-posting.ts): the posting contract against the facility
// stand-in (tests/server/facility-stand-in.ts), the wire format of docs/posting-api.md, and what it does
// when the facility's system is down, slow or answers what cannot be read. Needs no database: it runs
// in the SQLite pass of tests/server only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostingRequestError, createHttpPosting } from '../../server/adapters/http-posting.ts';
import { PostingUnavailableError, type Posting } from '../../server/ports/posting.ts';
import { startFacilityStandIn, type FacilityStandIn } from './facility-stand-in.ts';
import { closedPort, startLocalServer } from './local-ports.ts';
import { describePostingContract, samplePostingRequest } from './posting-contract.ts';

const ONCE = process.env['TEST_ENGINE'] === 'postgres';

/** Long enough that a busy machine never turns a slow answer into a timeout. */
const GENEROUS_TIMEOUT_MS = 20_000;
/** For a system that never answers: how short it is does not matter to the outcome. */
const SHORT_TIMEOUT_MS = 300;

const TOKEN = 'posting-token-for-tests';

describePostingContract(
  'http (facility stand-in)',
  async () => {
    const facility = await startFacilityStandIn({ token: TOKEN });
    return {
      posting: createHttpPosting({ url: facility.url, token: TOKEN, timeoutMs: GENEROUS_TIMEOUT_MS }),
      toPost: () => Promise.resolve(samplePostingRequest()),
      toRefuse: () => {
        // fixtures: inmate 100006 is the person released since the search listed him.
        const request = samplePostingRequest({ inmateId: '100006' });
        facility.refuse(request.depositId, 'released');
        return Promise.resolve({ request, reason: 'released' });
      },
      toAnswerLater: () => {
        const request = samplePostingRequest();
        facility.answerLater(request.depositId);
        return Promise.resolve({
          request,
          post: () => Promise.resolve(facility.settle(request.depositId, { status: 'posted' })),
        });
      },
      postings: (id) => Promise.resolve(facility.postings(id)),
      dispose: () => facility.close(),
    };
  },
  { skip: ONCE },
);

const unavailable = { name: 'PostingUnavailableError' };

describe.skipIf(ONCE)('HTTP posting adapter', () => {
  let facility: FacilityStandIn;
  let posting: Posting;

  beforeAll(async () => {
    facility = await startFacilityStandIn({ token: TOKEN });
    posting = createHttpPosting({ url: facility.url, token: TOKEN, timeoutMs: GENEROUS_TIMEOUT_MS });
  });
  afterAll(async () => {
    await facility?.close();
  });

  it('sends the deposit as docs/posting-api.md describes it, with the bearer token', async () => {
    const request = samplePostingRequest({ userId: 'u-42' });
    await posting.send(request);
    await posting.lookup(request.depositId);
    const [put, get] = facility.requests.slice(-2);
    expect(put).toEqual({
      method: 'PUT',
      path: `/deposits/${request.depositId}`,
      authorization: `Bearer ${TOKEN}`,
      body: {
        deposit_id: request.depositId,
        deposit_type: 'flex',
        facility_id: 1001,
        inmate_id: '100001',
        phone: null,
        amount_cents: 2_500,
        user_id: 'u-42',
      },
    });
    expect(get).toEqual({
      method: 'GET',
      path: `/deposits/${request.depositId}`,
      authorization: `Bearer ${TOKEN}`,
      body: undefined,
    });
  });

  it('sends a phone deposit (dest) with its number and no person', async () => {
    const request = samplePostingRequest({ depositType: 'dest', inmateId: null, phone: '5125550100' });
    expect((await posting.send(request)).kind).toBe('posted');
    expect(facility.requests.at(-1)?.body).toMatchObject({
      deposit_type: 'dest',
      inmate_id: null,
      phone: '5125550100',
    });
  });

  it('works with a base URL that ends in a slash', async () => {
    const slashed = createHttpPosting({ url: `${facility.url}/`, token: TOKEN, timeoutMs: GENEROUS_TIMEOUT_MS });
    const request = samplePostingRequest();
    expect((await slashed.send(request)).kind).toBe('posted');
    expect(facility.requests.at(-1)?.path).toBe(`/deposits/${request.depositId}`);
  });

  it('reads a refusal reason it has no words for as not_accepted', async () => {
    const request = samplePostingRequest();
    facility.refuse(request.depositId, 'account_frozen');
    expect(await posting.send(request)).toMatchObject({ kind: 'refused', reason: 'not_accepted' });
  });

  it('reads a pending deposit refused later', async () => {
    const request = samplePostingRequest();
    facility.answerLater(request.depositId);
    expect(await posting.send(request)).toEqual({ kind: 'accepted' });
    facility.settle(request.depositId, { status: 'refused', reason: 'released' });
    expect(await posting.lookup(request.depositId)).toMatchObject({ kind: 'refused', reason: 'released' });
    expect(facility.postings(request.depositId)).toBe(0);
  });

  it('is unavailable while the system is down, and posts once when it is back', async () => {
    const request = samplePostingRequest();
    facility.downFor(2);
    await expect(posting.send(request)).rejects.toMatchObject(unavailable);
    await expect(posting.send(request)).rejects.toMatchObject(unavailable);
    expect((await posting.send(request)).kind).toBe('posted');
    expect(facility.postings(request.depositId)).toBe(1);
  });

  it.each([500, 502, 503, 504, 408, 429])('takes %i as unavailable, for send and lookup', async (status) => {
    facility.downFor(2, status);
    await expect(posting.send(samplePostingRequest())).rejects.toBeInstanceOf(PostingUnavailableError);
    await expect(posting.lookup('any')).rejects.toBeInstanceOf(PostingUnavailableError);
  });

  it.each([
    ['not JSON', 'Service temporarily unavailable'],
    ['an unknown status', '{"status":"queued","at":"2026-11-22T12:00:00Z"}'],
    ['posted without its time', '{"status":"posted"}'],
    ['refused with a time that is not one', '{"status":"refused","reason":"released","at":"soon"}'],
    ['not an object', '"posted"'],
    ['about another deposit', '{"deposit_id":"another","status":"posted","at":"2026-11-22T12:00:00Z"}'],
  ])('takes an answer that is %s as unavailable (the outcome is unknown)', async (_name, body) => {
    facility.answerRaw(1, body);
    await expect(posting.send(samplePostingRequest())).rejects.toMatchObject(unavailable);
  });

  it('throws PostingRequestError, not unavailable, when the system refuses the token', async () => {
    const noToken = createHttpPosting({ url: facility.url, timeoutMs: GENEROUS_TIMEOUT_MS });
    const err: unknown = await noToken.send(samplePostingRequest()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PostingRequestError);
    expect(err).toMatchObject({ status: 401 });
    expect(facility.requests.at(-1)?.authorization).toBeUndefined();
  });

  it('throws PostingRequestError when another deposit is sent under a known id (409)', async () => {
    const request = samplePostingRequest();
    await posting.send(request);
    const err: unknown = await posting.send({ ...request, amountCents: 9_900 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PostingRequestError);
    expect(err).toMatchObject({ status: 409 });
    expect(facility.postings(request.depositId)).toBe(1);
  });

  it('times out when the system never answers, and the deposit posts once on the next send', async () => {
    const short = createHttpPosting({ url: facility.url, token: TOKEN, timeoutMs: SHORT_TIMEOUT_MS });
    const request = samplePostingRequest();
    facility.hang(true);
    const arrived = facility.nextRequest();
    try {
      await expect(short.send(request)).rejects.toMatchObject(unavailable);
      await expect(short.lookup(request.depositId)).rejects.toMatchObject(unavailable);
    } finally {
      facility.hang(false);
    }
    expect((await arrived).method).toBe('PUT');
    expect((await posting.send(request)).kind).toBe('posted');
    expect(facility.postings(request.depositId)).toBe(1);
  });
});

describe.skipIf(ONCE)('HTTP posting adapter when the system is out of reach', () => {
  it('times out when the answer starts and then stalls', async () => {
    const server = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":');
    });
    try {
      const posting = createHttpPosting({ url: server.origin, timeoutMs: SHORT_TIMEOUT_MS });
      await expect(posting.send(samplePostingRequest())).rejects.toMatchObject(unavailable);
    } finally {
      await server.close();
    }
  });

  it('is unavailable when nothing listens', async () => {
    const port = await closedPort();
    const posting = createHttpPosting({ url: `http://127.0.0.1:${port}`, timeoutMs: GENEROUS_TIMEOUT_MS });
    await expect(posting.send(samplePostingRequest())).rejects.toMatchObject(unavailable);
    await expect(posting.lookup('any')).rejects.toMatchObject(unavailable);
  });
});
