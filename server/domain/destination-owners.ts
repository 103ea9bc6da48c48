// §7 POST /account/destinations/get_destination_owners {ani} (connected_mv_ids; docs/decisions/0059):
// which accounts hold a phone number, as far as the signed-in payer may know it. A payer sees only
// their own: another payer's account for the number, and the registry's row for it, are never shown,
// so a number only others hold is answered as one nobody holds.
import type { Repos } from '../repo/repos.ts';

/** The ids of the payer's phone accounts that hold the number (as GET /account/dest_accounts gives them); empty when none does. */
export async function ownAccountsForNumber(
  repos: Pick<Repos, 'destAccounts'>,
  userId: string,
  phone: string,
): Promise<number[]> {
  const account = await repos.destAccounts.findByPhone(userId, phone);
  return account ? [account.id] : [];
}
