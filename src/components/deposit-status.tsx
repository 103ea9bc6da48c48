// Where a deposit is (docs/decisions/0048, 0049): its status and the time of each step, in words. A
// deposit is held on the card (submitted), then posted (the money is taken) or refused (the hold is
// released: nothing is taken), or cancelled by the payer before it was sent (nothing is taken). A
// deposit whose money was taken at payment (pam) is refunded after a refusal. The receipt's panel
// follows the depositStatus machine and offers the cancel; the deposit history shows each row's status
// as the server answered it.
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DepositStatusInfo } from '../../contract/deposit-status-base.ts';
import type { Locale } from '../../contract/entities.ts';
import { CANCEL_DONE, type depositStatusMachine } from '../../machines/deposit-status.machine.ts';
import { formatDate, formatTime } from '../../contract/format.ts';
import { screenOf } from '../screen-table.ts';
import { CancelDepositDialog, type DepositSummary, summaryWords } from './cancel-deposit-dialog.tsx';
import { DEPOSIT_STATUS_SCREENS } from './deposit-status-screens.ts';
import { FocusNotice } from './focus-notice.tsx';

export type DepositStatusRef = ActorRefFrom<typeof depositStatusMachine>;

const LABEL_KEY = {
  submitted: 'DEPOSIT_STATUS.SUBMITTED',
  posted: 'DEPOSIT_STATUS.POSTED',
  refused: 'DEPOSIT_STATUS.REFUSED',
  refunded: 'DEPOSIT_STATUS.REFUNDED',
  cancelled: 'DEPOSIT_STATUS.CANCELLED',
} as const;

/**
 * What the status means for the payer's money, which decides the words: held (submitted, not taken),
 * paid (submitted, taken at payment: pam), posted, released (refused, nothing taken), toRefund (refused,
 * taken: a refund follows), refunded, cancelled (nothing taken).
 */
export type StatusKind = 'held' | 'paid' | 'posted' | 'released' | 'toRefund' | 'refunded' | 'cancelled';

export function statusKind(info: Pick<DepositStatusInfo, 'status' | 'charged'>): StatusKind {
  switch (info.status) {
    case 'submitted':
      return info.charged ? 'paid' : 'held';
    case 'refused':
      return info.charged ? 'toRefund' : 'released';
    default:
      return info.status;
  }
}

const TEXT_KEY: Record<StatusKind, string> = {
  held: 'DEPOSIT_STATUS.SUBMITTED_TEXT',
  paid: 'DEPOSIT_STATUS.SUBMITTED_PAID_TEXT',
  posted: 'DEPOSIT_STATUS.POSTED_TEXT',
  released: 'DEPOSIT_STATUS.REFUSED_RELEASED_TEXT',
  toRefund: 'DEPOSIT_STATUS.REFUSED_TEXT',
  refunded: 'DEPOSIT_STATUS.REFUNDED_TEXT',
  cancelled: 'DEPOSIT_STATUS.CANCELLED_TEXT',
};

/** MM/dd/yyyy and the time, in the payer's time zone. */
function when(iso: string | null, lang: Locale): string {
  return iso ? `${formatDate(iso)} ${formatTime(iso, lang)}` : '';
}

function reasonKey(info: DepositStatusInfo): string {
  if (info.refusal_reason === 'released') return 'DEPOSIT_STATUS.REASON_RELEASED';
  if (info.refusal_reason === 'not_accepted') return 'DEPOSIT_STATUS.REASON_NOT_ACCEPTED';
  return 'DEPOSIT_STATUS.REASON_UNKNOWN';
}

/** The status's name ('Posted') and its sentence with the times. */
export function depositStatusWords(
  t: TFunction,
  info: DepositStatusInfo,
  lang: Locale,
): { label: string; text: string } {
  const times = {
    submitted: when(info.submitted_at, lang),
    posted: when(info.posted_at, lang),
    refused: when(info.refused_at, lang),
    refunded: when(info.refunded_at, lang),
    cancelled: when(info.cancelled_at, lang),
    expected: when(info.expected_at, lang),
    reason: t(reasonKey(info)),
  };
  return { label: t(LABEL_KEY[info.status]), text: t(TEXT_KEY[statusKind(info)], times) };
}

const HEADLINE: Record<StatusKind, { heading: string; intro: string }> = {
  held: { heading: 'RECEIPT.HEADING_SUBMITTED', intro: 'RECEIPT.INTRO_SUBMITTED' },
  paid: { heading: 'RECEIPT.HEADING_SUBMITTED', intro: 'RECEIPT.INTRO_SUBMITTED_PAID' },
  posted: { heading: 'RECEIPT.HEADING_POSTED', intro: 'RECEIPT.INTRO_POSTED' },
  released: { heading: 'RECEIPT.HEADING_REFUSED', intro: 'RECEIPT.INTRO_REFUSED' },
  toRefund: { heading: 'RECEIPT.HEADING_REFUSED_CHARGED', intro: 'RECEIPT.INTRO_REFUSED_CHARGED' },
  refunded: { heading: 'RECEIPT.HEADING_REFUNDED', intro: 'RECEIPT.INTRO_REFUNDED' },
  cancelled: { heading: 'RECEIPT.HEADING_CANCELLED', intro: 'RECEIPT.INTRO_CANCELLED' },
};

/** Before the first answer (or when it could not be had): nothing said about where the money is. */
const NO_STATUS_HEADLINE = { heading: 'RECEIPT.HEADING', intro: 'RECEIPT.INTRO' };

/** The receipt's headline and first sentence (keys; {{name}} and {{amount}}), agreeing with the status. */
export function receiptHeadline(info: Pick<DepositStatusInfo, 'status' | 'charged'> | null): {
  heading: string;
  intro: string;
} {
  return info ? HEADLINE[statusKind(info)] : NO_STATUS_HEADLINE;
}

/** One deposit's status, as a badge and a sentence. */
export function DepositStatusLine({ info, lang }: { info: DepositStatusInfo; lang: Locale }) {
  const { t } = useTranslation();
  const words = depositStatusWords(t, info, lang);
  return (
    <span className="deposit-status" data-status={info.status} data-testid="deposit-status">
      <strong className={`deposit-status__label deposit-status__label--${info.status}`}>{words.label}</strong>{' '}
      <span>{words.text}</span>
    </span>
  );
}

/**
 * The receipt's status panel: asks again by itself while the deposit moves; the payer may ask at once,
 * and cancel a deposit not yet sent to the facility, after confirming it.
 */
export function DepositStatusPanel({
  actor,
  lang,
  deposit,
}: {
  actor: DepositStatusRef;
  lang: Locale;
  deposit: DepositSummary;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const info = useSelector(actor, (x) => x.context.info);
  const failure = useSelector(actor, (x) => x.context.failure);
  const cancelOutcome = useSelector(actor, (x) => x.context.cancelOutcome);
  const cancelFailure = useSelector(actor, (x) => x.context.cancelFailure);
  const entry = useSelector(actor, (x) => screenOf(DEPOSIT_STATUS_SCREENS, 'depositStatus', x));
  // The button stays while its dialog is open, so that closing the dialog gives it its focus back.
  const offersCancel = useSelector(actor, (x) => x.can({ type: 'status.cancel' }) || x.hasTag('dialog'));
  const canConfirm = useSelector(actor, (x) => x.can({ type: 'status.cancelConfirm' }));
  const loading = entry?.status === 'loading';
  const dialog = entry?.view === 'cancelDialog';
  return (
    <section className="panel deposit-status-panel" aria-labelledby="deposit-status-heading">
      <h2 id="deposit-status-heading">{t('DEPOSIT_STATUS.HEADING')}</h2>
      {/* A polite live region: a new status is read out without taking the payer's focus. */}
      <p role="status" aria-live="polite">
        {info ? <DepositStatusLine info={info} lang={lang} /> : loading ? t('DEPOSIT_STATUS.CHECKING') : null}
      </p>
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      {/* The cancel's answer: the Cancel button is gone, so the message takes the focus. */}
      {cancelOutcome && !dialog ? (
        <FocusNotice text={t(cancelOutcome, summaryWords(deposit, lang))} error={cancelOutcome !== CANCEL_DONE} />
      ) : null}
      <div className="item__actions no-print">
        {entry?.status === 'done' ? null : (
          <button
            type="button"
            className="button button--secondary"
            disabled={loading}
            onClick={() => actor.send({ type: 'status.check' })}
          >
            {loading ? t('DEPOSIT_STATUS.CHECKING') : t('DEPOSIT_STATUS.CHECK')}
          </button>
        )}
        {offersCancel ? (
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={hintId}
            onClick={() => actor.send({ type: 'status.cancel' })}
          >
            {t('DEPOSIT_STATUS.CANCEL')}
          </button>
        ) : null}
      </div>
      {offersCancel ? (
        <p id={hintId} className="item__meta no-print">
          {t('DEPOSIT_STATUS.CANCEL_HINT')}
        </p>
      ) : null}
      {dialog ? (
        <CancelDepositDialog
          deposit={deposit}
          lang={lang}
          busy={entry?.status === 'busy'}
          failure={cancelFailure}
          canConfirm={canConfirm}
          onConfirm={() => actor.send({ type: 'status.cancelConfirm' })}
          onKeep={() => actor.send({ type: 'status.cancelKeep' })}
        />
      ) : null}
    </section>
  );
}
