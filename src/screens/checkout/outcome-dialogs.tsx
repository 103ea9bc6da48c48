// What the checkout asks the payer while a deposit is under way (the submission's states, by the table):
// §4/§8 the duplicate-deposit warning, §4 the trust mismatch, §2/§6 the pam require-account modal, and
// the form posted to the pam payment endpoint.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_SERVICE_ERRORS, PAM_PAYLOAD_FIELD } from '../../../contract/checkout-services.ts';
import type { DuplicateInfo } from '../../../contract/api.ts';
import type { Locale } from '../../../contract/entities.ts';
import { checkoutWarningKey } from '../../../contract/errors.ts';
import { type Place, formatDate, formatMoney, formatTime } from '../../../contract/format.ts';
import { pagePath } from '../../../machines/pages.ts';
import { ChoiceModal, Modal } from '../../components/modal.tsx';
import { TYPE_TITLE_KEYS, inmateLabelText } from '../../deposit-types.ts';
import { brandName } from '../../format.ts';
import type { CheckoutRef, CheckoutSubmitRef } from '../../machine-refs.ts';
import { screenOf } from '../../screen-table.ts';
import { recipientName } from './checkout-fields.ts';
import { CHECKOUT_SCREENS } from './checkout-screens.ts';

/**
 * §4 duplicate warning: which earlier deposit it means (to whom, its order number, type, facility and
 * card, and whether the recurring deposit charged it), so the payer can tell it from this one.
 */
function DuplicateDetails({ checkout, duplicate }: { checkout: CheckoutRef; duplicate: DuplicateInfo }) {
  const { t } = useTranslation();
  const fields = useSelector(checkout, (s) => s.context.fields);
  const facilityLabel = useSelector(checkout, (s) => s.context.facility.inmate_label);
  const inmateLabel = inmateLabelText(t, facilityLabel);
  return (
    <>
      <dl className="facts">
        <dt>{fields.deposit_type === 'dest' ? t('NUMBER.PHONE') : inmateLabel}</dt>
        <dd>{recipientName(fields)}</dd>
        {duplicate.order_number ? (
          <>
            <dt>{t('RECEIPT.ORDER_NUMBER')}</dt>
            <dd>{duplicate.order_number}</dd>
          </>
        ) : null}
        {duplicate.deposit_type ? (
          <>
            <dt>{t('RECEIPT.TYPE')}</dt>
            <dd>{t(TYPE_TITLE_KEYS[duplicate.deposit_type], { label: inmateLabel })}</dd>
          </>
        ) : null}
        {duplicate.facility_label ? (
          <>
            <dt>{t('RECEIPT.FACILITY')}</dt>
            <dd>{duplicate.facility_label}</dd>
          </>
        ) : null}
        {duplicate.card_last4 ? (
          <>
            <dt>{t('RECEIPT.PAYMENT_METHOD')}</dt>
            <dd>
              {t('RECEIPT.CARD_ENDING', { brand: brandName(duplicate.card_brand ?? ''), last4: duplicate.card_last4 })}
            </dd>
          </>
        ) : null}
      </dl>
      {duplicate.recurring ? <p>{t('CHECKOUT.DUPLICATE_RECURRING')}</p> : null}
    </>
  );
}

/** The submission's dialog or posting form, when its state shows one. */
export function SubmitDialogs({
  checkout,
  submit,
  lang,
  place,
}: {
  checkout: CheckoutRef;
  submit: CheckoutSubmitRef | undefined;
  lang: Locale;
  place: Place;
}) {
  const { t, i18n } = useTranslation();
  const view = useSelector(submit, (s) => screenOf(CHECKOUT_SCREENS, 'checkoutSubmit', s)?.view);
  const outcome = useSelector(submit, (s) => s?.context.outcome);
  const dismiss = () => checkout.send({ type: 'checkout.dismiss' });
  if (view === 'dialog.warning' && outcome?.warningKey) {
    const key = checkoutWarningKey(outcome.warningKey.replace(/^ERROR\./, ''), (k) => i18n.exists(k));
    const duplicate = outcome.duplicate;
    // §4 duplicate warning: a modal alert dialog, so focus moves to it and the payer answers it before
    // anything else (Escape means "No").
    return (
      <Modal title={t('CHECKOUT.WARNING_TITLE')} role="alertdialog" describedBy="warning-text" onClose={dismiss}>
        <p id="warning-text">
          {t(key, {
            amount: formatMoney(duplicate?.amount, lang),
            date: formatDate(duplicate?.deposit_time, place),
            time: formatTime(duplicate?.deposit_time, lang, place),
          })}
        </p>
        {duplicate ? <DuplicateDetails checkout={checkout} duplicate={duplicate} /> : null}
        <div className="wizard-nav">
          <button type="button" className="button button--secondary" onClick={dismiss}>
            {t('CHECKOUT.DO_NOT_DEPOSIT')}
          </button>
          <button type="button" className="button" onClick={() => checkout.send({ type: 'checkout.confirmDuplicate' })}>
            {t('CHECKOUT.DEPOSIT_AGAIN')}
          </button>
        </div>
      </Modal>
    );
  }
  if (view === 'dialog.trustMismatch') {
    return (
      <ChoiceModal
        title={t('CHECKOUT.NO_TRUST_TITLE')}
        onClose={dismiss}
        closeLabel={t('COMMON.CLOSE')}
        action={
          <button type="button" className="button" onClick={() => checkout.send({ type: 'checkout.changeType' })}>
            {t('CHECKOUT.CHANGE_TYPE')}
          </button>
        }
      >
        <p>{t(CHECKOUT_SERVICE_ERRORS.noTrust)}</p>
        <p>{t('CHECKOUT.NO_TRUST_TEXT')}</p>
      </ChoiceModal>
    );
  }
  return null;
}

/**
 * §2 pam variant: the browser is leaving for the payment endpoint with the signed payload (the machine's
 * postPamPayload call posts it); the same form, by hand, for a browser that did not leave. Rendered after
 * the checkout's form, never inside it.
 */
export function PamPost({ submit }: { submit: CheckoutSubmitRef | undefined }) {
  const { t } = useTranslation();
  const view = useSelector(submit, (s) => screenOf(CHECKOUT_SCREENS, 'checkoutSubmit', s)?.view);
  const pamPost = useSelector(submit, (s) => s?.context.pamPost);
  if (view !== 'pamPost' || !pamPost) return null;
  return (
    <form method="post" action={pamPost.payUrl} className="notice" aria-label={t('CHECKOUT.PAM_LEAVING')}>
      <input type="hidden" name={PAM_PAYLOAD_FIELD} value={pamPost.payload} />
      <p role="status">{t('CHECKOUT.PAM_LEAVING')}</p>
      <button type="submit" className="button">
        {t('CHECKOUT.PAM_CONTINUE')}
      </button>
    </form>
  );
}

/** §2/§6: at a pam facility an account is required: sign in (and come back), or close. */
export function PamAccountDialog({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const open = useSelector(checkout, (s) => screenOf(CHECKOUT_SCREENS, 'checkout', s)?.view === 'dialog.pamAccount');
  if (!open) return null;
  return (
    <ChoiceModal
      title={t('CHECKOUT.PAM_ACCOUNT_TITLE')}
      onClose={() => checkout.send({ type: 'checkout.dismiss' })}
      closeLabel={t('COMMON.CLOSE')}
      action={
        <a className="button" href={`#${pagePath({ route: 'login', params: {}, query: { returnTo: '/checkout' } })}`}>
          {t('TYPE.SIGN_IN')}
        </a>
      }
    >
      <p>{t('CHECKOUT.PAM_ACCOUNT_TEXT')}</p>
    </ChoiceModal>
  );
}
