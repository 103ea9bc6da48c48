// deposit.type (§2, 40%, no continue button): a panel per deposit type the facility offers (§3
// deposit_types and flags), the banners of §2 (trust redirect, trust by a third-party money
// transmitter, prepaid redirected to trust), bail by phone where pam is off, the FCC list of types,
// and the login-required modal of §4 for trust and bail while signed out.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DepositType, Facility, FormFields } from '../../contract/entities.ts';
import { hiddenForPayer, offersType } from '../../contract/rules.ts';
import { pagePath } from '../../machines/pages.ts';
import { ErrorSummary } from '../components/error-summary.tsx';
import { WizardNav } from '../components/layout.tsx';
import { ChoiceModal } from '../components/modal.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import type { WizardRef } from '../machine-refs.ts';
import { inmateLabelText, typeTitleKey } from '../deposit-types.ts';
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

/**
 * §2/§5/§6: the panel of each type, from the facility, its configured rules, the billing country and
 * the payer's primary number (§5: trust and bail hidden for a primary number starting 011).
 */
export function offerOf(
  facility: Facility,
  type: DepositType,
  payer: Pick<FormFields, 'billing_country' | 'primary_no'>,
): Offer {
  if (hiddenForPayer(type, payer)) return null;
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
  const primaryNo = useSelector(wizard, (s) => s.context.fields.primary_no);
  // §3/§9 unified wallet: its notice and the _UW labels (decisions/0016).
  const unifiedWallet = useSelector(wizard, (s) => s.context.fields.unified_wallet_enabled);
  const uwPinDebit = useSelector(wizard, (s) => s.context.fields.uw_pinDebit);
  const uwAdvpay = useSelector(wizard, (s) => s.context.fields.uw_advpay);
  const uwTrust = useSelector(wizard, (s) => s.context.fields.uw_trust);
  // §4 deep contact: the link named the person; the deposit is for them.
  const deepContact = useSelector(wizard, (s) => s.context.fields.deep_contact);
  const recipientName = useSelector(wizard, (s) =>
    `${s.context.fields.deposit_inmate_first_name} ${s.context.fields.deposit_inmate_last_name}`.trim(),
  );
  const fraudBlocked = useSelector(wizard, (s) => s.hasTag('fraudBlocked'));
  const clearing = useSelector(wizard, (s) => s.hasTag('clearing'));
  const errors = useSelector(wizard, (s) => s.context.errors);
  const showErrors = useSelector(wizard, (s) => s.context.showErrors);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const saving = useSelector(wizard, (s) => s.hasTag('busy'));
  const loginRequired = useSelector(wizard, (s) => s.hasTag('dialog'));
  const phone = useCustomerServicePhone();
  const label = inmateLabelText(t, facility?.inmate_label);
  const offers = TYPES.map((type) => ({
    type,
    offer: facility ? offerOf(facility, type, { billing_country: billingCountry, primary_no: primaryNo }) : null,
  })).filter((o): o is { type: DepositType; offer: NonNullable<Offer> } => o.offer !== null);
  const choosable = offers.filter((o) => o.offer.kind === 'choose');
  const values = { label, labelLower: label.toLowerCase(), phone };
  const titleKey = (type: DepositType) =>
    typeTitleKey(type, {
      facility,
      fields: {
        unified_wallet_enabled: unifiedWallet,
        uw_pinDebit: uwPinDebit,
        uw_advpay: uwAdvpay,
        uw_trust: uwTrust,
      },
    });

  return (
    <div>
      <StepHeading>{t('TYPE.HEADING')}</StepHeading>
      <ErrorSummary show={showErrors} errors={{ deposit_type: errors.deposit_type }} labels={{}} messageKey={failure} />
      <p className="breadcrumb">{facility?.label}</p>
      {deepContact && recipientName ? (
        <p className="notice" id="type-deep-contact">
          {t('DEEP_CONTACT.FOR', { name: recipientName, label: label.toLowerCase() })}
        </p>
      ) : null}
      {fraudBlocked || clearing ? (
        <div className="notice notice--error">
          <p role="alert">{t('ERROR.FRAUD_CONTROL_MESSAGE')}</p>
          <button
            type="button"
            className="button"
            disabled={clearing}
            onClick={() => wizard.send({ type: 'wizard.another' })}
          >
            {clearing ? t('WIZARD.PLEASE_WAIT') : t('DEEP_CONTACT.START_WIZARD')}
          </button>
        </div>
      ) : null}
      {unifiedWallet ? (
        <div className="notice" role="note" aria-labelledby="type-unified-wallet">
          <h2 id="type-unified-wallet">{t('TYPE.UNIFIED_WALLET_TITLE')}</h2>
          <p>{t('TYPE.UNIFIED_WALLET_NOTICE', values)}</p>
        </div>
      ) : null}
      {facility?.fcc_regulated && choosable.length > 0 ? (
        <div className="notice">
          <p id="type-fcc">{t('TYPE.FCC_TYPES')}</p>
          <ul aria-labelledby="type-fcc">
            {choosable.map(({ type }) => (
              <li key={type}>{t(titleKey(type), values)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {fraudBlocked || clearing ? null : offers.length === 0 ? (
        <div className="notice" role="status">
          <p>{t('TYPE.NONE_OFFERED')}</p>
        </div>
      ) : null}
      {(fraudBlocked || clearing ? [] : offers).map(({ type, offer }) => {
        const titleId = `type-${type}-title`;
        return (
          <section key={type} className="panel" aria-labelledby={titleId}>
            <h2 id={titleId}>{t(titleKey(type), values)}</h2>
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
          <p>{deepContact ? t('DEEP_CONTACT.SIGN_IN_TEXT', { name: recipientName }) : t('TYPE.SIGN_IN_TEXT')}</p>
        </ChoiceModal>
      ) : null}
      <WizardNav showContinue={false} onBack={() => wizard.send({ type: 'wizard.back' })} />
    </div>
  );
}
