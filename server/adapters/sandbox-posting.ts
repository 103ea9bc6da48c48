// The sandbox facility account system and phone platform (docs/decisions/0049): the embedded default
// behind the Posting port. It posts every deposit, except to a person released since the search listed
// them (fixtures/README.md), whom it refuses; a dest deposit it posts by crediting the phone account's
// balance, which the sandbox keeps in this database. It records each answer by deposit id, so a second
// send answers as the first. Faults: SANDBOX_POSTING_LATENCY_MS (slow, or past POSTING_TIMEOUT_MS) and
// SANDBOX_POSTING_FAILURES (down for the first sends of each deposit).
import type { Posting, PostingRequest, PostingResult } from '../ports/posting.ts';
import { PostingUnavailableError } from '../ports/posting.ts';
import type { RefusalReason } from '../../contract/deposit-status.ts';
import type { Store } from '../repo/repos.ts';
import type { SandboxPosting } from '../repo/sandbox.ts';
import { creditDestinationBalance } from '../domain/dest-deposits.ts';
import { releasedSince } from '../domain/sandbox-processor.ts';

export interface SandboxPostingOptions {
  latencyMs: number;
  /** The first this many sends of each deposit answer 503. */
  failures: number;
  now: () => Date;
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

function resultOf(p: SandboxPosting): PostingResult {
  return p.result === 'refused'
    ? { kind: 'refused', reason: (p.reason ?? 'not_accepted') as RefusalReason, at: p.answered_at }
    : { kind: 'posted', at: p.answered_at };
}

export function createSandboxPosting(store: Store, options: SandboxPostingOptions): Posting {
  const sends = new Map<string, number>();
  return {
    name: 'sandbox',
    async send(request: PostingRequest): Promise<PostingResult> {
      await wait(options.latencyMs);
      const n = (sends.get(request.depositId) ?? 0) + 1;
      sends.set(request.depositId, n);
      if (n <= options.failures) throw new PostingUnavailableError('sandbox facility system: 503');
      sends.delete(request.depositId);
      const at = options.now().toISOString();
      const refused = request.inmateId !== null && releasedSince(request.inmateId);
      // The record and the phone account's credit in one transaction: a repeat finds the record.
      const posting = await store.transaction(async (repos) => {
        const first = await repos.sandbox.findPosting(request.depositId);
        if (first) return first;
        const row: SandboxPosting = {
          deposit_id: request.depositId,
          result: refused ? 'refused' : 'posted',
          reason: refused ? 'released' : null,
          answered_at: at,
        };
        await repos.sandbox.insertPosting(row);
        if (!refused && request.depositType === 'dest' && request.phone !== null) {
          await creditDestinationBalance(repos, {
            userId: request.userId,
            accountId: request.destAccountId,
            phone: request.phone,
            facilityId: request.facilityId,
            amountCents: request.amountCents,
            at,
          });
        }
        return row;
      });
      return resultOf(posting);
    },
    async lookup(depositId: string): Promise<PostingResult | null> {
      await wait(options.latencyMs);
      const p = await store.repos.sandbox.findPosting(depositId);
      return p ? resultOf(p) : null;
    },
  };
}
