// The contract of the payment processor port (server/ports/payment-processor.ts), one suite that every
// adapter of the port runs: adding an adapter is one call of describeProcessorContract in its test file.
// The money path relies on exactly these answers (docs/decisions/0049): an authorization holds and takes
// nothing, a key answers its first result and makes one charge, each later step is harmless twice, a
// decline is an answer with its §8 code, and lookup finds what a key made without making anything.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeRequest, ChargeRecord, PaymentProcessor } from '../../server/ports/payment-processor.ts';

/** The card of an authorization: a token or a saved card's id, and its customer when it has one. */
export interface CardSource {
  source: string;
  customer?: string;
}

export interface ProcessorContractSubject {
  processor: PaymentProcessor;
  /** Cards, each call a fresh source where the processor's tokens are single use. */
  cards: {
    /** A card the processor approves. */
    approved(): Promise<CardSource>;
    /** A card the processor declines with no reason that §8 names (the plain 'card declined'). */
    declined(): Promise<CardSource>;
    /** A card whose security code the processor refuses (§8 CVV_MATCH). */
    incorrectCvc(): Promise<CardSource>;
  };
  /** How many charges the processor holds that an authorization with this key made, asked behind the adapter. */
  chargesWithKey(idempotencyKey: string): Promise<number>;
  dispose(): Promise<void>;
}

export interface ContractOptions {
  /** Skips the suite (e.g. in the second, PostgreSQL run of tests/server when the adapter needs no database). */
  skip?: boolean;
}

/** §8 and docs/test-cards.md: the plain decline, and the refused security code. */
const PLAIN_DECLINE = 'card declined';
const CVV_MATCH = 'CVV_MATCH';

const AMOUNT_CENTS = 2_345;

export function describeProcessorContract(
  name: string,
  setup: () => Promise<ProcessorContractSubject>,
  options: ContractOptions = {},
): void {
  describe.skipIf(options.skip === true)(`PaymentProcessor contract: ${name}`, () => {
    let subject: ProcessorContractSubject;
    let processor: PaymentProcessor;

    beforeAll(async () => {
      subject = await setup();
      processor = subject.processor;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    function request(card: CardSource, key = randomUUID()): AuthorizeRequest {
      return {
        idempotencyKey: key,
        amountCents: AMOUNT_CENTS,
        currency: 'usd',
        source: card.source,
        ...(card.customer !== undefined ? { customer: card.customer } : {}),
        description: `Deposit ${key}`,
      };
    }

    /** Authorizes an approved card; answers the key and the charge id. */
    async function held(): Promise<{ key: string; chargeId: string }> {
      const req = request(await subject.cards.approved());
      const result = await processor.authorize(req);
      if (result.kind !== 'approved') throw new Error(`expected an approval, got ${JSON.stringify(result)}`);
      return { key: req.idempotencyKey, chargeId: result.chargeId };
    }

    function record(chargeId: string, state: ChargeRecord['state']): ChargeRecord {
      return { chargeId, state, amountCents: AMOUNT_CENTS };
    }

    it('has a name', () => {
      expect(processor.name).toMatch(/\S/);
    });

    it('approves a good card and holds the amount: lookup says authorized', async () => {
      const { key, chargeId } = await held();
      expect(chargeId).toMatch(/\S/);
      expect(await processor.lookup(key)).toEqual(record(chargeId, 'authorized'));
    });

    it('answers the same key twice with the same charge, and makes only one', async () => {
      const req = request(await subject.cards.approved());
      const first = await processor.authorize(req);
      const second = await processor.authorize(req);
      expect(first.kind).toBe('approved');
      expect(second).toEqual(first);
      expect(await subject.chargesWithKey(req.idempotencyKey)).toBe(1);
    });

    it('captures a held charge; capturing it again, under its key or another, is harmless', async () => {
      const { key, chargeId } = await held();
      await processor.capture(chargeId, `${key}:capture`);
      expect(await processor.lookup(key)).toEqual(record(chargeId, 'captured'));
      await processor.capture(chargeId, `${key}:capture`);
      await processor.capture(chargeId, `${key}:capture-again`);
      expect(await processor.lookup(key)).toEqual(record(chargeId, 'captured'));
      expect(await subject.chargesWithKey(key)).toBe(1);
    });

    it('voids a held charge: nothing is taken, lookup says voided; voiding again is harmless', async () => {
      const { key, chargeId } = await held();
      await processor.void(chargeId, `${key}:void`);
      expect(await processor.lookup(key)).toEqual(record(chargeId, 'voided'));
      await processor.void(chargeId, `${key}:void`);
      await processor.void(chargeId, `${key}:void-again`);
      expect(await processor.lookup(key)).toEqual(record(chargeId, 'voided'));
    });

    it('refunds a captured charge: lookup says refunded; refunding again is harmless', async () => {
      const { key, chargeId } = await held();
      await processor.capture(chargeId, `${key}:capture`);
      await processor.refund(chargeId, `${key}:refund`);
      expect(await processor.lookup(key)).toEqual(record(chargeId, 'refunded'));
      await processor.refund(chargeId, `${key}:refund`);
      await processor.refund(chargeId, `${key}:refund-again`);
      expect(await processor.lookup(key)).toEqual(record(chargeId, 'refunded'));
    });

    it('answers a declined card with the plain decline, as an answer and not an error; the same key answers the same', async () => {
      const req = request(await subject.cards.declined());
      expect(await processor.authorize(req)).toEqual({ kind: 'declined', code: PLAIN_DECLINE });
      expect(await processor.authorize(req)).toEqual({ kind: 'declined', code: PLAIN_DECLINE });
      // A processor may keep a failed charge or none; either way nothing is held.
      const found = await processor.lookup(req.idempotencyKey);
      if (found !== null) expect(found).toMatchObject({ state: 'declined', declineCode: PLAIN_DECLINE });
    });

    it('answers a refused security code with CVV_MATCH (§8)', async () => {
      const req = request(await subject.cards.incorrectCvc());
      expect(await processor.authorize(req)).toEqual({ kind: 'declined', code: CVV_MATCH });
      const found = await processor.lookup(req.idempotencyKey);
      if (found !== null) expect(found).toMatchObject({ state: 'declined', declineCode: CVV_MATCH });
    });

    it('looks up a key it never saw as null, and makes no charge by asking', async () => {
      const key = randomUUID();
      expect(await processor.lookup(key)).toBeNull();
      expect(await processor.lookup(key)).toBeNull();
      expect(await subject.chargesWithKey(key)).toBe(0);
    });

    it('keeps charges of different keys apart', async () => {
      const a = await held();
      const b = await held();
      expect(a.chargeId).not.toBe(b.chargeId);
      await processor.capture(a.chargeId, `${a.key}:capture`);
      expect(await processor.lookup(a.key)).toEqual(record(a.chargeId, 'captured'));
      expect(await processor.lookup(b.key)).toEqual(record(b.chargeId, 'authorized'));
    });
  });
}
