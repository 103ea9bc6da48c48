// An accessible modal dialog (§2 "Other modals"): focus moves into it when it opens and back to what had
// it when it closes; Tab stays inside; Escape closes it. Whether it is open is the machine's state.
import { type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

export function Modal({
  title,
  onClose,
  role = 'dialog',
  describedBy,
  children,
}: {
  title: ReactNode;
  /** Escape and the close buttons; absent while the dialog must be answered (a request in flight). */
  onClose?: (() => void) | undefined;
  /** 'alertdialog' for a confirmation of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that holds the message (an alert dialog's description). */
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('h2')?.focus();
    return () => before?.focus?.();
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && onClose) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} tabIndex={-1} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** A modal with a message, a Close button and one way on (a button or a link). */
export function ChoiceModal({
  title,
  onClose,
  closeLabel,
  action,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  closeLabel: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      <div className="wizard-nav">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {closeLabel}
        </button>
        {action}
      </div>
    </Modal>
  );
}
