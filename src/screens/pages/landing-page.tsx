// /landing (§2): renders the landing machine's states only.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { landingMachine } from '../../../machines/landing.machine.ts';
import { StepHeading } from '../../components/step-heading.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { LoadingScreen } from '../status-screens.tsx';

type LandingRef = ActorRefFrom<typeof landingMachine>;

export function LandingPage({ page }: PageScreenProps) {
  const landing = page as LandingRef;
  const editing = useSelector(landing, (s) => s.hasTag('editing'));
  const expanded = useSelector(landing, (s) => s.hasTag('expanded'));
  const signedOutIdle = useSelector(landing, (s) => s.context.signedOutIdle);
  const { t } = useTranslation();
  const continueHint = useId();
  const signInHint = useId();
  const noticeTitle = useId();
  const noticeMore = useId();
  // A signed-in payer is on the way to deposit_or_schedule_visit; a choice is on its way too.
  if (!editing) return <LoadingScreen />;
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.LANDING')}</StepHeading>
      {signedOutIdle ? (
        <p className="notice" role="status">
          {t('SESSION.SIGNED_OUT_IDLE')}
        </p>
      ) : null}
      <p>{t('LANDING.INTRO')}</p>
      <h2>{t('LANDING.CHOOSE')}</h2>
      <div className="panel">
        <button
          type="button"
          className="button"
          aria-describedby={continueHint}
          onClick={() => landing.send({ type: 'landing.continue' })}
        >
          {t('LANDING.CONTINUE')}
        </button>
        <p className="hint" id={continueHint}>
          {t('LANDING.CONTINUE_HINT')}
        </p>
      </div>
      <div className="panel">
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={signInHint}
          onClick={() => landing.send({ type: 'landing.signIn' })}
        >
          {t('LANDING.SIGN_IN')}
        </button>
        <p className="hint" id={signInHint}>
          {t('LANDING.SIGN_IN_HINT')}
        </p>
      </div>
      {/* §2: the inactivity notice, with show more and show less (§9: 180 days, alerts 30 days before). */}
      <section className="notice" aria-labelledby={noticeTitle}>
        <h2 id={noticeTitle}>{t('LANDING.NOTICE_TITLE')}</h2>
        <p>{t('LANDING.NOTICE_SHORT')}</p>
        <p id={noticeMore} hidden={!expanded}>
          {t('LANDING.NOTICE_MORE')}
        </p>
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={noticeMore}
          onClick={() => landing.send({ type: expanded ? 'landing.less' : 'landing.more' })}
        >
          {expanded ? t('LANDING.SHOW_LESS') : t('LANDING.SHOW_MORE')}
        </button>
      </section>
    </div>
  );
}
