// Spanish as a payer reads it: a time that ends a sentence ends with its own 'p.m.' (no 'p.m..'), on
// the receipt's deposit status, in the duplicate-deposit warning and in the texted receipt; the
// facility's name for the person ('Interno') is written in lower case inside a sentence.
import { describe, expect, it } from 'vitest';
import type { DepositStatusInfo } from '../../contract/deposit-status.ts';
import { formatDate, formatTime, inSentence } from '../../contract/format.ts';
import { serverText } from '../../server/texts.ts';
import { depositStatusWords } from '../../src/components/deposit-status.tsx';
import { inmateLabelText } from '../../src/deposit-types.ts';
import { createI18n } from '../../src/i18n.ts';

// 20:45 UTC is in the afternoon or evening in every US zone and in UTC itself.
const AFTERNOON = '2026-11-26T20:45:00.000Z';
const LATER = '2026-11-26T21:15:00.000Z';

const submitted: DepositStatusInfo = {
  deposit_id: 'D10000001',
  status: 'submitted',
  submitted_at: AFTERNOON,
  posted_at: null,
  refused_at: null,
  refunded_at: null,
  cancelled_at: null,
  refusal_reason: null,
  charged: false,
  cancellable: false,
  expected_at: LATER,
  check_again_seconds: 30,
};

describe('Spanish words', () => {
  it("the receipt's deposit status: each time ends with one 'p.m.', also where it ends a sentence", () => {
    const es = createI18n('es');
    expect(formatTime(AFTERNOON, 'es')).toMatch(/p\.\s?m\.$/);
    for (const info of [
      submitted,
      { ...submitted, status: 'posted', posted_at: LATER, expected_at: null },
      { ...submitted, status: 'refused', refused_at: LATER, refusal_reason: 'released' },
    ] satisfies DepositStatusInfo[]) {
      const { text } = depositStatusWords(es.t, info, 'es');
      expect(text, info.status).toMatch(/p\.\s?m\./);
      expect(text, info.status).not.toMatch(/m\.\./);
      expect(text.endsWith('.'), info.status).toBe(true);
    }
    // English has no period in its 'PM': its sentences keep theirs.
    expect(depositStatusWords(createI18n('en').t, submitted, 'en').text).toMatch(/PM\.$/);
  });

  it('the duplicate-deposit warning and the texted receipt end with the time once', () => {
    const time = formatTime(AFTERNOON, 'es');
    const warning = createI18n('es').t('ERROR.DUPLICATE_TRANSACTION_WARNING', {
      amount: '$25.00',
      date: formatDate(AFTERNOON),
      time,
    });
    expect(warning.endsWith(time)).toBe(true);
    const texted = serverText('es', 'RECEIPT_TEXT.STATUS_SUBMITTED', { time: `${formatDate(LATER)} ${time}` });
    expect(texted.endsWith(time)).toBe(true);
  });

  it("the person's label is in lower case inside a Spanish sentence, as written at its start", () => {
    const es = createI18n('es');
    const label = inmateLabelText(es.t, 'inmate');
    expect(label).toBe('Interno');
    expect(es.t('RECIPIENT.HEADING', { label })).toBe('Busque al interno');
    expect(es.t('RECIPIENT.RESULTS', { label })).toBe('Resultados de la búsqueda de interno');
    expect(es.t('TYPE.FLEX_TITLE', { label })).toBe('Depósito a la cuenta de interno');
    expect(es.t('RECIPIENT.HEADING', { label: inmateLabelText(es.t, 'detainee') })).toBe('Busque al detenido');
    // A facility's own label keeps its acronyms.
    expect(inSentence('ICE Detenido', 'es')).toBe('ICE detenido');
    // English is left as it was.
    const en = createI18n('en');
    expect(en.t('RECIPIENT.HEADING', { label: inmateLabelText(en.t, 'inmate') })).toBe('Find the Inmate');
    expect(en.t('TYPE.FLEX_TITLE', { label: 'Inmate' })).toBe('Inmate account deposit');
  });
});
