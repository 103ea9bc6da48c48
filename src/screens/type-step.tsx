// deposit.type (§2, 40%, no continue button): the deposit types the facility offers.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../components/error-summary.tsx';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import type { WizardRef } from '../machine-refs.ts';
import { offersType } from '../../contract/rules.ts';

export function TypeStep({ wizard }: { wizard: WizardRef }) {
  const { t } = useTranslation();
  const facility = useSelector(wizard, (s) => s.context.facility);
  const errors = useSelector(wizard, (s) => s.context.errors);
  const showErrors = useSelector(wizard, (s) => s.context.showErrors);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const saving = useSelector(wizard, (s) => s.matches({ step: { type: 'saving' } }));
  const label = facility?.inmate_label ?? t('TYPE.DEFAULT_INMATE_LABEL');
  const flex = facility ? offersType(facility, 'flex') : false;

  return (
    <div>
      <StepHeading>{t('TYPE.HEADING')}</StepHeading>
      <ErrorSummary show={showErrors} errors={{ deposit_type: errors.deposit_type }} labels={{}} messageKey={failure} />
      <p className="breadcrumb">{facility?.label}</p>
      {flex ? (
        <section className="panel" aria-labelledby="type-flex-title">
          <h2 id="type-flex-title">{t('TYPE.FLEX_TITLE', { label })}</h2>
          <p>{t('TYPE.FLEX_DESCRIPTION', { label: label.toLowerCase() })}</p>
          <button
            type="button"
            className="button"
            disabled={saving}
            aria-describedby="type-flex-title"
            onClick={() => wizard.send({ type: 'type.select', depositType: 'flex' })}
          >
            {saving ? t('WIZARD.PLEASE_WAIT') : t('TYPE.CHOOSE')}
          </button>
        </section>
      ) : (
        <div className="notice" role="status">
          <p>{t('TYPE.NONE_OFFERED')}</p>
        </div>
      )}
      <WizardNav showContinue={false} onBack={() => wizard.send({ type: 'wizard.back' })} />
    </div>
  );
}
