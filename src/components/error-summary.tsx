import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../contract/entities.ts';
import { ErrorReference } from './error-reference.tsx';

export interface ErrorSummaryProps {
  /** Whether to show it at all (the machine's showErrors). */
  show: boolean;
  errors: FieldErrors;
  /** Field name -> label key, for the links; fields without a label key are listed by message only. */
  labels: Record<string, string>;
  /** i18n key of the heading message (e.g. ERROR.CHECKOUT_ERROR). */
  titleKey?: string;
  /** An extra message that is not a field error (e.g. a declined card). */
  messageKey?: string | null;
  /** Interpolation values for messageKey. */
  messageValues?: Record<string, string>;
}

/**
 * The heading over a message that is not a field's. §8's "We're sorry, but something has gone wrong" is
 * for the unexpected; a payer who only has to wait (a rate limit, a lockout) or try again (no answer
 * from the server, or a server briefly unavailable) is told that instead, so it does not read like a
 * crash.
 */
export function errorHeadingKey(messageKey: string | null | undefined): string {
  if (messageKey && WAIT_MESSAGES.has(messageKey)) return 'ERROR.HEADING_WAIT';
  if (messageKey && RETRY_MESSAGES.has(messageKey)) return 'ERROR.HEADING_RETRY';
  return 'ERROR.HEADING';
}
const WAIT_MESSAGES = new Set(['ERROR.TOO_MANY_REQUESTS', 'ERROR.ERROR_LOGIN']);
// ERROR.UNAVAILABLE: the server answered 503 (its database is unreachable for now, or it restarts).
const RETRY_MESSAGES = new Set(['ERROR.NETWORK', 'ERROR.TIMEOUT', 'ERROR.FEES_TIMEOUT', 'ERROR.UNAVAILABLE']);

/** GOV.UK-style error summary: takes focus when shown and links to each field (§4 CHECKOUT_ERROR). */
export function ErrorSummary({
  show,
  errors,
  labels,
  titleKey = 'ERROR.CHECKOUT_ERROR',
  messageKey,
  messageValues,
}: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // In the order of the fields on the page (the order of `labels`), then any others.
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const entries = (Object.entries(errors).filter(([, v]) => typeof v === 'string' && v) as [string, string][]).sort(
    ([a], [b]) => rank(a) - rank(b),
  );
  // A message that a field already says (e.g. FIELD_NO_TRUST on the billing state) is said once, by the field.
  const message = messageKey && !entries.some(([, msg]) => msg === messageKey) ? messageKey : null;
  const visible = show && (entries.length > 0 || !!message);
  // Focus when it appears or its message changes, not on every keystroke that edits the errors
  // (that would pull focus out of the field being typed in). A repeated failing submit calls
  // focusErrorSummary().
  useEffect(() => {
    if (visible) ref.current?.focus();
  }, [visible, message]);
  if (!visible) return null;
  return (
    <div
      ref={ref}
      id={ERROR_SUMMARY_ID}
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
    >
      <h2 id="error-summary-title">{t(message && entries.length === 0 ? errorHeadingKey(message) : titleKey)}</h2>
      {message ? <p>{t(message, messageValues ?? {})}</p> : null}
      <ErrorReference messageKey={message} />
      {entries.length > 0 ? (
        <ul>
          {entries.map(([field, msg]) => (
            <li key={field}>
              {labels[field] ? (
                <a href={`#field-${field}`} onClick={(e) => focusField(e, field)}>
                  {t(labels[field])} - {t(msg)}
                </a>
              ) : (
                t(msg)
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export const ERROR_SUMMARY_ID = 'error-summary';

/** Moves focus to the error summary after the screen has rendered (a repeated failing submit). */
export function focusErrorSummary(): void {
  requestAnimationFrame(() => document.getElementById(ERROR_SUMMARY_ID)?.focus());
}

function focusField(e: React.MouseEvent, field: string) {
  // Hash links would change the route: move focus instead.
  e.preventDefault();
  document.getElementById(`field-${field}`)?.focus();
}
