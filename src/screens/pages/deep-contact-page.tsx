// #/deep_contact/:facilityId/:inmateId (§4 deep contact): renders the deepContact machine's states. While
// the deposit is being started the page says so; an unknown link offers the normal wizard; a failed
// call can be tried again. Once started, the app opens the wizard's type step.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DEEP_CONTACT_FALLBACK, type deepContactMachine } from '../../../machines/deep-contact.machine.ts';
import { StepHeading } from '../../components/step-heading.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { FailureScreen, LoadingScreen } from '../status-screens.tsx';

type DeepContactRef = ActorRefFrom<typeof deepContactMachine>;

export function DeepContactPage({ page }: PageScreenProps) {
  const deep = page as DeepContactRef;
  const { t } = useTranslation();
  const notFound = useSelector(deep, (s) => s.hasTag('notFound'));
  const failed = useSelector(deep, (s) => s.hasTag('error') && !s.hasTag('notFound'));
  const failure = useSelector(deep, (s) => s.context.failure);

  if (failed) return <FailureScreen messageKey={failure} onRetry={() => deep.send({ type: 'deepContact.retry' })} />;
  if (notFound) {
    return (
      <div className="page-content">
        <StepHeading>{t('PAGES.DEEP_CONTACT')}</StepHeading>
        <p className="notice notice--error" role="alert">
          {t('ERROR.DEEP_CONTACT_NOT_FOUND')}
        </p>
        <a className="button" href={`#${DEEP_CONTACT_FALLBACK}`}>
          {t('DEEP_CONTACT.START_WIZARD')}
        </a>
      </div>
    );
  }
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.DEEP_CONTACT')}</StepHeading>
      <LoadingScreen />
    </div>
  );
}
