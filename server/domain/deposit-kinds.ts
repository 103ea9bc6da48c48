// Shared by every way a deposit is made (the card checkout, the pam return, the recurring runner): the
// checkout answer's shape, order numbers, and what a recurring deposit is called.
import { randomInt } from 'node:crypto';
import type { CheckoutResponse } from '../../contract/api.ts';
import type { RecurringDepositType } from '../../contract/accounts.ts';
import type { FormFields } from '../../contract/entities.ts';
import type { Repos } from '../repo/repos.ts';

/** The session id of a deposit the recurring runner made: this prefix and the recurring deposit's id. */
export const RECURRING_SESSION_PREFIX = 'recurring:';

/** §3 recurring deposit_type per deposit type; bail is paid once. */
export const RECURRING_DEPOSIT_TYPE: Partial<Record<string, RecurringDepositType>> = {
  flex: 'INMATEACCOUNT',
  trust: 'TRUST',
  dest: 'FRIENDSNFAMILY',
};

/** §3 checkout response, with nothing set but the form state and what `part` says. */
export function response(fields: FormFields, part: Partial<CheckoutResponse>): CheckoutResponse {
  return {
    success: false,
    warning: null,
    error: null,
    errors: {},
    duplicate: null,
    cached_deposit_info: null,
    form_state: fields,
    ...part,
  };
}

export async function newOrderNumber(repos: Repos): Promise<string> {
  for (;;) {
    const n = `D${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (!(await repos.deposits.orderNumberExists(n))) return n;
  }
}
