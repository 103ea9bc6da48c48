// The name of each deposit type (§1: flex, dest, trust, bail), as the type step's panels title them,
// and the label variants of §9 (decisions/0016): _UW in unified-wallet mode (dest is AdvancePay, flex
// the PIN-debit account, trust the wallet's trust purse), _REG for dest at an FCC-regulated facility,
// _RP for dest where prepaid goes to trust, _CN for dest at a Canadian facility. The same key names
// the type on the type step, the checkout and the receipt.
import type { TFunction } from 'i18next';
import type { DepositType, Facility, FormFields } from '../contract/entities.ts';

/** i18n keys; {{label}} is the facility's inmate label ('Inmate', 'Resident', 'Detainee'). */
export const TYPE_TITLE_KEYS: Record<DepositType, string> = {
  flex: 'TYPE.FLEX_TITLE',
  dest: 'TYPE.DEST_TITLE',
  trust: 'TYPE.TRUST_TITLE',
  bail: 'TYPE.BAIL_TITLE',
};

export interface TypeLabelContext {
  facility: Pick<Facility, 'fcc_regulated' | 'is_canada' | 'rules'> | null | undefined;
  fields: Pick<FormFields, 'unified_wallet_enabled' | 'uw_pinDebit' | 'uw_advpay' | 'uw_trust'>;
}

/** §9: the wallet code of each type's purse; a type whose purse is not in the wallet keeps its name. */
function inWallet(type: DepositType, fields: TypeLabelContext['fields']): boolean {
  if (!fields.unified_wallet_enabled) return false;
  if (type === 'flex') return fields.uw_pinDebit !== '';
  if (type === 'dest') return fields.uw_advpay !== '';
  if (type === 'trust') return fields.uw_trust !== '';
  return false;
}

/** The i18n key that names `type` here (§9 label suffixes). */
export function typeTitleKey(type: DepositType, c: TypeLabelContext): string {
  const base = TYPE_TITLE_KEYS[type];
  if (inWallet(type, c.fields)) return `${base}_UW`;
  if (type === 'dest') {
    // §3 purse_reg: a phone deposit at an FCC-regulated facility goes to the regulated purse.
    if (c.facility?.fcc_regulated) return `${base}_REG`;
    if (c.facility?.rules?.prepaid_to_trust) return `${base}_RP`;
    if (c.facility?.is_canada) return `${base}_CN`;
  }
  return base;
}

/**
 * §1 inmate_label: the facility's word for the person it holds ('Inmate', 'Resident', 'Detainee'), in
 * the payer's language when the site knows the word (INMATE_LABEL.*); another word as the facility
 * wrote it; none at all, the default.
 */
export function inmateLabelText(t: TFunction, label: string | null | undefined): string {
  const word = label?.trim();
  if (!word) return t('TYPE.DEFAULT_INMATE_LABEL');
  return t(`INMATE_LABEL.${word.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`, { defaultValue: word });
}
