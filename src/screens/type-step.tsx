// deposit.type (§2, 40%, no continue button): a panel per deposit type the facility offers (§3
// deposit_types and flags), the banners of §2 (trust redirect, trust by a third-party money
// transmitter, prepaid redirected to trust), bail by phone where pam is off, the FCC list of types,
// and the login-required modal of §4 for trust and bail while signed out.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DepositType, Facility } from '../../contract/entities.ts';
import { hiddenForBilling, offersType } from '../../contract/rules.ts';
import { pagePath } from '../../machines/pages.ts';
import { ErrorSummary } from '../components/error-summary.tsx';
import { WizardNav } from '../components/layout.tsx';
import { ChoiceModal } from '../components/modal.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import type { WizardRef } from '../machine-refs.ts';
import { useCustomerServicePhone } from '../site.tsx';

const TYPES: readonly DepositType[] = ['flex', 'dest', 'trust', 'bail'];

/** What the step shows for one deposit type: a panel to choose it, a notice instead, or nothing. */
type Offer =
  | { kind: 'choose' }
  | { kind: 'trustRedirect'; url: string }
  | { kind: 'trustThirdParty' }
  | { kind: 'prepaidToTrust' }
  | { kind: 'bailByPhone' }
  | null;

/** §2/§5/§6: the panel of each type, from the facility, its configured rules and the billing country. */
export function offerOf(facility: Facility, type: DepositType, billingCountry: string): Offer {
  if (hiddenForBilling(type, billingCountry)) return null;
  const rules = facility.rules;
  if (type === 'trust' && rules?.trust_redirect_url) return { kind: 'trustRedirect', url: rules.trust_redirect_url };
  if (type === 'trust' && rules?.trust_third_party) return { kind: 'trustThirdParty' };
  if (type === 'dest' && rules?.prepaid_to_trust) return { kind: 'prepaidToTrust' };
  if (offersType(facility, type)) return { kind: 'choose' };
  if (type === 'bail' && facility.deposit_types.bail?.enabled) return { kind: 'bailByPhone' };
  return null;
}

/** The title and description keys of each type's panel; {{label}} is the facility's inmate label. */
const PANEL_KEYS: Record<DepositType, { title: string; description: string }> = {
  flex: { title: 'TYPE.FLEX_TITLE', description: 'TYPE.FLEX_DESCRIPTION' },
  dest: { title: 'TYPE.DEST_TITLE', description: 'TYPE.DEST_DESCRIPTION' },
  trust: { title: 'TYPE.TRUST_TITLE', description: 'TYPE.TRUST_DESCRIPTION' },
  bail: { title: 'TYPE.BAIL_TITLE', description: 'TYPE.BAIL_DESCRIPTION' },
};

export function TypeStep({ wizard }: { wizard: WizardRef }) {
  const { t } = useTranslation();
  const facility = useSelector(wizard, (s) => s.context.facility);
  const billingCountry = useSelector(wizard, (s) => s.context.fields.billing_country);
  const errors = useSelector(wizard, (s) => s.context.errors);
  const showErrors = useSelector(wizard, (s) => s.context.showErrors);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const saving = useSelector(wizard, (s) => s.matches({ step: { type: 'saving' } }));
  const loginRequired = useSelector(wizard, (s) => s.matches({ step: { type: 'loginRequired' } }));
  const phone = useCustomerServicePhone();
  const label = facility?.inmate_label ?? t('TYPE.DEFAULT_INMATE_LABEL');
  const offers = TYPES.map((type) => ({
    type,
    offer: facility ? offerOf(facility, type, billingCountry) : null,
  })).filter((o): o is { type: DepositType; offer: NonNullable<Offer> } => o.offer !== null);
  const choosable = offers.filter((o) => o.offer.kind === 'choose');
  const values = { label, labelLower: label.toLowerCase(), phone };

  return (
    <div>
      <StepHeading>{t('TYPE.HEADING')}</StepHeading>
      <ErrorSummary show={showErrors} errors={{ deposit_type: errors.deposit_type }} labels={{}} messageKey={failure} />
      <p className="breadcrumb">{facility?.label}</p>
      {facility?.fcc_regulated && choosable.length > 0 ? (
        <div className="notice">
          <p id="type-fcc">{t('TYPE.FCC_TYPES')}</p>
          <ul aria-labelledby="type-fcc">
            {choosable.map(({ type }) => (
              <li key={type}>{t(PANEL_KEYS[type].title, values)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {offers.length === 0 ? (
        <div className="notice" role="status">
          <p>{t('TYPE.NONE_OFFERED')}</p>
        </div>
      ) : null}
      {offers.map(({ type, offer }) => {
        const titleId = `type-${type}-title`;
        return (
          <section key={type} className="panel" aria-labelledby={titleId}>
            <h2 id={titleId}>{t(PANEL_KEYS[type].title, values)}</h2>
            {offer.kind === 'choose' ? (
              <>
                <p>{t(PANEL_KEYS[type].description, values)}</p>
                <button
                  type="button"
                  className="button"
                  disabled={saving}
                  aria-describedby={titleId}
                  onClick={() => wizard.send({ type: 'type.select', depositType: type })}
                >
                  {saving ? t('WIZARD.PLEASE_WAIT') : t('TYPE.CHOOSE')}
                </button>
              </>
            ) : null}
            {offer.kind === 'trustRedirect' ? (
              <p className="notice">
                {t('TYPE.TRUST_REDIRECT')}{' '}
                <a href={offer.url} target="_blank" rel="noopener noreferrer">
                  {t('TYPE.TRUST_REDIRECT_LINK')}
                </a>
              </p>
            ) : null}
            {offer.kind === 'trustThirdParty' ? <p className="notice">{t('TYPE.TRUST_THIRD_PARTY', values)}</p> : null}
            {offer.kind === 'prepaidToTrust' ? <p className="notice">{t('TYPE.PREPAID_TO_TRUST', values)}</p> : null}
            {offer.kind === 'bailByPhone' ? <p className="notice">{t('TYPE.BAIL_CALL', values)}</p> : null}
          </section>
        );
      })}
      {loginRequired ? (
        <ChoiceModal
          title={t('TYPE.SIGN_IN_TITLE')}
          onClose={() => wizard.send({ type: 'type.dismiss' })}
          closeLabel={t('COMMON.CLOSE')}
          action={
            <a
              className="button"
              href={`#${pagePath({ route: 'login', params: {}, query: { returnTo: '/deposit_type' } })}`}
            >
              {t('TYPE.SIGN_IN')}
            </a>
          }
        >
          <p>{t('TYPE.SIGN_IN_TEXT')}</p>
        </ChoiceModal>
      ) : null}
      <WizardNav showContinue={false} onBack={() => wizard.send({ type: 'wizard.back' })} />
    </div>
  );
}
