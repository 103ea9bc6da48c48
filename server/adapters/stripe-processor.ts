// The Stripe payment processor (docs/decisions/0049), on Stripe's official SDK and its Charges API: an
// authorization is a charge made with `capture: false`, a capture captures it, a void is a refund of the
// uncaptured charge (Stripe's way of releasing a hold: nothing is taken), and a refund gives back what a
// captured charge took. Every call that moves money carries the port's idempotency key, so a retry after
// a timeout answers the first call's result and never moves money twice.
//
// No `tokenize`: the stand-in this adapter is tested against (stripe-stateful-mock) has no /v1/tokens,
// and in production Stripe's own browser fields tokenize the card, so that no card number crosses this
// server (a number through the server widens its PCI scope). The checkout hands over their `tok_...`.
import Stripe from 'stripe';
import {
  ProcessorUnavailableError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type ChargeRecord,
  type ChargeState,
  type DeclineCode,
  type PaymentProcessor,
} from '../ports/payment-processor.ts';

export interface StripeProcessorOptions {
  secretKey: string;
  /** An http(s) origin that stands in for https://api.stripe.com (STRIPE_API_BASE); Stripe's own when absent. */
  apiBase?: string;
  /** PROCESSOR_TIMEOUT_MS: the most one request to Stripe may take before its outcome is unknown. */
  timeoutMs: number;
}

/**
 * The metadata field of a charge that holds the idempotency key of the authorization that made it:
 * lookup finds the charge by it (Stripe cannot be asked for "the result of idempotency key K").
 */
export const IDEMPOTENCY_KEY_FIELD = 'idempotency_key';

/**
 * A decline with no §8 code of its own: the processor's plain sentence, which the checkout answers in
 * `error` as it is and the client shows as GENERIC_DEPOSIT_FAILED (§8; docs/test-cards.md, 4000000000000903).
 */
export const GENERIC_DECLINE: DeclineCode = 'card declined';

/**
 * Stripe's decline answers (an error's `code`, and the issuer's `decline_code` beside it; a failed
 * charge's `failure_code` and `outcome.reason`) as the §8 codes the checkout answers in `error`
 * (docs/test-cards.md). A code not listed here is a plain decline (GENERIC_DECLINE). Stripe's codes:
 * https://docs.stripe.com/error-codes and https://docs.stripe.com/declines/codes.
 */
const STRIPE_DECLINES: Readonly<Record<string, DeclineCode>> = {
  // §8 CVV_MATCH: the security code was refused.
  incorrect_cvc: 'CVV_MATCH',
  invalid_cvc: 'CVV_MATCH',
  // §8 AVS_MATCH: the billing address (its postal code) could not be verified.
  incorrect_zip: 'AVS_MATCH',
  // §8 "invalid card number variants": a well-formed number the issuer knows no account for.
  incorrect_number: 'INVALID_CARD_NUMBER',
  invalid_number: 'INVALID_CARD_NUMBER',
  invalid_account: 'INVALID_CARD_NUMBER',
  // §8 DEPOSIT_MIN_MAX_ERROR: the processor refuses the amount against its own minimum and maximum
  // (`invalid_amount` is the issuer's; the two others are Stripe's own 400 answers to an amount).
  invalid_amount: 'DEPOSIT_MIN_MAX_ERROR',
  amount_too_small: 'DEPOSIT_MIN_MAX_ERROR',
  amount_too_large: 'DEPOSIT_MIN_MAX_ERROR',
  // Plain declines, listed so that the table shows them: §8 has no code for any of them, and naming a
  // reason such as a lost or stolen card, or funds, to the payer is the issuer's business, not ours.
  card_declined: GENERIC_DECLINE,
  generic_decline: GENERIC_DECLINE,
  insufficient_funds: GENERIC_DECLINE,
  expired_card: GENERIC_DECLINE,
  processing_error: GENERIC_DECLINE,
  do_not_honor: GENERIC_DECLINE,
  fraudulent: GENERIC_DECLINE,
  lost_card: GENERIC_DECLINE,
  stolen_card: GENERIC_DECLINE,
  card_velocity_exceeded: GENERIC_DECLINE,
  card_not_supported: GENERIC_DECLINE,
};

/**
 * §8 NO_AMEX: the site takes no American Express card. Stripe says so as `card_not_supported` (a brand
 * the account does not accept); only the card's brand tells that this is the Amex refusal and not
 * another card that does not support the purchase.
 */
const NOT_SUPPORTED = 'card_not_supported';

/** The §8 code of a Stripe decline: the more specific of its two codes, or the plain decline. */
export function declineCodeOf(decline: {
  code?: string | null;
  declineCode?: string | null;
  brand?: string | null;
}): DeclineCode {
  const codes = [decline.declineCode, decline.code].filter((c): c is string => typeof c === 'string' && c !== '');
  if (codes.includes(NOT_SUPPORTED) && decline.brand?.toLowerCase() === 'amex') return 'NO_AMEX';
  for (const c of codes) {
    const mapped = STRIPE_DECLINES[c];
    if (mapped !== undefined && mapped !== GENERIC_DECLINE) return mapped;
  }
  return GENERIC_DECLINE;
}

/** Stripe's own 400 answers to an amount: no charge is made, and the answer is a decline (§8). */
const AMOUNT_REFUSALS = new Set(['amount_too_small', 'amount_too_large']);

/**
 * The charge is in a state where the call cannot do what it is asked: a void of a captured charge, a
 * refund of one never captured. Not an outage: asking again will not change the answer.
 */
export class ChargeStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChargeStateError';
  }
}

/** What an error thrown by the SDK carries that this adapter reads (`type` is the error class's name). */
interface SdkError {
  type?: string;
  statusCode?: number;
  code?: string;
  decline_code?: string;
  charge?: string;
  message?: string;
  detail?: { code?: string };
}

function sdkError(err: unknown): SdkError | null {
  return err instanceof Error && typeof (err as SdkError).type === 'string' ? (err as SdkError) : null;
}

/**
 * The outcome of the call is unknown: Stripe was not reached, did not answer within the timeout, or
 * answered 5xx / 409 (a request with the same key still under way) / 429 (not taken, try later). The
 * caller records nothing as decided; asking again with the same key is safe.
 */
function unknownOutcome(err: unknown, what: string): ProcessorUnavailableError | null {
  const e = sdkError(err);
  if (!e) return null;
  if (e.type === 'StripeConnectionError') {
    const timedOut = e.detail?.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '');
    return new ProcessorUnavailableError(timedOut ? 'timeout' : 'unavailable', `Stripe ${what}: ${e.message}`);
  }
  const status = e.statusCode ?? 0;
  if (e.type === 'StripeAPIError' || e.type === 'StripeRateLimitError' || status >= 500 || status === 409) {
    return new ProcessorUnavailableError('unavailable', `Stripe ${what}: ${status || ''} ${e.message}`.trim());
  }
  return null;
}

/** Rethrows a failed call: as ProcessorUnavailableError when its outcome is unknown, else as it came. */
function fail(err: unknown, what: string): never {
  throw unknownOutcome(err, what) ?? err;
}

/**
 * The SDK hands back any JSON without an `error` field as the answer, whatever its status (a proxy's
 * 500 with a JSON body of its own, say): an answer that is not the object asked for is an outcome
 * this adapter cannot read, so it is unknown, never an approval.
 */
function expectObject<T extends { object: string }>(answer: T, object: T['object'], what: string): T {
  if (
    typeof answer !== 'object' ||
    answer === null ||
    answer.object !== object ||
    typeof (answer as { id?: unknown }).id !== 'string'
  ) {
    throw new ProcessorUnavailableError('unavailable', `Stripe ${what}: the answer is not a ${object}`);
  }
  return answer;
}

function hasCode(err: unknown, code: string): boolean {
  return sdkError(err)?.code === code;
}

function brandOf(charge: Stripe.Charge): string | null {
  return charge.payment_method_details?.card?.brand ?? null;
}

/** Where a charge is, in the port's words. */
function stateOf(charge: Stripe.Charge): ChargeState {
  if (charge.status === 'failed') return 'declined';
  const released = charge.refunded || charge.amount_refunded >= charge.amount;
  if (!charge.captured) return released ? 'voided' : 'authorized';
  return charge.amount_refunded > 0 ? 'refunded' : 'captured';
}

function recordOf(charge: Stripe.Charge): ChargeRecord {
  const state = stateOf(charge);
  const record: ChargeRecord = { chargeId: charge.id, state, amountCents: charge.amount };
  if (state === 'declined') {
    record.declineCode = declineCodeOf({
      code: charge.failure_code,
      declineCode: charge.outcome?.reason,
      brand: brandOf(charge),
    });
  }
  return record;
}

/** The SDK's host, port and protocol for an origin such as http://127.0.0.1:4310. */
function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export function createStripeProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const stripe = new Stripe(options.secretKey, {
    ...hostOptions(options.apiBase),
    // One deadline for the whole request (Node's own client restarts its timer at each stage).
    httpClient: Stripe.createFetchHttpClient(),
    timeout: options.timeoutMs,
    // The money path's jobs and reconciler ask again, with the same keys: retries inside one call would
    // stretch it past PROCESSOR_TIMEOUT_MS.
    maxNetworkRetries: 0,
    telemetry: false,
  });

  async function retrieve(chargeId: string, what: string): Promise<Stripe.Charge> {
    try {
      return expectObject(await stripe.charges.retrieve(chargeId), 'charge', what);
    } catch (err) {
      fail(err, what);
    }
  }

  /** The brand of a declined charge, for NO_AMEX; a decline stays a decline when it cannot be read. */
  async function declinedBrand(chargeId: string | undefined): Promise<string | null> {
    if (!chargeId) return null;
    try {
      return brandOf(await stripe.charges.retrieve(chargeId));
    } catch {
      return null;
    }
  }

  /** Refunds a charge (a void when it is uncaptured); a charge already refunded in full answers as done. */
  async function refundCharge(charge: Stripe.Charge, idempotencyKey: string, what: string): Promise<void> {
    if (charge.refunded || charge.amount_refunded >= charge.amount) return;
    try {
      expectObject(await stripe.refunds.create({ charge: charge.id }, { idempotencyKey }), 'refund', what);
    } catch (err) {
      if (hasCode(err, 'charge_already_refunded')) return;
      fail(err, what);
    }
  }

  return {
    name: 'stripe',

    async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
      const params: Stripe.ChargeCreateParams = {
        amount: request.amountCents,
        currency: request.currency,
        source: request.source,
        description: request.description,
        capture: false,
        metadata: { [IDEMPOTENCY_KEY_FIELD]: request.idempotencyKey },
      };
      if (request.customer !== undefined) params.customer = request.customer;
      let charge: Stripe.Charge;
      try {
        charge = expectObject(
          await stripe.charges.create(params, { idempotencyKey: request.idempotencyKey }),
          'charge',
          'authorize',
        );
      } catch (err) {
        const e = sdkError(err);
        if (e?.type === 'StripeCardError') {
          const brand = [e.code, e.decline_code].includes(NOT_SUPPORTED) ? await declinedBrand(e.charge) : null;
          return { kind: 'declined', code: declineCodeOf({ code: e.code, declineCode: e.decline_code, brand }) };
        }
        if (e?.type === 'StripeInvalidRequestError' && e.code && AMOUNT_REFUSALS.has(e.code)) {
          return { kind: 'declined', code: declineCodeOf({ code: e.code }) };
        }
        fail(err, 'authorize');
      }
      if (charge.status === 'failed')
        return { kind: 'declined', code: recordOf(charge).declineCode ?? GENERIC_DECLINE };
      return { kind: 'approved', chargeId: charge.id };
    },

    async capture(chargeId: string, idempotencyKey: string): Promise<void> {
      try {
        expectObject(await stripe.charges.capture(chargeId, {}, { idempotencyKey }), 'charge', 'capture');
      } catch (err) {
        // A second capture under another key (Stripe forgets keys after 24 hours): the port's
        // "capturing a captured charge answers as the first time".
        if (hasCode(err, 'charge_already_captured')) return;
        fail(err, 'capture');
      }
    },

    async void(chargeId: string, idempotencyKey: string): Promise<void> {
      // Asked first because Stripe would refund a captured charge just the same: a void must never be
      // the one to give back money that was taken (that is refund's, and the ledger's, business).
      const charge = await retrieve(chargeId, 'void');
      if (charge.status === 'failed') return; // a declined charge holds nothing
      if (charge.captured) throw new ChargeStateError(`Stripe charge ${chargeId} is captured: it cannot be voided`);
      await refundCharge(charge, idempotencyKey, 'void');
    },

    async refund(chargeId: string, idempotencyKey: string): Promise<void> {
      const charge = await retrieve(chargeId, 'refund');
      if (!charge.captured) throw new ChargeStateError(`Stripe charge ${chargeId} is not captured: void it instead`);
      await refundCharge(charge, idempotencyKey, 'refund');
    },

    async lookup(idempotencyKey: string): Promise<ChargeRecord | null> {
      // The charges list, read page by page until a charge carries the key in its metadata. Stripe's
      // list is strongly consistent (a charge made a moment ago is in it), unlike its search API, whose
      // index lags by up to a minute, so a "none" from it would not prove that no charge was made; and
      // the stand-in has no search. A list call never creates anything: replaying the authorization
      // with its key would answer the same, but make a charge when there was none. The cost grows with
      // the account's charges (Stripe lists the newest first, so a recent key is found soon; a key never
      // used reads the whole list): the reconciler asks only about deposits left between steps.
      let startingAfter: string | undefined;
      for (;;) {
        let page: Stripe.ApiList<Stripe.Charge>;
        try {
          page = await stripe.charges.list({
            limit: 100,
            ...(startingAfter !== undefined ? { starting_after: startingAfter } : {}),
          });
        } catch (err) {
          fail(err, 'lookup');
        }
        if (!Array.isArray(page?.data))
          throw new ProcessorUnavailableError('unavailable', 'Stripe lookup: the answer is not a list');
        for (const listed of page.data) {
          const charge = expectObject(listed, 'charge', 'lookup');
          if (charge.metadata?.[IDEMPOTENCY_KEY_FIELD] !== idempotencyKey) continue;
          if (charge.status === 'pending') {
            throw new ProcessorUnavailableError('unavailable', `Stripe charge ${charge.id} is still pending`);
          }
          return recordOf(charge);
        }
        const last = page.data.at(-1);
        if (!page.has_more || last === undefined) return null;
        startingAfter = last.id;
      }
    },
  };
}
