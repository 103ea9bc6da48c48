// The contract of the posting port (server/ports/posting.ts), one suite that every adapter of the port
// runs: adding an adapter is one call of describePostingContract in its test file. The posting job
// relies on exactly these answers (docs/decisions/0049): posted or refused with a reason and a time, or
// accepted and decided later; a second send answers as the first and posts nothing twice; lookup tells
// what became of a deposit, or null when the system never received it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalReason } from '../../contract/deposit-status.ts';
import type { Posting, PostingRequest, PostingResult } from '../../server/ports/posting.ts';

export interface PostingContractSubject {
  posting: Posting;
  /** A deposit that the system posts as soon as it receives it. */
  toPost(): Promise<PostingRequest>;
  /** A deposit that the system refuses, and the reason it gives. */
  toRefuse(): Promise<{ request: PostingRequest; reason: RefusalReason }>;
  /**
   * A deposit that the system takes and decides later; `post()` makes it post it. Absent for a system
   * that always answers at once (the sandbox's).
   */
  toAnswerLater?(): Promise<{ request: PostingRequest; post(): Promise<void> }>;
  /** How many times the system credited this deposit to an account, asked behind the adapter. */
  postings(depositId: string): Promise<number>;
  dispose(): Promise<void>;
}

export interface ContractOptions {
  /** Skips the suite (e.g. in the second, PostgreSQL run of tests/server when the adapter needs no database). */
  skip?: boolean;
}

/** A flex deposit to a person (fixtures: Harris County Jail 1001, inmate 100001), under a new id. */
export function samplePostingRequest(overrides: Partial<PostingRequest> = {}): PostingRequest {
  return {
    depositId: randomUUID(),
    depositType: 'flex',
    facilityId: 1001,
    inmateId: '100001',
    phone: null,
    amountCents: 2_500,
    userId: null,
    destAccountId: null,
    ...overrides,
  };
}

function expectTime(at: string): void {
  expect(Number.isNaN(Date.parse(at)), `${at} is a time`).toBe(false);
}

export function describePostingContract(
  name: string,
  setup: () => Promise<PostingContractSubject>,
  options: ContractOptions = {},
): void {
  describe.skipIf(options.skip === true)(`Posting contract: ${name}`, () => {
    let subject: PostingContractSubject;
    let posting: Posting;

    beforeAll(async () => {
      subject = await setup();
      posting = subject.posting;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    it('has a name', () => {
      expect(posting.name).toMatch(/\S/);
    });

    it('posts a deposit, with the time; lookup answers the same; the account is credited once', async () => {
      const request = await subject.toPost();
      const result = await posting.send(request);
      if (result.kind !== 'posted') throw new Error(`expected posted, got ${JSON.stringify(result)}`);
      expectTime(result.at);
      expect(await posting.lookup(request.depositId)).toEqual(result);
      expect(await subject.postings(request.depositId)).toBe(1);
    });

    it('answers a refusal with its reason and time; lookup answers the same; nothing is credited', async () => {
      const { request, reason } = await subject.toRefuse();
      const result = await posting.send(request);
      if (result.kind !== 'refused') throw new Error(`expected refused, got ${JSON.stringify(result)}`);
      expect(result.reason).toBe(reason);
      expectTime(result.at);
      expect(await posting.lookup(request.depositId)).toEqual(result);
      expect(await subject.postings(request.depositId)).toBe(0);
    });

    it('takes a deposit to decide later: accepted, looked up as accepted, then as posted once decided', async (t) => {
      if (!subject.toAnswerLater) return t.skip();
      const { request, post } = await subject.toAnswerLater();
      expect(await posting.send(request)).toEqual({ kind: 'accepted' });
      expect(await posting.lookup(request.depositId)).toEqual({ kind: 'accepted' });
      // A second send while it is pending posts nothing.
      expect(await posting.send(request)).toEqual({ kind: 'accepted' });
      expect(await subject.postings(request.depositId)).toBe(0);
      await post();
      const decided = await posting.lookup(request.depositId);
      if (decided?.kind !== 'posted') throw new Error(`expected posted, got ${JSON.stringify(decided)}`);
      expectTime(decided.at);
      // Sent again after the decision, it answers the decision.
      expect(await posting.send(request)).toEqual(decided);
      expect(await subject.postings(request.depositId)).toBe(1);
    });

    it('answers a second send of one deposit as the first, and posts it once', async () => {
      const request = await subject.toPost();
      const first = await posting.send(request);
      const second = await posting.send(request);
      expect(second).toEqual(first);
      expect(await subject.postings(request.depositId)).toBe(1);
    });

    it('answers a second send of a refused deposit as the first refusal', async () => {
      const { request } = await subject.toRefuse();
      const first = await posting.send(request);
      expect(await posting.send(request)).toEqual(first);
      expect(await subject.postings(request.depositId)).toBe(0);
    });

    it('looks up a deposit it never received as null', async () => {
      const request = await subject.toPost();
      expect(await posting.lookup(request.depositId)).toBeNull();
      expect(await posting.lookup(randomUUID())).toBeNull();
    });

    it('keeps deposits apart', async () => {
      const a = await subject.toPost();
      const { request: b } = await subject.toRefuse();
      const results: PostingResult[] = [await posting.send(a), await posting.send(b)];
      expect(results.map((r) => r.kind)).toEqual(['posted', 'refused']);
      expect((await posting.lookup(a.depositId))?.kind).toBe('posted');
      expect((await posting.lookup(b.depositId))?.kind).toBe('refused');
    });
  });
}
