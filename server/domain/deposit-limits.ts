// The daily maximum of §8 DEPOSIT_EXCEEDS_LIMIT and the allowed range of /pay/get_allowed_min_max.
// Rule (docs/test-cards.md): one payer (a signed-in payer's account email, a guest's contact email)
// may send at most DAILY_MAX_PER_RECIPIENT dollars to one recipient within any 24 hours.
import type { Facility } from '../../contract/entities.ts';
import { effectiveLimits, limitsUnusable } from '../../contract/schemas.ts';
import type { Config } from '../config.ts';
import { toCents, toDollars } from '../money.ts';
import type { RecipientKey } from '../repo/deposits.ts';
import type { Repos } from '../repo/repos.ts';
import type { SessionRow } from '../repo/sessions.ts';
import { minutesBefore } from './dates.ts';

/** The daily maximum counts deposits of the last 24 hours. */
export const DAILY_WINDOW_MINUTES = 24 * 60;

/** Who the daily maximum counts for: the account's email when signed in, else the form's contact email. */
export async function payerEmailOf(repos: Repos, session: SessionRow, formEmail: string): Promise<string> {
  const user = session.user_id ? await repos.users.findById(session.user_id) : undefined;
  return (user ? user.email : formEmail).trim().toLowerCase();
}

/** Cents this payer may still send to this inmate today. */
export async function dailyRemainingCents(
  repos: Repos,
  config: Config,
  payerEmail: string,
  inmateId: string,
  now: Date,
): Promise<number> {
  return await dailyRemainingToCents(repos, config, payerEmail, { inmateId }, now);
}

/** Cents this payer may still send to this recipient (an inmate, or a phone number for dest) today. */
export async function dailyRemainingToCents(
  repos: Repos,
  config: Config,
  payerEmail: string,
  recipient: RecipientKey,
  now: Date,
): Promise<number> {
  const max = toCents(config.dailyMaxPerRecipient);
  if (payerEmail === '') return max;
  const since = minutesBefore(now, DAILY_WINDOW_MINUTES);
  const sent =
    'inmateId' in recipient
      ? await repos.deposits.sumForPayerAndInmate(payerEmail, recipient.inmateId, since)
      : await repos.deposits.sumForPayerAndPhone(payerEmail, recipient.phone, since);
  return Math.max(0, max - sent);
}

/**
 * §5/§7 get_allowed_min_max: the facility's effective range, its maximum lowered to what the payer
 * may still send today. Nothing left gives a maximum of 0, which §4 calls unusable limits (maxed out).
 */
export function allowedMinMax(facility: Facility, remainingCents: number): { minAmount: number; maxAmount: number } {
  // §4: a facility whose own limits are unusable answers them as they are: the client reads them as
  // maxed out (effectiveLimits would quietly widen them to the site's bounds).
  if (limitsUnusable(facility.deposit_limits)) {
    return { minAmount: facility.deposit_limits.min, maxAmount: facility.deposit_limits.max };
  }
  const { min, max } = effectiveLimits(facility);
  const maxCents = Math.min(toCents(max), remainingCents);
  return { minAmount: min, maxAmount: maxCents < toCents(min) ? 0 : toDollars(maxCents) };
}
