// The account pages' changes (§2 /account/*, §7 account calls): each is one use case that writes
// through the repositories, in a transaction where it reads before it writes. Routes translate HTTP.
import type { AccountErrorCode, BreakageStatus } from '../../contract/accounts.ts';
import type { Store } from '../repo/repos.ts';

/** What a change came to: done, nothing of the payer's by that id, or refused with an error code (§8). */
export type Change = { kind: 'done' } | { kind: 'not_found' } | { kind: 'refused'; code: AccountErrorCode };

const DONE: Change = { kind: 'done' };
const NOT_FOUND: Change = { kind: 'not_found' };

/** §2 /account/primary_account: a validated phone account of the payer's becomes the only primary one. */
export async function makePrimaryAccount(store: Store, userId: string, ani: string): Promise<Change> {
  return store.transaction(async (repos) => {
    const account = await repos.destAccounts.findByPhone(userId, ani);
    if (!account) return NOT_FOUND;
    if (account.validate_status !== 'validated') return { kind: 'refused', code: 'ERROR_CHANGING_PRIMARY_ACCOUNT' };
    if (!(await repos.destAccounts.makePrimary(userId, account.id))) throw new Error('primary account vanished');
    return DONE;
  });
}

/** Removes a phone account from the payer's list (the row, its balance and activity stay). */
export async function removePhoneAccount(store: Store, userId: string, id: number, now: Date): Promise<Change> {
  return (await store.repos.destAccounts.remove(userId, id, now.toISOString())) ? DONE : NOT_FOUND;
}

/** §7 breakage: how the payer is told of a low balance on one phone account. */
export async function setBreakageChoice(
  store: Store,
  userId: string,
  ani: string,
  choice: { sms: BreakageStatus; email: BreakageStatus },
): Promise<Change> {
  return store.transaction(async (repos) => {
    const account = await repos.destAccounts.findByPhone(userId, ani);
    if (!account) return NOT_FOUND;
    return (await repos.destAccounts.setBreakage(userId, account.id, choice.sms, choice.email)) ? DONE : NOT_FOUND;
  });
}

/** §4 recurring deposits: the payer cancels one of theirs. */
export async function cancelRecurringDeposit(store: Store, userId: string, id: number, now: Date): Promise<Change> {
  return (await store.repos.recurringDeposits.cancel(userId, id, now.toISOString())) ? DONE : NOT_FOUND;
}

/** A saved card is removed unless an active recurring deposit charges it (it stays until that is cancelled). */
export async function removeSavedCard(store: Store, userId: string, id: number): Promise<Change> {
  return store.transaction(async (repos) => {
    if (!(await repos.savedCards.findForUser(userId, id))) return NOT_FOUND;
    if (await repos.savedCards.usedByRecurring(userId, id)) return { kind: 'refused', code: 'ERROR_DELETING_CARD' };
    await repos.savedCards.remove(userId, id);
    return DONE;
  });
}

/** §7 pam recurring deposits: the payer cancels one of theirs set up at the pam checkout (its account_guid too). */
export async function cancelPamRecurringDeposit(
  store: Store,
  userId: string,
  id: number,
  accountGuid: string,
  now: Date,
): Promise<Change> {
  return store.transaction(async (repos) => {
    const own = (await repos.recurringDeposits.listForUser(userId)).find(
      (r) => r.id === id && r.is_pam && r.account_guid === accountGuid,
    );
    if (!own) return NOT_FOUND;
    return (await repos.recurringDeposits.cancel(userId, id, now.toISOString())) ? DONE : NOT_FOUND;
  });
}

/** §2 /account/profile: the payer's names and phone. */
export async function updateProfile(
  store: Store,
  userId: string,
  profile: { first_name: string; last_name: string; phone: string },
): Promise<void> {
  await store.repos.accountProfile.update(userId, profile);
}

/** §7 account notification status: how the payer wants to be told. */
export async function setNotificationChoice(
  store: Store,
  userId: string,
  choice: { sms: boolean; email: boolean },
  now: Date,
): Promise<void> {
  await store.repos.accountProfile.setNotifications(userId, choice, now.toISOString());
}
