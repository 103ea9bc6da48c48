// /pam_return (§2 pam variant; contract/pam.ts): renders the pamReturn machine's states. While the
// server records the deposit the page says so; a refused or failed completion says why, with the
// customer service number, and offers to try again or to return to the checkout.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { pamReturnMachine } from '../../../machines/pam-return.machine.ts';
import { StepHeading } from '../../components/step-heading.tsx';
import { useSite } from '../../site.tsx';
import type { PageScreenProps } from '../page-screens.ts';

type PamReturnRef = ActorRefFrom<typeof pamReturnMachine>;

export function PamReturnPage({ page }: PageScreenProps) {
  const pamReturn = page as PamReturnRef;
  const failed = useSelector(pamReturn, (s) => s.hasTag('error'));
  const failure = useSelector(pamReturn, (s) => s.context.failure);
  const canRetry = useSelector(pamReturn, (s) => s.can({ type: 'pamReturn.retry' }));
  const { t } = useTranslation();
  const site = useSite();

  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.PAM_RETURN')}</StepHeading>
      {failed ? (
        <>
          <p role="alert" className="notice notice--error">
            {t(failure ?? 'ERROR.UNEXPECTED', { phone: site?.customer_service_phone ?? '' })}
          </p>
          <p>{t('PAM_RETURN.CALL', { phone: site?.customer_service_phone ?? '' })}</p>
          <div className="wizard-nav">
            {canRetry && (
              <button type="button" className="button" onClick={() => pamReturn.send({ type: 'pamReturn.retry' })}>
                {t('COMMON.TRY_AGAIN')}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => pamReturn.send({ type: 'pamReturn.toCheckout' })}
            >
              {t('PAM_RETURN.BACK_TO_CHECKOUT')}
            </button>
          </div>
        </>
      ) : (
        <div role="status" aria-live="polite" className="loading">
          <p>{t('PAM_RETURN.COMPLETING')}</p>
        </div>
      )}
    </div>
  );
}
