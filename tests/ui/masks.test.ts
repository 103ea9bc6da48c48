// §5 masks as typed: phone '(###) ###-####' (US and Canada), card '**** **** **** ####'.
import { describe, expect, it } from 'vitest';
import { formatPhoneAsTyped as maskPhone } from '../../contract/phone.ts';
import { formatCardAsTyped as maskCard } from '../../contract/cards.ts';

describe('masks (§5)', () => {
  it('phone: US and Canadian numbers as they are typed; other countries as typed', () => {
    expect(['5', '512', '5125', '512555', '5125550', '5125550100'].map((v) => maskPhone(v, 'US'))).toEqual([
      '5',
      '512',
      '(512) 5',
      '(512) 555',
      '(512) 555-0',
      '(512) 555-0100',
    ]);
    expect(maskPhone('(512) 555-01001234', 'US')).toBe('(512) 555-0100');
    expect(maskPhone('011 416 555 0100', 'CA')).toBe('(416) 555-0100');
    expect(maskPhone('+44 20 7946 0958', 'GB')).toBe('+44 20 7946 0958');
  });

  it('card: the brand’s groups (Amex 4-6-5), digits or a saved card’s asterisks, the brand’s length at most', () => {
    expect(maskCard('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(maskCard('4111 1111-1111 1111 999')).toBe('4111 1111 1111 1111');
    expect(maskCard('378282246310005')).toBe('3782 822463 10005');
    expect(maskCard('3782822463100051234')).toBe('3782 822463 10005');
    expect(maskCard('************1111')).toBe('**** **** **** 1111');
    expect(maskCard('41')).toBe('41');
    expect(maskCard('')).toBe('');
  });
});
