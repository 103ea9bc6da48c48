// The money path's adapters as the configuration names them (docs/decisions/0049): the sandbox processor
// and facility system by default, Stripe (PROCESSOR=stripe) and a facility's HTTP API (POSTING=http).
import type { MoneyConfig } from '../config.ts';
import type { PaymentProcessor } from '../ports/payment-processor.ts';
import type { Posting } from '../ports/posting.ts';
import type { Store } from '../repo/repos.ts';
import { createSandboxPosting } from './sandbox-posting.ts';
import { createSandboxProcessor } from './sandbox-processor.ts';

export interface Adapters {
  processor: PaymentProcessor;
  posting: Posting;
}

export function adaptersFor(money: MoneyConfig, store: Store, now: () => Date): Adapters {
  if (money.processor !== 'sandbox' || money.posting !== 'sandbox') {
    throw new Error(`adapter not available: PROCESSOR=${money.processor} POSTING=${money.posting}`);
  }
  return {
    processor: createSandboxProcessor(store, {
      latencyMs: money.sandboxProcessorLatencyMs,
      lateAnswerMs: 2 * money.processorTimeoutMs,
      now,
    }),
    posting: createSandboxPosting(store, {
      latencyMs: money.sandboxPostingLatencyMs,
      failures: money.sandboxPostingFailures,
      now,
    }),
  };
}
