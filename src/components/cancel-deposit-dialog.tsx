// The confirmation of a deposit's cancellation (docs/decisions/0049), on the receipt and in the deposit
// history: an alert dialog (cancelling cannot be undone) that names the deposit, says that the hold on
// the card is released, and waits for the server; a failed call is said inside it, with "Try again".
// Whether it is open, busy or failed is the machine's state; the screens pass it in.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../contract/entities.ts';
import { formatMoney } from '../../contract/format.ts';
import { FocusNotice } from './focus-notice.tsx';
import { Modal } from './modal.tsx';

/** The deposit a cancel is about, as the payer knows it. */
export interface DepositSummary {
  amount: number;
  recipient: string;
  order: string;
}

/** The words' parameters for a deposit (CANCEL_TEXT, CANCEL_DONE, CANCEL_ITEM). */
export function summaryWords(deposit: DepositSummary, lang: Locale) {
  return { amount: formatMoney(deposit.amount, lang), recipient: deposit.recipient, order: deposit.order };
}

export function CancelDepositDialog({
  deposit,
  lang,
  busy,
  failure,
  canConfirm,
  onConfirm,
  onKeep,
}: {
  deposit: DepositSummary;
  lang: Locale;
  /** The cancel call is under way: the dialog must be answered by the server first. */
  busy: boolean;
  /** i18n key of why the last call failed, or null. */
  failure: string | null;
  /** The machine takes the confirmation now (snapshot.can). */
  canConfirm: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  const textId = useId();
  const words = summaryWords(deposit, lang);
  return (
    <Modal
      role="alertdialog"
      title={t('DEPOSIT_STATUS.CANCEL_TITLE')}
      describedBy={textId}
      onClose={busy ? undefined : onKeep}
    >
      <p id={textId}>{t('DEPOSIT_STATUS.CANCEL_TEXT', words)}</p>
      {failure ? <FocusNotice text={t(failure)} error /> : null}
      <div className="wizard-nav">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onKeep}>
          {t('DEPOSIT_STATUS.CANCEL_KEEP')}
        </button>
        {/* aria-disabled, not disabled, while the call is under way: the button keeps the focus. */}
        <button
          type="button"
          className="button"
          aria-disabled={!canConfirm || undefined}
          aria-busy={busy || undefined}
          onClick={() => {
            if (canConfirm) onConfirm();
          }}
        >
          {busy
            ? t('WIZARD.PLEASE_WAIT')
            : failure
              ? t('DEPOSIT_STATUS.CANCEL_RETRY')
              : t('DEPOSIT_STATUS.CANCEL_CONFIRM')}
        </button>
      </div>
    </Modal>
  );
}
