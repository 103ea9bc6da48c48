// The tab's copy of what the payer entered (src/form-draft.ts, docs/decisions/0046).
import { describe, expect, it } from 'vitest';
import type { StateAllResponse } from '../../contract/api.ts';
import { EMPTY_FORM, type FormFields } from '../../contract/entities.ts';
import { DRAFT_KEYS, createDraftStore, draftKeeper, draftOf, restoreOf } from '../../src/form-draft.ts';

const TYPED: FormFields = {
  ...EMPTY_FORM,
  facility_id: 1001,
  facility_state: 'TX',
  deposit_type: 'flex',
  deposit_inmate_id: '100001',
  deposit_amount: 50,
  deposit_amount_id: '50',
  billing_first_name: 'Ana',
  billing_city: 'Austin',
  card_token: 'tok_secret',
  sso_token: 'sso_secret',
  // Card data never reaches the wizard's fields; were it there, the draft would still leave it out.
  ...({ credit_card: '4111111111111111', credit_card_cvc: '123' } as Partial<FormFields>),
};

function answer(fields: Partial<FormFields>): StateAllResponse {
  return {
    fields: { ...EMPTY_FORM, ...fields },
    errors: {},
    locale: 'en',
    csrf_token: 'x',
    site: null as unknown as StateAllResponse['site'],
  };
}

describe('form draft', () => {
  it('keeps the values a payer enters, never a card number, security code or token', () => {
    const unsaved = { billing_first_name: 'Ana', card_token: 'tok_secret' } as Partial<FormFields>;
    const draft = draftOf(TYPED, unsaved, false);
    const text = JSON.stringify(draft);
    for (const secret of ['4111111111111111', '"123"', 'tok_secret', 'sso_secret']) expect(text).not.toContain(secret);
    expect(Object.keys(draft.fields).sort()).toEqual([...DRAFT_KEYS].sort());
    expect(draft.pending).toEqual(['billing_first_name']);
  });

  it('puts back what was typed and not saved when the page went away', () => {
    const draft = draftOf(TYPED, { billing_first_name: 'Ana' }, false);
    const server = answer({ ...TYPED, billing_first_name: '' });
    expect(restoreOf(draft, server)).toEqual({ billing_first_name: 'Ana' });
    // Already there: nothing to save.
    expect(restoreOf(draft, answer({ ...TYPED }))).toBeNull();
  });

  it("puts back every kept value when a guest's session ended", () => {
    const draft = draftOf(TYPED, {}, false);
    const restored = restoreOf(draft, answer({}));
    expect(restored).toMatchObject({
      facility_id: 1001,
      deposit_inmate_id: '100001',
      deposit_amount: 50,
      billing_first_name: 'Ana',
      billing_city: 'Austin',
    });
    expect(restored).not.toHaveProperty('credit_card');
  });

  it('puts nothing back across a change of who is signed in, nor once the deposit was made', () => {
    const signedIn = draftOf(TYPED, { billing_first_name: 'Ana' }, true);
    expect(restoreOf(signedIn, answer({}))).toBeNull();
    const done = draftOf({ ...TYPED, deposit_id: 'D12345678' }, {}, false);
    expect(restoreOf(done, answer({}))).toBeNull();
    expect(restoreOf(null, answer({}))).toBeNull();
  });

  it('a store reads back what it wrote, and nothing from a damaged entry', () => {
    const store = createDraftStore(window.sessionStorage);
    const draft = draftOf(TYPED, { billing_city: 'Austin' }, false);
    store.write(draft);
    expect(store.read()).toEqual(draft);
    window.sessionStorage.setItem('deposit-site.form-draft', '{not json');
    expect(store.read()).toBeNull();
    window.sessionStorage.setItem(
      'deposit-site.form-draft',
      JSON.stringify({
        ...draft,
        fields: { ...draft.fields, credit_card: '4111111111111111' },
        pending: ['credit_card'],
      }),
    );
    expect(JSON.stringify(store.read())).not.toContain('4111');
    store.clear();
    expect(store.read()).toBeNull();
  });

  it('the keeper follows the wizard and the checkout, and forgets on sign-out', () => {
    const store = createDraftStore(window.sessionStorage);
    store.clear();
    const keep = draftKeeper(store);
    let wizardContext: { fields: FormFields; dirty: Partial<FormFields>; inFlight: Partial<FormFields> } = {
      fields: TYPED,
      dirty: { billing_city: 'Austin' },
      inFlight: {},
    };
    // The checkout machine's own choices (machines/checkout.types.ts): the amount, the card, the choice.
    const checkoutContext = {
      fields: TYPED,
      amount: { deposit_amount: 75, deposit_amount_id: '75' },
      payment: { saved_card_id: TYPED.saved_card_id },
      choice: {
        recurring_type: TYPED.recurring_type,
        recurring_increment: TYPED.recurring_increment,
        roundups: TYPED.roundups,
        selected_roundup: TYPED.selected_roundup,
      },
    };
    const checkout = { id: 'checkout', sessionId: 'c', getSnapshot: () => ({ context: checkoutContext }) };
    const wizard = {
      id: 'wizard',
      sessionId: 'w',
      getSnapshot: () => ({ context: wizardContext, children: { checkout } }),
    };
    const root = (signedIn: boolean) => ({
      type: '@xstate.snapshot',
      rootId: 'app',
      actorRef: { id: 'app', sessionId: 'app', getSnapshot: () => ({}) },
      snapshot: { context: { signedIn } },
    });
    keep(root(true));
    keep({ type: '@xstate.snapshot', rootId: 'app', actorRef: wizard });
    expect(store.read()).toMatchObject({
      signedIn: true,
      fields: { deposit_amount: 75, billing_city: 'Austin' },
      pending: expect.arrayContaining(['billing_city', 'deposit_amount', 'deposit_amount_id']) as unknown,
    });
    wizardContext = { ...wizardContext, dirty: {} };
    keep({ type: '@xstate.snapshot', rootId: 'app', actorRef: checkout });
    expect(store.read()?.pending.sort()).toEqual(['deposit_amount', 'deposit_amount_id']);
    keep(root(false));
    expect(store.read()).toBeNull();
  });
});
