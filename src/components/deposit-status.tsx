// Where a deposit is (docs/decisions/0048): its status and the time of each step, in words. The
// receipt's panel follows the depositStatus machine; the deposit history shows each row's status as
// the server answered it.
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DepositStatusInfo } from '../../contract/deposit-status.ts';
import type { Locale } from '../../contract/entities.ts';
import type { depositStatusMachine } from '../../machines/deposit-status.machine.ts';
import { formatDate, formatTime } from '../../contract/format.ts';
import { screenOf } from '../screen-table.ts';
import { DEPOSIT_STATUS_SCREENS } from './deposit-status-screens.ts';

export type DepositStatusRef = ActorRefFrom<typeof depositStatusMachine>;

const LABEL_KEY = {
  submitted: 'DEPOSIT_STATUS.SUBMITTED',
  posted: 'DEPOSIT_STATUS.POSTED',
  refused: 'DEPOSIT_STATUS.REFUSED',
  refunded: 'DEPOSIT_STATUS.REFUNDED',
  cancelled: 'DEPOSIT_STATUS.CANCELLED',
} as const;

/** MM/dd/yyyy and the time, in the payer's time zone. */
function when(iso: string | null, lang: Locale): string {
  return iso ? `${formatDate(iso)} ${formatTime(iso, lang)}` : '';
}

/** The status's name ('Posted') and its sentence with the times. */
export function depositStatusWords(
  t: TFunction,
  info: DepositStatusInfo,
  lang: Locale,
): { label: string; text: string } {
  const reason = t(
    info.refusal_reason === 'released' ? 'DEPOSIT_STATUS.REASON_RELEASED' : 'DEPOSIT_STATUS.REASON_UNKNOWN',
  );
  const times = {
    submitted: when(info.submitted_at, lang),
    posted: when(info.posted_at, lang),
    refused: when(info.refused_at, lang),
    refunded: when(info.refunded_at, lang),
    expected: when(info.expected_at, lang),
    reason,
  };
  const text =
    info.status === 'posted'
      ? t('DEPOSIT_STATUS.POSTED_TEXT', times)
      : info.status === 'refused'
        ? t('DEPOSIT_STATUS.REFUSED_TEXT', times)
        : info.status === 'refunded'
          ? t('DEPOSIT_STATUS.REFUNDED_TEXT', times)
          : t('DEPOSIT_STATUS.SUBMITTED_TEXT', times);
  return { label: t(LABEL_KEY[info.status]), text };
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

/** The receipt's status panel: asks again by itself while the deposit moves; the payer may ask at once. */
export function DepositStatusPanel({ actor, lang }: { actor: DepositStatusRef; lang: Locale }) {
  const { t } = useTranslation();
  const info = useSelector(actor, (x) => x.context.info);
  const failure = useSelector(actor, (x) => x.context.failure);
  const entry = useSelector(actor, (x) => screenOf(DEPOSIT_STATUS_SCREENS, 'depositStatus', x));
  const loading = entry?.status === 'loading';
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
      {entry?.status === 'done' ? null : (
        <button
          type="button"
          className="button button--secondary no-print"
          disabled={loading}
          onClick={() => actor.send({ type: 'status.check' })}
        >
          {loading ? t('DEPOSIT_STATUS.CHECKING') : t('DEPOSIT_STATUS.CHECK')}
        </button>
      )}
    </section>
  );
}
