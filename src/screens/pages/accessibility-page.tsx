// /accessibility: the accessibility statement, in the form GOV.UK services use, from the claims of
// contract/accessibility.ts (which the tests hold the site to).
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { ACCESSIBILITY_STATEMENT as S, complianceOf } from '../../../contract/accessibility.ts';
import type { accessibilityMachine } from '../../../machines/accessibility.machine.ts';
import { StepHeading } from '../../components/step-heading.tsx';
import { formatDate } from '../../../contract/format.ts';
import { useCustomerServicePhone } from '../../site.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type AccessibilityRef = ActorRefFrom<typeof accessibilityMachine>;

const CAN_DO = ['CAN_COLOURS', 'CAN_ZOOM', 'CAN_KEYBOARD', 'CAN_SCREEN_READER'] as const;

export function AccessibilityPage({ page }: PageScreenProps) {
  const statement = page as AccessibilityRef;
  const { t } = useTranslation();
  const phone = useCustomerServicePhone();
  const frame = usePageFrame(statement, 'accessibility');
  if (frame) return frame;
  const standard = `${S.standard.name} ${S.standard.version} ${S.standard.level}`;
  const compliance = complianceOf(S);
  return (
    <div className="page-content statement">
      <StepHeading>{t('PAGES.ACCESSIBILITY')}</StepHeading>
      <p>{t('ACCESSIBILITY.INTRO')}</p>
      <p>{t('ACCESSIBILITY.CAN_INTRO')}</p>
      <ul>
        {CAN_DO.map((key) => (
          <li key={key}>{t(`ACCESSIBILITY.${key}`)}</li>
        ))}
      </ul>
      <p>{t('ACCESSIBILITY.SIMPLE_TEXT')}</p>

      <h2>{t('ACCESSIBILITY.HOW_ACCESSIBLE')}</h2>
      {S.knownIssues.length === 0 ? (
        <p>{t('ACCESSIBILITY.NO_KNOWN_ISSUES')}</p>
      ) : (
        <>
          <p>{t('ACCESSIBILITY.KNOWN_ISSUES_INTRO')}</p>
          <ul data-testid="known-issues">
            {S.knownIssues.map((issue) => (
              <li key={issue.key}>{t(issue.key)}</li>
            ))}
          </ul>
        </>
      )}

      <h2>{t('ACCESSIBILITY.FEEDBACK')}</h2>
      <p>{t('ACCESSIBILITY.FEEDBACK_TEXT', { phone })}</p>

      <h2>{t('ACCESSIBILITY.TECHNICAL')}</h2>
      <h3>{t('ACCESSIBILITY.COMPLIANCE')}</h3>
      <p data-testid="compliance">
        {t(compliance === 'full' ? 'ACCESSIBILITY.COMPLIANT_FULL' : 'ACCESSIBILITY.COMPLIANT_PARTIAL', { standard })}
      </p>
      <h3>{t('ACCESSIBILITY.NON_ACCESSIBLE')}</h3>
      {S.knownIssues.length === 0 ? (
        <p>{t('ACCESSIBILITY.NON_ACCESSIBLE_NONE', { standard })}</p>
      ) : (
        <ul>
          {S.knownIssues.map((issue) => (
            <li key={issue.key}>
              {t('ACCESSIBILITY.NON_ACCESSIBLE_ITEM', { issue: t(issue.key), criterion: issue.criterion })}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('ACCESSIBILITY.OUT_OF_SCOPE')}</h3>
      <ul>
        {S.outOfScope.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <h2>{t('ACCESSIBILITY.HOW_TESTED')}</h2>
      <p data-testid="how-tested">{t('ACCESSIBILITY.TESTED_AXE', { standard })}</p>
      <p>{t('ACCESSIBILITY.TESTED_KEYBOARD')}</p>
      <ul data-testid="keyboard-journeys">
        {S.keyboardJourneys.map((j) => (
          <li key={j.file}>{t(j.key)}</li>
        ))}
      </ul>
      <p>{t('ACCESSIBILITY.TESTED_SCREENS')}</p>

      <h2>{t('ACCESSIBILITY.PREPARATION')}</h2>
      <p data-testid="dates">
        {t('ACCESSIBILITY.PREPARED', {
          prepared: formatDate(S.prepared),
          reviewed: formatDate(S.lastReviewed),
          tested: formatDate(S.lastTested),
        })}
      </p>
    </div>
  );
}
