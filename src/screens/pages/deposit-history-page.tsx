// /account/deposit_history (§2): renders the depositHistory machine's states only. Each row says where
// the deposit is; one not yet sent to the facility can be cancelled, after a confirmation
// (docs/decisions/0049).
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DepositHistoryItem } from '../../../contract/accounts.ts';
import type { Locale } from '../../../contract/entities.ts';
import { type depositHistoryMachine, repeatBlock } from '../../../machines/deposit-history.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { CancelDepositDialog, type DepositSummary, summaryWords } from '../../components/cancel-deposit-dialog.tsx';
import { DepositStatusLine } from '../../components/deposit-status.tsx';
import { FocusNotice } from '../../components/focus-notice.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { formatDate, formatMoney } from '../../../contract/format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type HistoryRef = ActorRefFrom<typeof depositHistoryMachine>;

/** A row's deposit as the cancel dialog and messages name it. */
function summaryOf(d: DepositHistoryItem): DepositSummary {
  return { amount: d.amount, recipient: d.recipient, order: d.order_number };
}

export function DepositHistoryPage({ page }: PageScreenProps) {
  const history = page as HistoryRef;
  const context = useSelector(history, (s) => s.context);
  const turning = useSelector(history, (s) => s.hasTag('turning'));
  // From the click until the app shows the checkout step.
  const repeating = useSelector(history, (s) => s.hasTag('repeating'));
  const dialog = useSelector(history, (s) => s.hasTag('dialog'));
  const busy = useSelector(history, (s) => s.hasTag('busy'));
  const canConfirm = useSelector(history, (s) => s.can({ type: 'history.cancelConfirm' }));
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'es' ? 'es' : 'en') as Locale;
  const frame = usePageFrame(history, 'depositHistory');
  if (frame) return frame;
  const { deposits, page: current, pages, chosen, failure, cancelling, cancelFailure, cancelled } = context;
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.DEPOSIT_HISTORY')}</StepHeading>
      <AccountNav current="deposit_history" />
      {/* A page turn, a repeat or a cancel that did not go through: said, and focused (the button may be gone). */}
      {failure ? <FocusNotice text={t(failure)} error /> : null}
      {cancelled ? (
        <FocusNotice text={t('DEPOSIT_STATUS.CANCEL_DONE', summaryWords(summaryOf(cancelled), lang))} />
      ) : null}
      {deposits.length === 0 ? (
        <p>{t('HISTORY.NONE')}</p>
      ) : (
        <ul className="item-list" aria-label={t('PAGES.DEPOSIT_HISTORY')} aria-busy={turning || undefined}>
          {deposits.map((d) => (
            <HistoryRow
              key={d.id}
              deposit={d}
              lang={lang}
              busy={repeating}
              repeatingThis={repeating && chosen?.id === d.id}
              onRepeat={() => history.send({ type: 'history.repeat', id: d.id })}
              onCancel={() => history.send({ type: 'history.cancel', id: d.id })}
            />
          ))}
        </ul>
      )}
      {dialog && cancelling ? (
        <CancelDepositDialog
          deposit={summaryOf(cancelling)}
          lang={lang}
          busy={busy}
          failure={cancelFailure}
          canConfirm={canConfirm}
          onConfirm={() => history.send({ type: 'history.cancelConfirm' })}
          onKeep={() => history.send({ type: 'history.cancelKeep' })}
        />
      ) : null}
      {/* §2: Previous on the first page goes to the last, Next on the last to the first. */}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('HISTORY.PAGES')}>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => history.send({ type: 'history.previous' })}
          >
            {t('COMMON.PREVIOUS')}
          </button>
          <span aria-live="polite">{t('COMMON.PAGE_OF', { page: current, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => history.send({ type: 'history.next' })}
          >
            {t('COMMON.NEXT')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function HistoryRow({
  deposit: d,
  lang,
  busy,
  repeatingThis,
  onRepeat,
  onCancel,
}: {
  deposit: DepositHistoryItem;
  lang: Locale;
  busy: boolean;
  repeatingThis: boolean;
  onRepeat: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const amount = formatMoney(d.amount, lang);
  const block = repeatBlock(d);
  return (
    <li>
      <div className="item__main">
        <p className="item__title">{t('HISTORY.ITEM', { amount, recipient: d.recipient })}</p>
        <dl className="facts">
          <dt>{t('HISTORY.DATE')}</dt>
          <dd>{formatDate(d.deposit_time)}</dd>
          <dt>{t('HISTORY.TYPE')}</dt>
          <dd>{t(`HISTORY.TYPE_${d.deposit_type.toUpperCase()}`)}</dd>
          <dt>{t('HISTORY.RECIPIENT')}</dt>
          <dd>{d.recipient}</dd>
          <dt>{t('HISTORY.FACILITY')}</dt>
          <dd>{d.facility_label}</dd>
          <dt>{t('HISTORY.AMOUNT')}</dt>
          <dd>{amount}</dd>
          <dt>{t('HISTORY.ORDER_NUMBER')}</dt>
          <dd>{d.order_number}</dd>
          <dt>{t('DEPOSIT_STATUS.HEADING')}</dt>
          <dd>
            <DepositStatusLine info={d.status} lang={lang} />
          </dd>
        </dl>
        {block ? (
          <p className="item__meta" id={reasonId}>
            {t(`HISTORY.BLOCKED_${block}`, { recipient: d.deposit_inmate_name })}
          </p>
        ) : null}
      </div>
      <div className="item__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={block !== null || busy}
          aria-busy={repeatingThis || undefined}
          aria-describedby={block ? reasonId : undefined}
          aria-label={
            repeatingThis
              ? undefined
              : t('HISTORY.REPEAT_ITEM', { amount, recipient: d.recipient, order: d.order_number })
          }
          onClick={onRepeat}
        >
          {repeatingThis ? t('WIZARD.PLEASE_WAIT') : t('HISTORY.REPEAT')}
        </button>
        {/* The server's word (cancellable); the button stays while its dialog is open, so that closing
            the dialog gives it its focus back. */}
        {d.status.cancellable ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-label={t('DEPOSIT_STATUS.CANCEL_ITEM', summaryWords(summaryOf(d), lang))}
            onClick={onCancel}
          >
            {t('DEPOSIT_STATUS.CANCEL')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
