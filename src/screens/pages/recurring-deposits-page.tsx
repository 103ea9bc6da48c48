// /account/recurring_deposits (§2): renders the recurringDeposits machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { RecurringDeposit } from '../../../contract/accounts.ts';
import type { Locale } from '../../../contract/entities.ts';
import type { recurringDepositsMachine } from '../../../machines/recurring-deposits.machine.ts';
import { AccountList } from '../../components/account-list.tsx';
import { ConfirmRemoveDialog } from '../../components/confirm-remove-dialog.tsx';
import { brandName, lastFour, scheduleText } from '../../format.ts';
import { formatMoney } from '../../../contract/format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type RecurringRef = ActorRefFrom<typeof recurringDepositsMachine>;

export function RecurringDepositsPage({ page }: PageScreenProps) {
  const recurring = page as RecurringRef;
  const context = useSelector(recurring, (s) => s.context);
  const busy = useSelector(recurring, (s) => s.hasTag('busy'));
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'es' ? 'es' : 'en') as Locale;
  const frame = usePageFrame(recurring, 'recurringDeposits');
  if (frame) return frame;
  const { deposits, chosen, cancelled, failure } = context;
  const title = (d: RecurringDeposit) =>
    t('RECURRING.ITEM', { amount: formatMoney(d.amount, lang), recipient: d.display_name });
  const schedule = (d: RecurringDeposit) => scheduleText(t, d.interval_type, d.day_in_interval);
  return (
    <div className="page-content">
      <AccountList
        page="recurring_deposits"
        items={deposits}
        none={t('RECURRING.NONE')}
        failure={failure}
        done={cancelled ? t('RECURRING.CANCELLED', { deposit: title(cancelled) }) : null}
        keyOf={(d) => `${d.isPam ? 'pam' : 'own'}-${d.id}`}
        title={title}
        details={(d) => (
          <p className="item__meta">
            {schedule(d)} · {t(`RECURRING.TYPE_${d.deposit_type}`)} ·{' '}
            {t('RECEIPT.CARD_ENDING', { brand: brandName(d.card_type), last4: lastFour(d.card_display) })}
          </p>
        )}
        remove={{
          label: t('RECURRING.CANCEL'),
          itemLabel: (d) => t('RECURRING.CANCEL_ITEM', { deposit: title(d) }),
          onRemove: (d) => recurring.send({ type: 'recurring.cancel', id: d.id, isPam: d.isPam }),
        }}
      />
      {chosen ? (
        <ConfirmRemoveDialog
          title={t('RECURRING.CONFIRM_TITLE')}
          text={t('RECURRING.CONFIRM_TEXT', { deposit: title(chosen), schedule: schedule(chosen) })}
          keepLabel={t('RECURRING.KEEP')}
          removeLabel={t('RECURRING.CANCEL')}
          busy={busy}
          onKeep={() => recurring.send({ type: 'recurring.keep' })}
          onRemove={() => recurring.send({ type: 'recurring.confirm' })}
        />
      ) : null}
    </div>
  );
}
