// The posting port (docs/decisions/0049): sends an authorized deposit to the facility's account system
// (flex, trust, bail) or to the phone platform (dest), which posts it to the person's or the phone
// account, or refuses it with a reason. Called by the posting job, outside any database transaction,
// with a timeout. `send` is idempotent by deposit id: a second send answers as the first.
// Adapters: the sandbox facility system (server/adapters/sandbox-posting.ts, the embedded default).
import type { RefusalReason } from '../../contract/deposit-status.ts';

export interface PostingRequest {
  depositId: string;
  depositType: string;
  facilityId: number;
  /** The person, for flex, trust and bail. */
  inmateId: string | null;
  /** The phone number, for dest. */
  phone: string | null;
  amountCents: number;
  /** The payer's account, when signed in (the phone platform credits its phone account). */
  userId: string | null;
  /** The payer's phone account for a dest deposit of a signed-in payer. */
  destAccountId: number | null;
}

export type PostingResult =
  | { kind: 'posted'; at: string }
  | { kind: 'refused'; reason: RefusalReason; at: string }
  /** The system took the deposit and answers later: ask again with lookup. */
  | { kind: 'accepted' };

/** The system could not be asked or did not answer in time: the job tries again later. */
export class PostingUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostingUnavailableError';
  }
}

export interface Posting {
  readonly name: string;
  send(request: PostingRequest): Promise<PostingResult>;
  /** What became of a deposit sent earlier; null when the system never received it. */
  lookup(depositId: string): Promise<PostingResult | null>;
}
