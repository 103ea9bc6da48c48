// §9 deposit type labels (decisions/0016): the key that names a type on the type step, the checkout
// and the receipt, by unified wallet, FCC regulation, the prepaid-to-trust rule and country; every key
// exists in both languages.
import { describe, expect, it } from 'vitest';
import type { DepositType } from '../../contract/entities.ts';
import { EMPTY_UNIFIED_WALLET_FIELDS } from '../../contract/unified-wallet.ts';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { i18n } from '../../src/i18n.ts';
import { inmateLabelText, typeTitleKey, type TypeLabelContext } from '../../src/deposit-types.ts';
import facilities from '../../fixtures/facilities.json' with { type: 'json' };

const PLAIN = { fcc_regulated: false, is_canada: false };
const NO_WALLET = EMPTY_UNIFIED_WALLET_FIELDS;
const WALLET = { unified_wallet_enabled: true, uw_pinDebit: 'pin-debit', uw_advpay: 'ames', uw_trust: 'purse-reg' };
const TYPES: readonly DepositType[] = ['flex', 'dest', 'trust', 'bail'];

const keys = (c: TypeLabelContext) => TYPES.map((type) => typeTitleKey(type, c));

describe('typeTitleKey (§9 label suffixes)', () => {
  it('plain names without a wallet at an ordinary US facility', () => {
    expect(keys({ facility: PLAIN, fields: NO_WALLET })).toEqual([
      'TYPE.FLEX_TITLE',
      'TYPE.DEST_TITLE',
      'TYPE.TRUST_TITLE',
      'TYPE.BAIL_TITLE',
    ]);
  });

  it('_UW for each purse in the wallet; a purse outside it keeps its name; bail never', () => {
    expect(keys({ facility: PLAIN, fields: WALLET })).toEqual([
      'TYPE.FLEX_TITLE_UW',
      'TYPE.DEST_TITLE_UW',
      'TYPE.TRUST_TITLE_UW',
      'TYPE.BAIL_TITLE',
    ]);
    expect(typeTitleKey('trust', { facility: PLAIN, fields: { ...WALLET, uw_trust: '' } })).toBe('TYPE.TRUST_TITLE');
  });

  it('dest: _REG at an FCC-regulated facility, _RP where prepaid goes to trust, _CN in Canada; _UW first', () => {
    const rules = { trust_redirect_url: null, trust_third_party: false, prepaid_to_trust: true };
    expect(typeTitleKey('dest', { facility: { ...PLAIN, fcc_regulated: true }, fields: NO_WALLET })).toBe(
      'TYPE.DEST_TITLE_REG',
    );
    expect(typeTitleKey('dest', { facility: { ...PLAIN, rules }, fields: NO_WALLET })).toBe('TYPE.DEST_TITLE_RP');
    expect(typeTitleKey('dest', { facility: { ...PLAIN, is_canada: true }, fields: NO_WALLET })).toBe(
      'TYPE.DEST_TITLE_CN',
    );
    expect(typeTitleKey('flex', { facility: { ...PLAIN, is_canada: true }, fields: NO_WALLET })).toBe(
      'TYPE.FLEX_TITLE',
    );
    expect(typeTitleKey('dest', { facility: { ...PLAIN, fcc_regulated: true }, fields: WALLET })).toBe(
      'TYPE.DEST_TITLE_UW',
    );
  });

  it('every label key exists in English and Spanish', () => {
    const suffixes = ['', '_UW', '_REG', '_RP', '_CN'];
    const type = (lang: typeof en) => lang.TYPE as Record<string, string>;
    for (const key of ['FLEX_TITLE_UW', 'DEST_TITLE_UW', 'TRUST_TITLE_UW', ...suffixes.map((s) => `DEST_TITLE${s}`)]) {
      expect(type(en)[key], key).toBeTruthy();
      expect(type(es)[key], key).toBeTruthy();
    }
  });
});

describe('inmateLabelText (§1 inmate_label)', () => {
  it("says every facility's word in Spanish, keeps a word it does not know, and defaults", async () => {
    const es = i18n.cloneInstance({ lng: 'es' });
    await es.changeLanguage('es');
    const words = [...new Set((facilities as { inmate_label: string }[]).map((f) => f.inmate_label))];
    for (const word of words) expect(inmateLabelText(es.t, word), word).not.toBe(word);
    expect(inmateLabelText(es.t, 'Inmate')).toBe('Interno');
    expect(inmateLabelText(es.t, 'Youth')).toBe('Youth');
    expect(inmateLabelText(es.t, '')).toBe(es.t('TYPE.DEFAULT_INMATE_LABEL'));
    expect(inmateLabelText(i18n.getFixedT('en'), 'Resident')).toBe('Resident');
  });
});
