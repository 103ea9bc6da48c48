// The sandbox payment processor (docs/decisions/0049, docs/test-cards.md): the embedded default of
// `npm start`, standing in for a real processor behind the PaymentProcessor port. It keeps its charges in
// its own table, one per idempotency key, and answers as its test cards say: approved, a §8 decline, or
// a fault (a 5xx, an answer that comes too late, an answer that never comes).
import { randomBytes } from 'node:crypto';
import type {
  AuthorizeRequest,
  AuthorizeResult,
  ChargeRecord,
  ChargeState,
  PaymentProcessor,
} from '../ports/payment-processor.ts';
import { ProcessorUnavailableError } from '../ports/payment-processor.ts';
import type { Store } from '../repo/repos.ts';
import { APPROVED, FAULTS, processorText } from '../domain/sandbox-processor.ts';

export interface SandboxProcessorOptions {
  /** Every answer waits this long (SANDBOX_PROCESSOR_LATENCY_MS). */
  latencyMs: number;
  /** How long the late answer of the PROCESSOR_TIMEOUT card takes: longer than the caller waits. */
  lateAnswerMs: number;
  now: () => Date;
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());
/** An answer that never comes: a promise nothing settles (the caller's timeout ends the wait). */
const never = () => new Promise<never>(() => {});

/** The outcome of a card source: a vault token's, or approved for a saved card or a pam payment's card. */
async function outcomeOf(store: Store, source: string): Promise<string> {
  if (!source.startsWith('tok_')) return APPROVED;
  const token = await store.repos.vault.findByToken(source);
  return token?.outcome ?? 'INVALID_CARD_NUMBER';
}

export function createSandboxProcessor(store: Store, options: SandboxProcessorOptions): PaymentProcessor {
  const at = () => options.now().toISOString();
  const record = (c: { charge_id: string; state: string; amount_cents: number; decline_code: string | null }) =>
    ({
      chargeId: c.charge_id,
      state: c.state as ChargeState,
      amountCents: Number(c.amount_cents),
      ...(c.decline_code ? { declineCode: c.decline_code } : {}),
    }) satisfies ChargeRecord;

  /** Moves a charge to `to` from one of `from`; already in `to` is the earlier call's answer again. */
  async function move(chargeId: string, from: ChargeState[], to: ChargeState): Promise<void> {
    await wait(options.latencyMs);
    const charge = await store.repos.sandbox.findChargeById(chargeId);
    if (!charge) throw new Error(`sandbox processor: no charge ${chargeId}`);
    if (charge.state === to) return;
    if (!from.includes(charge.state as ChargeState)) {
      throw new Error(`sandbox processor: cannot move a ${charge.state} charge to ${to}`);
    }
    await store.repos.sandbox.setChargeState(chargeId, to, at());
  }

  return {
    name: 'sandbox',
    async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
      await wait(options.latencyMs);
      const outcome = await outcomeOf(store, request.source);
      // A 5xx before anything is recorded: the processor never saw the authorization.
      if (outcome === FAULTS.error) throw new ProcessorUnavailableError('unavailable', 'sandbox processor: 500');
      const approved = outcome === APPROVED || outcome === FAULTS.late || outcome === FAULTS.noAnswer;
      const chargeId = `ch_${randomBytes(12).toString('hex')}`;
      // The first charge with this key is the answer, whoever recorded it.
      const charge = await store.repos.sandbox.insertCharge({
        idempotency_key: request.idempotencyKey,
        charge_id: chargeId,
        source: request.source,
        amount_cents: request.amountCents,
        state: approved ? 'authorized' : 'declined',
        decline_code: approved ? null : processorText(outcome),
        created_at: at(),
        updated_at: at(),
      });
      const first = charge.charge_id === chargeId;
      // The fault cards lose the answer to the call that made the charge; a repeat of the key answers.
      if (first && outcome === FAULTS.late) await wait(options.lateAnswerMs);
      if (first && outcome === FAULTS.noAnswer) await never();
      return charge.state === 'declined'
        ? { kind: 'declined', code: charge.decline_code ?? 'card declined' }
        : { kind: 'approved', chargeId: charge.charge_id };
    },
    capture: (chargeId) => move(chargeId, ['authorized'], 'captured'),
    void: (chargeId) => move(chargeId, ['authorized'], 'voided'),
    refund: (chargeId) => move(chargeId, ['captured'], 'refunded'),
    async lookup(key: string): Promise<ChargeRecord | null> {
      await wait(options.latencyMs);
      const charge = await store.repos.sandbox.findCharge(key);
      return charge ? record(charge) : null;
    },
  };
}
