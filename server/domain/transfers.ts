// Balance transfers between one payer's own phone accounts (§2 /account/transfer_funds, §5
// Transfer, §6 validated accounts only, §8 transfer errors, §9 fixed fee). Money is integer cents;
// a transfer is one transaction that re-checks every rule before it moves anything.
import type { AccountErrorCode } from '../../contract/accounts.ts';
import { DEFAULT_TRANSFER_FEE, type Config } from '../config.ts';
import { toCents } from '../money.ts';
import type { DestAccountView } from '../repo/dest-accounts.ts';
import type { Repos, Store } from '../repo/repos.ts';

export interface TransferInput {
  amountCents: number;
  /** Normalised phone numbers (digits). */
  srcAni: string;
  dstAni: string;
}

export type TransferOutcome =
  | { kind: 'ok'; feeCents: number; src: DestAccountView; dst: DestAccountView }
  /** A number is not one of the payer's visible accounts: answered like any unknown record. */
  | { kind: 'not_found' }
  | { kind: 'refused'; code: AccountErrorCode };

export function transferFeeCents(config: Config): number {
  return toCents(config.transferFee ?? DEFAULT_TRANSFER_FEE);
}

/** The rules, in the order the payer should hear about them; reads only. */
export async function checkTransfer(
  repos: Repos,
  userId: string,
  input: TransferInput,
  feeCents: number,
): Promise<TransferOutcome> {
  if (input.srcAni === input.dstAni) return { kind: 'refused', code: 'SAME_SRC_DST' };
  const src = await repos.destAccounts.findByPhone(userId, input.srcAni);
  const dst = await repos.destAccounts.findByPhone(userId, input.dstAni);
  if (!src || !dst) return { kind: 'not_found' };
  // §5: a transfer needs at least two verified accounts; §6: between validated accounts only.
  if ((await repos.destAccounts.countValidated(userId)) < 2)
    return { kind: 'refused', code: 'TRANSFER_NEEDS_TWO_VERIFIED' };
  if (src.validate_status !== 'validated' || dst.validate_status !== 'validated') {
    return { kind: 'refused', code: 'ACCOUNT_NOT_VALIDATED' };
  }
  if (src.fraud_flag) return { kind: 'refused', code: 'SRC_DST_FRAUD' };
  if (dst.fraud_flag) return { kind: 'refused', code: 'DST_DST_FRAUD' };
  // The fee is taken from the source on top of the amount: never an overdraft.
  if (input.amountCents + feeCents > src.prepaid_balance_cents) return { kind: 'refused', code: 'INSUFFICIENT_FUNDS' };
  return { kind: 'ok', feeCents, src, dst };
}

/**
 * Moves amount from src to dst and the fee out of src, in one transaction: the checks, the two
 * balance updates, the transfer row and the activity rows commit together or not at all.
 */
export async function transferBalance(
  deps: { store: Store; config: Config },
  userId: string,
  input: TransferInput,
  now: Date,
): Promise<TransferOutcome> {
  const fee = transferFeeCents(deps.config);
  try {
    return await deps.store.transaction((repos) => transferIn(repos, userId, input, fee, now));
  } catch (err) {
    if (err instanceof ShortBalance) return { kind: 'refused', code: 'INSUFFICIENT_FUNDS' };
    throw err;
  }
}

/** Thrown inside the transaction when the debit finds the balance short: rolls back a credit already made. */
class ShortBalance extends Error {}

async function transferIn(
  repos: Repos,
  userId: string,
  input: TransferInput,
  fee: number,
  now: Date,
): Promise<TransferOutcome> {
  const checked = await checkTransfer(repos, userId, input, fee);
  if (checked.kind !== 'ok') return checked;
  const { src, dst } = checked;
  // The debit itself refuses a short balance, so no interleaving can overdraw the source.
  const debit = async () => {
    if (!(await repos.destAccounts.debit(userId, src.id, input.amountCents + fee))) throw new ShortBalance();
  };
  const credit = async () => {
    if (!(await repos.destAccounts.credit(userId, dst.id, input.amountCents))) {
      throw new Error('transfer destination vanished inside its transaction');
    }
  };
  // The two rows are written in id order, so transfers in opposite directions queue behind one
  // another instead of each holding the row the other waits for (a deadlock, on PostgreSQL).
  for (const move of src.id < dst.id ? [debit, credit] : [credit, debit]) await move();
  const at = now.toISOString();
  await repos.destAccounts.insertTransfer({
    user_id: userId,
    src_account_id: src.id,
    dst_account_id: dst.id,
    amount_cents: input.amountCents,
    fee_cents: fee,
    created_at: at,
  });
  await repos.destAccounts.insertActivity({
    account_id: src.id,
    purse: 'pp',
    event_at: at,
    event_desc: 'TRANSFER_OUT',
    amount_cents: -input.amountCents,
  });
  if (fee > 0) {
    await repos.destAccounts.insertActivity({
      account_id: src.id,
      purse: 'pp',
      event_at: at,
      event_desc: 'TRANSFER_FEE',
      amount_cents: -fee,
    });
  }
  await repos.destAccounts.insertActivity({
    account_id: dst.id,
    purse: 'pp',
    event_at: at,
    event_desc: 'TRANSFER_IN',
    amount_cents: input.amountCents,
  });
  return checked;
}
