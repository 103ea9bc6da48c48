// The session's idle limit (WCAG 2.2.1 Timing Adjustable; docs/decisions/0045): before a signed-in
// payer's session ends, a dialog that takes focus says so and offers to stay signed in or to sign out.
// Escape means "Stay signed in", as closing a warning keeps things as they are.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionTimes } from '../../contract/session.ts';
import type { SessionTimeoutRef } from '../machine-refs.ts';
import { screenOf } from '../screen-table.ts';
import { Modal } from './modal.tsx';
import { SESSION_TIMEOUT_SCREENS } from './session-timeout-screens.ts';

const MINUTE = 60_000;

export function SessionTimeoutDialog({ timer }: { timer: SessionTimeoutRef | undefined }) {
  const { t } = useTranslation();
  const textId = useId();
  const entry = useSelector(timer, (s) => screenOf(SESSION_TIMEOUT_SCREENS, 'sessionTimeout', s));
  const idleSeconds = useSelector(timer, (s) => s?.context.idleSeconds);
  const failure = useSelector(timer, (s) => s?.context.failure ?? null);
  if (entry?.view !== 'warning' || idleSeconds === undefined) return null;
  const staying = entry.status === 'busy';
  const times = sessionTimes(idleSeconds);
  const stay = () => timer?.send({ type: 'session.stay' });
  return (
    <Modal
      title={t('SESSION.WARNING_TITLE')}
      role="alertdialog"
      describedBy={textId}
      onClose={staying ? undefined : stay}
    >
      <p id={textId}>
        {t('SESSION.WARNING_TEXT', {
          idle: Math.round(times.warnAfterMs / MINUTE),
          left: Math.max(1, Math.round(times.warnForMs / MINUTE)),
        })}
      </p>
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <div className="wizard-nav">
        <button
          type="button"
          className="button button--secondary"
          disabled={staying}
          onClick={() => timer?.send({ type: 'session.signOut' })}
        >
          {t('SESSION.SIGN_OUT')}
        </button>
        <button type="button" className="button" disabled={staying} aria-busy={staying || undefined} onClick={stay}>
          {staying ? t('WIZARD.PLEASE_WAIT') : t('SESSION.STAY')}
        </button>
      </div>
    </Modal>
  );
}
