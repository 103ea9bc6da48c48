// The money path's adapters as the configuration names them (docs/decisions/0049): the sandbox processor
// and facility system by default, Stripe (PROCESSOR=stripe) and a facility's HTTP API (POSTING=http).
import type { MoneyConfig } from '../config.ts';
import type { PaymentProcessor } from '../ports/payment-processor.ts';
import type { Posting } from '../ports/posting.ts';
import type { Store } from '../repo/repos.ts';
import { createHttpPosting } from './http-posting.ts';
import { createSandboxPosting } from './sandbox-posting.ts';
import { createStripeProcessor } from './stripe-processor.ts';
import { createSandboxProcessor } from './sandbox-processor.ts';

export interface Adapters {
  processor: PaymentProcessor;
  posting: Posting;
}

function processorFor(money: MoneyConfig, store: Store, now: () => Date): PaymentProcessor {
  if (money.processor === 'stripe') {
    if (!money.stripe) throw new Error('PROCESSOR=stripe needs STRIPE_SECRET_KEY');
    return createStripeProcessor({
      secretKey: money.stripe.secretKey,
      ...(money.stripe.apiBase ? { apiBase: money.stripe.apiBase } : {}),
      timeoutMs: money.processorTimeoutMs,
    });
  }
  return createSandboxProcessor(store, {
    latencyMs: money.sandboxProcessorLatencyMs,
    lateAnswerMs: 2 * money.processorTimeoutMs,
    now,
  });
}

function postingFor(money: MoneyConfig, store: Store, now: () => Date): Posting {
  if (money.posting === 'http') {
    if (!money.postingHttp) throw new Error('POSTING=http needs POSTING_URL');
    return createHttpPosting({
      url: money.postingHttp.url,
      ...(money.postingHttp.token ? { token: money.postingHttp.token } : {}),
      timeoutMs: money.postingTimeoutMs,
    });
  }
  return createSandboxPosting(store, {
    latencyMs: money.sandboxPostingLatencyMs,
    failures: money.sandboxPostingFailures,
    now,
  });
}

export function adaptersFor(money: MoneyConfig, store: Store, now: () => Date): Adapters {
  return { processor: processorFor(money, store, now), posting: postingFor(money, store, now) };
}
