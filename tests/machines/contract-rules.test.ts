// Rules of contract/ that the client and the server share (§5): no yup message reaches a payer in
// English; one phone rule for every phone field; brand-aware card numbers and security codes.
import { readFileSync } from 'node:fs';
import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { type CardBrand, cardBrand, cardNumberError, cvcError, cvcLengths } from '../../contract/cards.ts';
import { destPhone } from '../../contract/dest-deposits.ts';
import { formatPhone, formatPhoneAsTyped, isStoredPhone, phoneError } from '../../contract/phone.ts';
import { MSG, checkoutFormSchema, collectErrors, isMessageKey, newCardSchema } from '../../contract/schemas.ts';
import { savedCardBrand } from '../../machines/checkout-rules.ts';
import { PHONE_METADATA_FILE, phoneMetadataText } from '../../scripts/phone-metadata.ts';

describe("yup's own messages", () => {
  it('are i18n keys: wrong type, null, a rule without a message', () => {
    const schema = yup.object({
      n: yup.number(),
      s: yup.string(),
      m: yup.mixed(),
      b: yup.boolean(),
      d: yup.date(),
      a: yup.array().of(yup.string()).min(2),
      o: yup.object({ x: yup.string().required() }),
      e: yup.string().email(),
      r: yup.string().matches(/^x$/),
      t: yup.string().test(
        't',
        () => 'plain English',
        () => false,
      ),
    });
    const errors = collectErrors(schema, {
      n: 'abc',
      s: null,
      m: null,
      b: 'yes',
      d: 'never',
      a: ['one'],
      o: {},
      e: 'nope',
      r: 'y',
      t: 'z',
    });
    expect(Object.keys(errors).sort()).toEqual(['a', 'b', 'd', 'e', 'm', 'n', 'o.x', 'r', 's', 't']);
    for (const [field, message] of Object.entries(errors)) expect(isMessageKey(message), field).toBe(true);
    expect(errors).toMatchObject({ n: MSG.invalid, s: MSG.required, 'o.x': MSG.required, t: MSG.invalid });
  });

  it('tells a key from text', () => {
    expect(isMessageKey('VALIDATION.REQUIRED')).toBe(true);
    expect(isMessageKey('ERROR.GENERIC_TRANSER_ERROR')).toBe(true);
    expect(isMessageKey('amount cannot be null')).toBe(false);
    expect(isMessageKey('REQUIRED')).toBe(false);
  });
});

describe('§5 the phone rule (contract/phone.ts), one for every phone field', () => {
  it('takes a valid number of the selected country, masks allowed', () => {
    for (const typed of ['5125550100', '(512) 555-0100', '512.555.0100', '1 512 555 0100', '+1 512 555 0100'])
      expect(phoneError(typed, 'US'), typed).toBeNull();
    expect(phoneError('(416) 555-0106', 'CA')).toBeNull();
  });

  it('refuses a number of another country, an impossible one, or text', () => {
    expect(phoneError('(416) 555-0106', 'US')).toBe(MSG.phoneCountry);
    expect(phoneError('(512) 555-0100', 'CA')).toBe(MSG.phoneCountry);
    expect(phoneError('(555) 123-4567', 'US')).toBe(MSG.phoneCountry);
    expect(phoneError('(512) 555-010', 'US')).toBe(MSG.phoneCountry);
    expect(phoneError('512-555-01ab', 'US')).toBe(MSG.phoneCountry);
    expect(phoneError('5125550100', 'XX')).toBe(MSG.phoneCountry);
    expect(phoneError('', 'US')).toBe(MSG.required);
    expect(phoneError('555-01', 'US')).toBe(MSG.keepTyping);
    expect(phoneError('5'.repeat(26), 'US')).toBe(MSG.tooMany);
  });

  it('with no country, takes a valid number of any country written with its code', () => {
    expect(phoneError('+52 55 1234 5678')).toBeNull();
    expect(phoneError('+1 416 555 0106')).toBeNull();
    expect(phoneError('+52 55 1234')).toBe(MSG.phoneCountry);
  });

  it('formats a number as it is typed, and once complete, for its country', () => {
    expect(formatPhoneAsTyped('512555', 'US')).toBe('(512) 555');
    expect(formatPhoneAsTyped('5125550100', 'US')).toBe('(512) 555-0100');
    expect(formatPhoneAsTyped('4165550106', 'CA')).toBe('(416) 555-0106');
    expect(formatPhoneAsTyped('abc', 'US')).toBe('abc');
    expect(formatPhone('5125550101')).toBe('(512) 555-0101');
    expect(formatPhone('4165550106', 'CA')).toBe('(416) 555-0106');
    expect(formatPhone('0114165550106', 'CA')).toBe('0114165550106');
    expect(formatPhone('4165550106')).toBe('(416) 555-0106');
    expect(formatPhone('+52 55 1234 5678')).toBe('+52 55 1234 5678');
    expect(formatPhone('SNAP-1')).toBe('SNAP-1');
  });

  it('reads a slice of the metadata that is up to date with the library (npm run phone-metadata)', () => {
    expect(JSON.parse(readFileSync(PHONE_METADATA_FILE, 'utf8'))).toEqual(JSON.parse(phoneMetadataText()));
  });

  it('keeps a phone account in its stored form: 10 digits, or 011 and the rest', () => {
    expect(isStoredPhone('5125550101')).toBe(true);
    expect(isStoredPhone('0114165550106')).toBe(true);
    expect(isStoredPhone('51255501')).toBe(false);
    expect(isStoredPhone('0115')).toBe(false);
  });

  it('stores a destination number of its country (§9 the 011 prefix), idempotently', () => {
    expect(destPhone('1 (512) 555-0100', 'US')).toMatchObject({ ok: true, phone: '5125550100' });
    expect(destPhone('(416) 555-0106', 'CA')).toMatchObject({ ok: true, phone: '0114165550106' });
    expect(destPhone('0114165550106', 'CA')).toMatchObject({ ok: true, phone: '0114165550106' });
    expect(destPhone('+52 55 1234 5678', 'MX')).toMatchObject({ ok: true, phone: '011525512345678' });
    expect(destPhone('011525512345678', 'MX')).toMatchObject({ ok: true, phone: '011525512345678' });
    expect(destPhone('(512) 555-0100', 'CA')).toEqual({ ok: false, error: MSG.phoneCountry });
  });
});

describe('§5 card number and security code (contract/cards.ts), brand-aware', () => {
  it('finds the brand as the number is typed', () => {
    // One digit may still be several brands; two tell a Visa.
    expect(cardBrand('4')).toBeNull();
    expect(cardBrand('41')).toBe('visa');
    expect(cardBrand('5555 5555')).toBe('mastercard');
    expect(cardBrand('2223')).toBe('mastercard');
    expect(cardBrand('37')).toBe('amex');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('9000')).toBeNull();
    expect(cardBrand('abc')).toBeNull();
  });

  it("takes each brand's own length, with the checksum", () => {
    expect(cardNumberError('4111 1111 1111 1111')).toBeNull();
    expect(cardNumberError('378282246310005')).toBeNull();
    // 15 digits are an Amex's length, not a Visa's; 16 not an Amex's.
    expect(cardNumberError('411111111111111')).toBe(MSG.cardNumber);
    expect(cardNumberError('3782822463100050')).toBe(MSG.cardNumber);
    expect(cardNumberError('4111111111111112')).toBe(MSG.cardNumber);
    expect(cardNumberError('9000000000000001')).toBe(MSG.cardNumber);
    expect(cardNumberError('4111 1111 1111 1111 1')).toBe(MSG.tooMany);
    expect(cardNumberError('')).toBe(MSG.required);
  });

  it("takes the security code of the card's brand: Amex 4 digits, the others 3", () => {
    expect(cvcLengths('amex')).toEqual([4]);
    expect(cvcLengths('visa')).toEqual([3]);
    expect(cvcLengths(null)).toEqual([3, 4]);
    expect(cvcError('1234', 'amex')).toBeNull();
    expect(cvcError('123', 'amex')).toBe(MSG.cvc);
    expect(cvcError('123', 'mastercard')).toBeNull();
    expect(cvcError('1234', 'visa')).toBe(MSG.cvc);
    expect(cvcError('12a', 'visa')).toBe(MSG.cvc);
    expect(cvcError('', 'visa')).toBe(MSG.required);
    const card = (credit_card: string, credit_card_cvc: string) =>
      collectErrors(newCardSchema, { credit_card, credit_card_cvc, credit_card_month: '12', credit_card_year: '2099' });
    expect(card('378282246310005', '1234')).toEqual({});
    expect(card('378282246310005', '123')).toEqual({ credit_card_cvc: MSG.cvc });
    expect(card('4111111111111111', '1234')).toEqual({ credit_card_cvc: MSG.cvc });
  });

  it("a saved card's security code in the checkout form has its recorded brand's length", () => {
    const saved = (savedCardBrand: CardBrand | null, saved_card_cvc: string) =>
      collectErrors(checkoutFormSchema({ pam: false, savedCard: true, savedCardBrand, guest: false }), {
        saved_card_cvc,
        terms_1: true,
        terms_2: true,
        terms_3: true,
        terms_4: true,
      });
    expect(saved('amex', '1234')).toEqual({});
    expect(saved('amex', '123')).toEqual({ saved_card_cvc: MSG.cvc });
    expect(saved('visa', '123')).toEqual({});
    expect(saved('visa', '1234')).toEqual({ saved_card_cvc: MSG.cvc });
    expect(saved(null, '1234')).toEqual({});
    expect(saved('visa', '')).toEqual({ saved_card_cvc: MSG.required });
    expect(savedCardBrand({ card_type: 'amex' })).toBe('amex');
    expect(savedCardBrand({ card_type: 'jcb' })).toBeNull();
  });
});
