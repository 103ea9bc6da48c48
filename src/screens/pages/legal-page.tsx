// /terms and /privacy (§2 login.terms, login.privacy): renders the legal machine's states only. The
// text is another site's: it is shown as plain paragraphs, never as HTML.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Locale } from '../../../contract/entities.ts';
import type { LegalDocument } from '../../../contract/legal.ts';
import type { legalMachine } from '../../../machines/legal.machine.ts';
import { StepHeading } from '../../components/step-heading.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { LoadingScreen } from '../status-screens.tsx';

type LegalRef = ActorRefFrom<typeof legalMachine>;

const TITLES: Record<LegalDocument, string> = { terms: 'PAGES.TERMS', privacy: 'PAGES.PRIVACY' };
/** The machine's tags this page shows, one at a time. */
const VIEWS = ['loading', 'error', 'done'] as const;

export function LegalPage({ page }: PageScreenProps) {
  const legal = page as LegalRef;
  const context = useSelector(legal, (s) => s.context);
  const view = useSelector(legal, (s) => VIEWS.find((tag) => s.hasTag(tag)) ?? null);
  const { t, i18n } = useTranslation();
  const lang: Locale = i18n.language === 'es' ? 'es' : 'en';
  // §1: the text follows the language the site shows (the machine reads it again when it changes).
  useEffect(() => {
    legal.send({ type: 'legal.language', lang });
  }, [legal, lang]);
  const { document, paragraphs, failure } = context;
  return (
    <div className="page-content">
      {/* One heading for every state: it takes focus once, not again when the text is read anew. */}
      <StepHeading>{t(TITLES[document])}</StepHeading>
      {view === 'loading' ? <LoadingScreen /> : null}
      {view === 'error' ? (
        <>
          <p className="notice notice--error" role="alert">
            {t(failure ?? 'LEGAL.UNAVAILABLE')}
          </p>
          <button type="button" className="button" onClick={() => legal.send({ type: 'legal.retry' })}>
            {t('COMMON.TRY_AGAIN')}
          </button>
        </>
      ) : null}
      {view === 'done' ? (
        <div className="legal-text" lang={context.lang}>
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
