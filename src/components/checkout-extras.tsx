// The checkout's extras (docs/decisions/0015): the free-voicemail line (§7/§9), the auto-pay note
// (§6) and the CPA link (§9 cpastates, §2 "an optional external link for certain states"). The
// rules are the machine's helpers; these components only show their answers.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoicemailOffer } from '../../contract/checkout-services.ts';
import type { FormFields, Locale } from '../../contract/entities.ts';
import { showsAutoPayNote, voicemailOfferFor } from '../../machines/checkout-extras.machine.ts';
import { formatMoney } from '../../contract/format.ts';
import type { CheckoutExtrasRef } from '../machine-refs.ts';

const NO_OFFERS: readonly VoicemailOffer[] = [];

/** What the chosen amount earns in free voicemails; nothing while none is offered. */
export function VoicemailLine({
  extras,
  fields,
  lang,
}: {
  extras: CheckoutExtrasRef | undefined;
  fields: FormFields;
  lang: Locale;
}) {
  const { t } = useTranslation();
  const offers = useSelector(extras, (s) => s?.context.offers ?? NO_OFFERS);
  const offer = voicemailOfferFor(offers, fields);
  if (!offer) return null;
  return (
    <p className="hint voicemail-offer" data-testid="voicemail-offer">
      {t('CHECKOUT_EXTRAS.VOICEMAILS', { amount: formatMoney(offer.tier, lang), count: offer.voicemails })}
    </p>
  );
}

/** §6: one-time unless recurring; recurring ones are charged until cancelled. */
export function AutoPayNote({ fields, recurringOffered }: { fields: FormFields; recurringOffered: boolean }) {
  const { t } = useTranslation();
  if (!showsAutoPayNote({ fields })) return null;
  return (
    <section className="notice" aria-labelledby="auto-pay-title" data-testid="auto-pay-note">
      <h2 id="auto-pay-title">{t('CHECKOUT_EXTRAS.AUTO_PAY_TITLE')}</h2>
      {/* A payer who is offered no recurring choice (a guest, §4) is not told how to cancel one. */}
      <p>{t(recurringOffered ? 'CHECKOUT_EXTRAS.AUTO_PAY_NOTE' : 'CHECKOUT_EXTRAS.AUTO_PAY_NOTE_ONCE')}</p>
    </section>
  );
}

/**
 * §9 cpastates: the link in the site's language, to another site in a new tab (rel=noopener, so
 * that site cannot reach this page). Tells the machine the language the site shows.
 */
export function CpaLink({ extras, lang }: { extras: CheckoutExtrasRef | undefined; lang: Locale }) {
  const { t } = useTranslation();
  const cpa = useSelector(extras, (s) => (s?.hasTag('cpaShown') ? s.context.cpa : null));
  useEffect(() => {
    extras?.send({ type: 'extras.language', lang });
  }, [extras, lang]);
  if (!cpa) return null;
  return (
    <p className="cpa-link" data-testid="cpa-link">
      <span className="cpa-link__title">{t('CHECKOUT_EXTRAS.CPA_TITLE')}: </span>
      <a href={cpa.url} target="_blank" rel="noopener noreferrer">
        {cpa.label} {t('CHECKOUT_EXTRAS.NEW_TAB')}
      </a>
    </p>
  );
}
