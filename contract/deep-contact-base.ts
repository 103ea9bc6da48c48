// What contract/deep-contact.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/deep-contact.ts re-exports them.
import type { DepositType, FormFields } from './entities.ts';

export const DEEP_CONTACT_PATHS = {
  deepContact: '/pay/deep_contact',
} as const;

/** The hash path of the link (machines/pages.ts route `deep_contact`). */
export const DEEP_CONTACT_ROUTE = '/deep_contact/:facilityId/:inmateId';

/** §4: deep contact goes to the person; dest goes to a phone account and follows the normal rules. */
export function isDeepContactDeposit(
  fields: Pick<FormFields, 'deep_contact' | 'deposit_inmate_id'>,
  type: DepositType | '',
): boolean {
  return (
    fields.deep_contact && fields.deposit_inmate_id !== '' && (type === 'flex' || type === 'trust' || type === 'bail')
  );
}

/** §4: a deposit to a deep-contact person needs a signed-in payer unless deep_zuid is set. */
export function deepContactNeedsSignIn(fields: DeepFields, type: DepositType | ''): boolean {
  return isDeepContactDeposit(fields, type) && !fields.logged_in && fields.deep_zuid === '';
}

type DeepFields = Pick<FormFields, 'deep_contact' | 'deep_zuid' | 'logged_in' | 'deposit_inmate_id'>;
