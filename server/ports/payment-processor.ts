// The payment processor port (docs/decisions/0049). The deposit path calls it outside any database
// transaction, with a timeout, and every call that moves money carries an idempotency key: the
// deposit's id for its authorization, `<deposit id>:capture`, `:void`, `:refund` for the later steps.
// Adapters: the sandbox processor (server/adapters/sandbox-processor.ts, the embedded default) and
// Stripe (server/adapters/stripe-processor.ts, on the official SDK). One contract suite runs against
// each (tests/server/processor-contract.test.ts).

/** A card as the processor's vault describes it: never the number or the security code. */
export interface CardToken {
  /** The processor's token for the card (a vault token, or the processor's own `tok_...`). */
  token: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
}

/** What a card typed on the site's own form carries; it reaches tokenize and nothing else. */
export interface NewCard {
  number: string;
  cvc: string;
  exp_month: string;
  exp_year: string;
}

export interface AuthorizeRequest {
  /** The deposit's id: the processor answers a repeat with the first authorization, never a second one. */
  idempotencyKey: string;
  amountCents: number;
  currency: 'usd';
  /** The card: a token from tokenize, or the processor's id of a saved card. */
  source: string;
  /** The processor's customer a saved card belongs to, when it has one. */
  customer?: string;
  /** Shown in the processor's dashboard and on the payer's statement where the processor allows. */
  description: string;
}

/** A decline, as one of the §8 codes the checkout answers (`error` of the checkout response). */
export type DeclineCode = string;

export type AuthorizeResult = { kind: 'approved'; chargeId: string } | { kind: 'declined'; code: DeclineCode };

/** Where a charge is at the processor, as a lookup by idempotency key finds it. */
export type ChargeState = 'authorized' | 'captured' | 'voided' | 'refunded' | 'declined';

export interface ChargeRecord {
  chargeId: string;
  state: ChargeState;
  amountCents: number;
  /** The §8 code of a declined charge. */
  declineCode?: DeclineCode;
}

/**
 * The processor could not be asked, or did not answer in time: the outcome is unknown. The caller
 * records nothing as decided and lets the reconciler ask again by idempotency key.
 */
export class ProcessorUnavailableError extends Error {
  readonly kind: 'timeout' | 'unavailable';
  constructor(kind: 'timeout' | 'unavailable', message: string) {
    super(message);
    this.name = 'ProcessorUnavailableError';
    this.kind = kind;
  }
}

export interface PaymentProcessor {
  /** 'sandbox' or 'stripe': logged, and refused in production unless SANDBOX=true asks for the sandbox. */
  readonly name: string;
  /**
   * Cards typed on the site's own card form (the sandbox vault). Absent where the processor's own
   * browser fields tokenize the card.
   */
  tokenize?(card: NewCard): Promise<CardToken>;
  /** Holds the amount on the card; nothing is taken until capture. Declines are answers, not errors. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Takes the held amount. Idempotent: capturing a captured charge answers as the first time. */
  capture(chargeId: string, idempotencyKey: string): Promise<void>;
  /** Releases the hold of an uncaptured charge: nothing is taken. Idempotent. */
  void(chargeId: string, idempotencyKey: string): Promise<void>;
  /** Gives back what a captured charge took. Idempotent. */
  refund(chargeId: string, idempotencyKey: string): Promise<void>;
  /** The charge an authorization with this key made, or null when the processor has none. */
  lookup(idempotencyKey: string): Promise<ChargeRecord | null>;
}
