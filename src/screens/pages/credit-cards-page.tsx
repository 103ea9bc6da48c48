// /account/credit_cards (§2): renders the creditCards machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { SavedCard } from '../../../contract/accounts.ts';
import type { creditCardsMachine } from '../../../machines/credit-cards.machine.ts';
import { brandName, lastFour } from '../../format.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { Modal } from '../../components/modal.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type CardsRef = ActorRefFrom<typeof creditCardsMachine>;

export function CreditCardsPage({ page }: PageScreenProps) {
  const cards = page as CardsRef;
  const context = useSelector(cards, (s) => s.context);
  const busy = useSelector(cards, (s) => s.hasTag('busy'));
  const { t } = useTranslation();
  const frame = usePageFrame(cards, 'creditCards');
  if (frame) return frame;
  const { cards: list, chosen, removed, failure } = context;
  const name = (card: SavedCard) =>
    t('RECEIPT.CARD_ENDING', { brand: brandName(card.card_type), last4: lastFour(card.card_display) });
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.CREDIT_CARDS')}</StepHeading>
      <AccountNav current="credit_cards" />
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <div role="status">
        {removed ? <p className="notice">{t('CARDS.REMOVED', { card: name(removed) })}</p> : null}
      </div>
      {list.length === 0 ? (
        <p>{t('CARDS.NONE')}</p>
      ) : (
        <ul className="item-list" aria-label={t('PAGES.CREDIT_CARDS')}>
          {list.map((card) => (
            <li key={card.id}>
              <div className="item__main">
                <p className="item__title">{name(card)}</p>
                <p className="item__meta">
                  {card.name} · {t(card.expired ? 'CARDS.EXPIRED' : 'CARDS.EXPIRES', { date: card.card_expiration })}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('CARDS.REMOVE_CARD', { card: name(card) })}
                onClick={() => cards.send({ type: 'cards.remove', id: card.id })}
              >
                {t('CARDS.REMOVE')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen ? (
        <Modal
          role="alertdialog"
          title={t('CARDS.CONFIRM_TITLE')}
          onClose={busy ? undefined : () => cards.send({ type: 'cards.cancel' })}
        >
          <p>{t('CARDS.CONFIRM_TEXT', { card: name(chosen) })}</p>
          <div className="wizard-nav">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => cards.send({ type: 'cards.cancel' })}
            >
              {t('COMMON.CANCEL')}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => cards.send({ type: 'cards.confirm' })}
            >
              {busy ? t('WIZARD.PLEASE_WAIT') : t('CARDS.REMOVE')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
