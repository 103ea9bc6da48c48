// What contract/unified-wallet.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/unified-wallet.ts re-exports them.
import type { FormFields } from './entities.ts';

/** §5: unified-wallet trust: the checkout checks the depositor, the inmate and the service's limits. */
export function isUnifiedWalletTrust(
  fields: Pick<UnifiedWalletFields, 'unified_wallet_enabled' | 'como_service_id'> & { deposit_type: string },
): boolean {
  return fields.unified_wallet_enabled && fields.deposit_type === 'trust' && fields.como_service_id !== '';
}

/** The unified-wallet fields of the form state (server owned). */
export const UNIFIED_WALLET_FIELD_KEYS = [
  'unified_wallet_enabled',
  'oc_facility_id',
  'uw_pinDebit',
  'uw_advpay',
  'uw_trust',
  'como_facility_id',
  'como_service_id',
] as const satisfies readonly (keyof FormFields)[];

export type UnifiedWalletFields = Pick<FormFields, (typeof UNIFIED_WALLET_FIELD_KEYS)[number]>;
