// The question before something saved is removed for good (§2 saved cards, phone accounts, recurring
// deposits): an alert dialog that names the item, a button that keeps it and one that removes it. While
// the removal is under way both buttons wait and the dialog cannot be closed.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';

export function ConfirmRemoveDialog({
  title,
  text,
  keepLabel,
  removeLabel,
  busy,
  onKeep,
  onRemove,
}: {
  title: string;
  /** The question, naming the item. */
  text: string;
  keepLabel: string;
  removeLabel: string;
  /** The removal is under way. */
  busy: boolean;
  onKeep: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Modal role="alertdialog" title={title} describedBy={textId} onClose={busy ? undefined : onKeep}>
      <p id={textId}>{text}</p>
      <div className="wizard-nav">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onKeep}>
          {keepLabel}
        </button>
        <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={onRemove}>
          {busy ? t('WIZARD.PLEASE_WAIT') : removeLabel}
        </button>
      </div>
    </Modal>
  );
}
