// Screens of the app machine's own states: booting and a failed boot (every settleable state has a screen).
import { useTranslation } from 'react-i18next';
import { ErrorReference } from '../components/error-reference.tsx';
import { errorHeadingKey } from '../components/error-summary.tsx';
import { StepHeading } from '../components/step-heading.tsx';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="loading">
      <p>{t('COMMON.LOADING')}</p>
    </div>
  );
}

export function FailureScreen({ messageKey, onRetry }: { messageKey: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <StepHeading>{t(errorHeadingKey(messageKey))}</StepHeading>
      <p role="alert">{t(messageKey ?? 'ERROR.UNEXPECTED')}</p>
      <ErrorReference messageKey={messageKey} />
      <button type="button" className="button" onClick={onRetry}>
        {t('COMMON.TRY_AGAIN')}
      </button>
    </div>
  );
}
