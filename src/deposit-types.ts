// The name of each deposit type (§1: flex, dest, trust, bail), as the type step's panels title them.
import type { DepositType } from '../contract/entities.ts';

/** i18n keys; {{label}} is the facility's inmate label ('Inmate', 'Resident', 'Detainee'). */
export const TYPE_TITLE_KEYS: Record<DepositType, string> = {
  flex: 'TYPE.FLEX_TITLE',
  dest: 'TYPE.DEST_TITLE',
  trust: 'TYPE.TRUST_TITLE',
  bail: 'TYPE.BAIL_TITLE',
};
