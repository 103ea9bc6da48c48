// The sandbox processor and the sandbox facility system (docs/decisions/0049) against the contracts of
// their ports, the same suites the Stripe and HTTP adapters run, on both engines (their records live in
// the site's database).
import { randomUUID } from 'node:crypto';
import { describePostingContract, samplePostingRequest } from './posting-contract.ts';
import { describeProcessorContract } from './processor-contract.ts';
import { newClient, startServer, type TestServer } from './helpers.ts';

async function sandboxSite(): Promise<TestServer> {
  return startServer({});
}

describeProcessorContract('sandbox', async () => {
  const site = await sandboxSite();
  const card =
    (credit_card: string, credit_card_cvc = '123') =>
    async () => {
      const c = await newClient(site.app);
      return { source: (await c.tokenize({ credit_card, credit_card_cvc })).token };
    };
  return {
    processor: site.app.money.processor,
    cards: {
      approved: card('4111111111111111'),
      // docs/test-cards.md: a plain decline, and a refused security code.
      declined: card('4000000000000903'),
      incorrectCvc: card('4000000000000200'),
    },
    chargesWithKey: async (key) =>
      (await site.query('SELECT charge_id FROM sandbox_charges WHERE idempotency_key = ?', [key])).length,
    dispose: () => site.dispose(),
  };
});

describePostingContract('sandbox', async () => {
  const site = await sandboxSite();
  return {
    posting: site.app.money.posting,
    toPost: () => Promise.resolve(samplePostingRequest({ depositId: randomUUID() })),
    // fixtures: inmate 100006 is the person released since the search listed him.
    toRefuse: () => Promise.resolve({ request: samplePostingRequest({ inmateId: '100006' }), reason: 'released' }),
    postings: async (id) =>
      (await site.query("SELECT deposit_id FROM sandbox_postings WHERE deposit_id = ? AND result = 'posted'", [id]))
        .length,
    dispose: () => site.dispose(),
  };
});
