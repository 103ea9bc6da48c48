// /account/professional_verification_resp/:requestStatus/:facilityName (§2; §4; §8 SUCCESS, EXISTED with
// email and facility, FAILED with the support number): renders the professionalResult machine's states.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PAGES } from '../../../machines/pages.ts';
import type { professionalResultMachine } from '../../../machines/professional-result.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { useSite } from '../../site.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { LoadingScreen } from '../status-screens.tsx';

type ResultRef = ActorRefFrom<typeof professionalResultMachine>;

export function ProfessionalResultPage({ page }: PageScreenProps) {
  const result = page as ResultRef;
  const context = useSelector(result, (s) => s.context);
  const { t } = useTranslation();
  const site = useSite();
  const { status, facilityName: facility, email } = context;

  let title: string;
  let message: string;
  if (status === 'SUCCESS') {
    title = t('PROFESSIONAL.RESULT_SUCCESS_TITLE');
    message = email
      ? t('PROFESSIONAL.RESULT_SUCCESS', { facility, email })
      : t('PROFESSIONAL.RESULT_SUCCESS_NO_EMAIL', { facility });
  } else if (status === 'EXISTED') {
    title = t('PROFESSIONAL.RESULT_EXISTED_TITLE');
    message = email
      ? t('PROFESSIONAL.RESULT_EXISTED', { facility, email })
      : t('PROFESSIONAL.RESULT_EXISTED_NO_EMAIL', { facility });
  } else if (status === 'FAILED') {
    title = t('PROFESSIONAL.RESULT_FAILED_TITLE');
    message = t('PROFESSIONAL.RESULT_FAILED', {
      facility,
      phone: site?.support_phone || t('PROFESSIONAL.SUPPORT_LINE'),
    });
  } else {
    // An address without a known result: the app is going back to the form.
    return <LoadingScreen />;
  }
  const failed = status === 'FAILED';

  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.PROFESSIONAL_RESULT')}</StepHeading>
      <AccountNav current="professional_verification" />
      <h2>{title}</h2>
      <p className={failed ? 'notice notice--error' : 'notice'}>{message}</p>
      <ul className="link-list">
        <li>
          <a href={`#${PAGES.professional_verification.path}`}>{t('PROFESSIONAL.ANOTHER')}</a>
        </li>
      </ul>
    </div>
  );
}
