// /account/credit_cards (§2): renders the creditCards machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { SavedCard } from '../../../contract/accounts.ts';
import type { creditCardsMachine } from '../../../machines/credit-cards.machine.ts';
import { brandName, lastFour } from '../../format.ts';
import { AccountList } from '../../components/account-list.tsx';
import { ConfirmRemoveDialog } from '../../components/confirm-remove-dialog.tsx';
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
      <AccountList
        page="credit_cards"
        items={list}
        none={t('CARDS.NONE')}
        failure={failure}
        done={removed ? t('CARDS.REMOVED', { card: name(removed) }) : null}
        keyOf={(card) => card.id}
        title={name}
        details={(card) => (
          <p className="item__meta">
            {card.name} · {t(card.expired ? 'CARDS.EXPIRED' : 'CARDS.EXPIRES', { date: card.card_expiration })}
          </p>
        )}
        remove={{
          label: t('CARDS.REMOVE'),
          itemLabel: (card) => t('CARDS.REMOVE_CARD', { card: name(card) }),
          onRemove: (card) => cards.send({ type: 'cards.remove', id: card.id }),
        }}
      />
      {chosen ? (
        <ConfirmRemoveDialog
          title={t('CARDS.CONFIRM_TITLE')}
          text={t('CARDS.CONFIRM_TEXT', { card: name(chosen) })}
          keepLabel={t('COMMON.CANCEL')}
          removeLabel={t('CARDS.REMOVE')}
          busy={busy}
          onKeep={() => cards.send({ type: 'cards.cancel' })}
          onRemove={() => cards.send({ type: 'cards.confirm' })}
        />
      ) : null}
    </div>
  );
}
