// The reference a payer can quote to customer service under an error message (src/api/error-reference.ts).
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { latestFailure, referenceFor, subscribeFailures } from '../api/error-reference.ts';

/** "If you call customer service, quote this reference: …" when the message came with one; else nothing. */
export function ErrorReference({ messageKey }: { messageKey: string | null | undefined }) {
  const { t } = useTranslation();
  const failure = useSyncExternalStore(subscribeFailures, latestFailure, latestFailure);
  const id = referenceFor(messageKey, failure);
  if (!id) return null;
  return (
    <p className="error-reference">
      {t('ERROR.REFERENCE')} <code>{id}</code>
    </p>
  );
}
