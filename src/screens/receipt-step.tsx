// deposit.receipt (§2, 100%, no back): what was paid, to whom, with what; the create-account and
// text-receipt modals (receiptFlow machine; their fields are their forms', docs/decisions/0041); next
// steps.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { registerSchema } from '../../contract/accounts.ts';
import type { Locale } from '../../contract/entities.ts';
import { smsSendSchema } from '../../contract/receipt.ts';
import {
  DEPOSIT_STATUS_ID,
  EMPTY_ACCOUNT,
  type NewAccountValues,
  type ReceiptFlowSnapshot,
  type SmsValues,
  type receiptFlowMachine,
  offersPhoneVerification,
  smsStart,
} from '../../machines/receipt.machine.ts';
import { type DepositStatusRef, DepositStatusPanel, receiptHeadline } from '../components/deposit-status.tsx';
import type { DepositSummary } from '../components/cancel-deposit-dialog.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { CheckboxField, SubmitButton, TextField } from '../components/fields.tsx';
import { Modal } from '../components/modal.tsx';
import { useMachineForm } from '../components/use-machine-form.ts';
import { type PhoneVerificationRef, PhoneVerificationModal } from '../components/phone-verification-modal.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import { useSession } from '../session.tsx';
import { useSite } from '../site.tsx';
import { useMasks } from '../masks.ts';
import { inmateLabelText, typeTitleKey } from '../deposit-types.ts';
import { brandName, phoneLabel, scheduleText } from '../format.ts';
import { formatDate, formatMoney, formatSum } from '../../contract/format.ts';
import type { WizardRef } from '../machine-refs.ts';

export type ReceiptFlowRef = ActorRefFrom<typeof receiptFlowMachine>;

const ACCOUNT_FIELDS: { name: keyof NewAccountValues; hintKey?: string; numeric?: boolean }[] = [
  { name: 'password', hintKey: 'RECEIPT.PASSWORD_HINT' },
  { name: 'password_again' },
  { name: 'pin', hintKey: 'RECEIPT.PIN_HINT', numeric: true },
  { name: 'pin_again', numeric: true },
];
const ACCOUNT_LABELS: Record<keyof NewAccountValues, string> = {
  password: 'RECEIPT.PASSWORD',
  password_again: 'RECEIPT.PASSWORD_AGAIN',
  pin: 'RECEIPT.PIN',
  pin_again: 'RECEIPT.PIN_AGAIN',
};
/** §5 create account: what the modal asks of registerSchema (the email and names come from the deposit). */
const ACCOUNT_SCHEMA = registerSchema.pick(['password', 'password_again', 'pin', 'pin_again']);

const SMS_LABELS: Record<keyof SmsValues, string> = { phone_no: 'RECEIPT.SMS_PHONE', enroll: 'RECEIPT.SMS_ENROLL' };
/** §5: the number to text (US) and the opt-in, of the text receipt's request schema. */
const SMS_SCHEMA = smsSendSchema.pick(['phone_no', 'enroll']);

/** The machine's answer to show: field errors (the server's) and a message that is not a field's. */
function hasAnswer(s: ReceiptFlowSnapshot): boolean {
  return s.context.failure !== null || Object.keys(s.context.errors).length > 0;
}

/** The receipt flow's status tracker (docs/decisions/0048), once it runs. */
function useStatusActor(flow: ReceiptFlowRef | undefined): DepositStatusRef | undefined {
  return useSelector(flow, (s) => s?.children[DEPOSIT_STATUS_ID] as DepositStatusRef | undefined);
}

/** Where the deposit is (docs/decisions/0048, 0049): the status tracker, and the cancel it offers. */
function ReceiptStatus({ flow, lang, deposit }: { flow: ReceiptFlowRef; lang: Locale; deposit: DepositSummary }) {
  const actor = useStatusActor(flow);
  return actor ? <DepositStatusPanel actor={actor} lang={lang} deposit={deposit} /> : null;
}

/** §2 create account (a guest, after the deposit): the password and PIN are the form's until sent. */
function AccountModal({ flow, s }: { flow: ReceiptFlowRef; s: ReceiptFlowSnapshot }) {
  const { t } = useTranslation();
  const { errors, failure, sentAccount } = s.context;
  const busy = s.hasTag('busy');
  const form = useMachineForm<NewAccountValues>({
    initialValues: sentAccount ?? EMPTY_ACCOUNT,
    schema: ACCOUNT_SCHEMA,
    labels: ACCOUNT_LABELS,
    serverErrors: errors,
    onSubmit: (values) => flow.send({ type: 'account.submit', values }),
  });
  return (
    <Modal title={t('RECEIPT.ACCOUNT_TITLE')} onClose={busy ? undefined : () => flow.send({ type: 'account.skip' })}>
      <form noValidate onSubmit={form.submit}>
        <p>{t('RECEIPT.ACCOUNT_TEXT', { email: s.context.fields.email })}</p>
        {/* A refused email (taken) is the deposit's, not a field here: the summary says it by its message. */}
        <ErrorSummary
          show={form.invalid || hasAnswer(s)}
          errors={form.summaryErrors}
          labels={ACCOUNT_LABELS}
          messageKey={failure}
        />
        {ACCOUNT_FIELDS.map((f) => (
          <TextField
            key={f.name}
            {...form.text(f.name)}
            {...(f.hintKey ? { hintKey: f.hintKey } : {})}
            type="password"
            inputMode={f.numeric ? 'numeric' : undefined}
            autoComplete={f.numeric ? 'off' : 'new-password'}
            maxLength={f.numeric ? 6 : 100}
          />
        ))}
        <div className="wizard-nav">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => flow.send({ type: 'account.skip' })}
          >
            {t('RECEIPT.NO_THANKS')}
          </button>
          <SubmitButton busy={busy} labelKey="RECEIPT.CREATE_ACCOUNT" />
        </div>
      </form>
    </Modal>
  );
}

/** §2 text receipt (US billing): the number, masked as typed (§5), and the opt-in are the form's until sent. */
function SmsModal({ flow, s }: { flow: ReceiptFlowRef; s: ReceiptFlowSnapshot }) {
  const { t } = useTranslation();
  // §5: the SMS receipt phone takes the US mask (the text receipt is for US billing).
  const mask = useMasks();
  const { errors, failure, sentSms, fields } = s.context;
  const busy = s.hasTag('busy');
  const form = useMachineForm<SmsValues>({
    initialValues: sentSms ?? smsStart(fields),
    schema: SMS_SCHEMA,
    labels: SMS_LABELS,
    serverErrors: errors,
    onSubmit: (values) => flow.send({ type: 'sms.submit', values }),
  });
  return (
    <Modal title={t('RECEIPT.SMS_TITLE')} onClose={busy ? undefined : () => flow.send({ type: 'sms.skip' })}>
      <form noValidate onSubmit={form.submit}>
        {s.context.accountCreated ? (
          <p className="notice" role="status">
            {t('RECEIPT.ACCOUNT_CREATED')}
          </p>
        ) : null}
        <p>{t('RECEIPT.SMS_TEXT')}</p>
        <ErrorSummary
          show={form.invalid || hasAnswer(s)}
          errors={form.summaryErrors}
          labels={SMS_LABELS}
          messageKey={failure}
        />
        <TextField
          {...form.text('phone_no')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={mask.phone(form.values.phone_no, 'US')}
          onValue={(v) => form.set('phone_no', mask.phone(v, 'US'))}
        />
        <CheckboxField {...form.check('enroll')}>{t('RECEIPT.SMS_ENROLL')}</CheckboxField>
        <div className="wizard-nav">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => flow.send({ type: 'sms.skip' })}
          >
            {t('RECEIPT.SKIP')}
          </button>
          <SubmitButton busy={busy} labelKey="RECEIPT.SMS_SEND" />
        </div>
      </form>
    </Modal>
  );
}

/** §2: the create-account modal (guests), then the text-receipt modal (US billing). */
export function ReceiptModals({ flow }: { flow: ReceiptFlowRef }) {
  const { t } = useTranslation();
  const s = useSelector(flow, (x) => x);
  if (s.hasTag('account')) return <AccountModal key="account" flow={flow} s={s} />;
  if (s.hasTag('sms')) return <SmsModal key="sms" flow={flow} s={s} />;
  if (s.hasTag('phone')) {
    const r = s.context.fields.cached_deposit_info;
    const account = phoneLabel(r?.deposit_phone_no ?? '', r?.deposit_phone_no_label ?? '');
    return (
      <PhoneVerificationModal
        title={t('PHONE_VERIFY.TITLE', { account })}
        account={account}
        verification={s.children.phoneVerification as PhoneVerificationRef | undefined}
        outcome="open"
        onClose={() => flow.send({ type: 'phone.close' })}
      />
    );
  }
  return (
    <div>
      {offersPhoneVerification(s.context) ? (
        <div className="notice no-print">
          <p>{t('RECEIPT.VERIFY_PHONE_TEXT')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => flow.send({ type: 'phone.verify' })}
          >
            {t('RECEIPT.VERIFY_PHONE')}
          </button>
        </div>
      ) : null}
      <div role="status">
        {s.context.phoneVerified ? <p className="notice">{t('RECEIPT.PHONE_VERIFIED')}</p> : null}
        {s.context.smsSent ? (
          <p className="notice">{t('RECEIPT.SMS_SENT', { phone: s.context.sentSms?.phone_no ?? '' })}</p>
        ) : null}
        {s.context.accountCreated && !s.context.smsSent ? (
          <p className="notice">{t('RECEIPT.ACCOUNT_CREATED')}</p>
        ) : null}
      </div>
    </div>
  );
}

export function ReceiptStep({
  wizard,
  flow,
  lang,
}: {
  wizard: WizardRef;
  flow?: ReceiptFlowRef | undefined;
  lang: Locale;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const site = useSite();
  const signedIn = useSelector(wizard, (s) => s.context.fields.logged_in) || session.signedIn;
  const receipt = useSelector(wizard, (s) => s.context.fields.cached_deposit_info);
  // §9: the deposit type is named as on the type step and the checkout (unified wallet, purse_reg).
  const facility = useSelector(wizard, (s) => s.context.facility);
  const fields = useSelector(wizard, (s) => s.context.fields);
  const walletFields = {
    unified_wallet_enabled: fields.unified_wallet_enabled,
    uw_pinDebit: fields.uw_pinDebit,
    uw_advpay: fields.uw_advpay,
    uw_trust: fields.uw_trust,
  };
  const clearing = useSelector(wizard, (s) => s.hasTag('clearing'));
  // The headline agrees with where the deposit is: on its way, posted, refused, refunded or cancelled.
  const statusActor = useStatusActor(flow);
  const headline = useSelector(statusActor, (s) => receiptHeadline(s?.context.info ?? null));
  // docs/decisions/0053: while the deposit is on its way, the payer is told it will hear when it moves.
  const moving = useSelector(statusActor, (s) => (s?.context.info?.status ?? 'submitted') === 'submitted');
  if (!receipt) {
    return (
      <div>
        <StepHeading>{t('ERROR.HEADING')}</StepHeading>
        <p>{t('ERROR.UNEXPECTED')}</p>
      </div>
    );
  }
  // A phone-account (dest) deposit names its number; the others, the person.
  const phone =
    receipt.deposit_type === 'dest'
      ? phoneLabel(receipt.deposit_phone_no ?? '', receipt.deposit_phone_no_label ?? '')
      : null;
  const name = phone ?? `${receipt.recipient_first_name ?? ''} ${receipt.recipient_last_name ?? ''}`.trim();
  return (
    <div className="receipt">
      <StepHeading>{t(headline.heading)}</StepHeading>
      <p data-testid="receipt-intro">{t(headline.intro, { name, amount: formatMoney(receipt.amount, lang) })}</p>
      {moving ? <p data-testid="receipt-notice">{t('RECEIPT.NOTICE_EMAIL')}</p> : null}
      <dl className="facts">
        <dt>{t('RECEIPT.ORDER_NUMBER')}</dt>
        <dd data-testid="order-number">{receipt.order_number}</dd>
        <dt>{t('RECEIPT.DATE')}</dt>
        <dd data-testid="receipt-date">
          {formatDate(receipt.deposit_time, { state: fields.facility_state, country: fields.facility_country })}
        </dd>
        <dt>{t('RECEIPT.TYPE')}</dt>
        <dd>
          {t(typeTitleKey(receipt.deposit_type, { facility, fields: walletFields }), {
            label: inmateLabelText(t, receipt.inmate_label),
          })}
        </dd>
        <dt>{phone ? t('NUMBER.PHONE') : inmateLabelText(t, receipt.inmate_label)}</dt>
        <dd>{name}</dd>
        <dt>{t('RECEIPT.FACILITY')}</dt>
        <dd>{receipt.facility_label}</dd>
        {receipt.pam ? (
          // §2: the pam receipt shows card last four digits, deposit amount, transaction and payment fee, total.
          <>
            <dt>{t('RECEIPT.PAM_CARD_LAST4')}</dt>
            <dd>{receipt.card_last4}</dd>
            <dt>{t('RECEIPT.DEPOSIT_AMOUNT')}</dt>
            <dd>{formatMoney(receipt.amount, lang)}</dd>
            <dt>{t('RECEIPT.PAM_FEE')}</dt>
            <dd>{formatSum([receipt.fee, receipt.tax], lang)}</dd>
            <dt>{t('RECEIPT.PAM_TOTAL')}</dt>
            <dd data-testid="amount-paid">{formatMoney(receipt.total, lang)}</dd>
          </>
        ) : (
          <>
            {receipt.recipient_dob ? (
              <>
                <dt>{t('RECEIPT.DOB')}</dt>
                <dd>{formatDate(receipt.recipient_dob)}</dd>
              </>
            ) : receipt.recipient_age != null ? (
              <>
                <dt>{t('RECEIPT.AGE')}</dt>
                <dd>{receipt.recipient_age}</dd>
              </>
            ) : null}
            {receipt.booking_code ? (
              <>
                <dt>{t('RECEIPT.BOOKING_NUMBER')}</dt>
                <dd>{receipt.booking_code}</dd>
              </>
            ) : null}
            <dt>{t('RECEIPT.DEPOSIT_AMOUNT')}</dt>
            <dd>{formatMoney(receipt.amount, lang)}</dd>
            <dt>{t('RECEIPT.FEE')}</dt>
            <dd>{formatSum([receipt.fee, receipt.tax], lang)}</dd>
            <dt>{t('RECEIPT.AMOUNT_PAID')}</dt>
            <dd data-testid="amount-paid">{formatMoney(receipt.total, lang)}</dd>
            <dt>{t('RECEIPT.PAYMENT_METHOD')}</dt>
            <dd>{t('RECEIPT.CARD_ENDING', { brand: brandName(receipt.card_brand), last4: receipt.card_last4 })}</dd>
            <dt>{t('RECEIPT.CARD_EXPIRY')}</dt>
            <dd>{receipt.card_expiry}</dd>
          </>
        )}
        {receipt.recurring ? (
          // §4: the deposit repeats on this schedule until cancelled under My account.
          <>
            <dt>{t('RECEIPT.REPEATS')}</dt>
            <dd data-testid="receipt-repeats">{scheduleText(t, receipt.recurring.interval, receipt.recurring.day)}</dd>
          </>
        ) : null}
      </dl>
      <div className="wizard-nav no-print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t('RECEIPT.PRINT')}
        </button>
      </div>
      {flow ? (
        <ReceiptStatus
          flow={flow}
          lang={lang}
          deposit={{ amount: receipt.amount, recipient: name, order: receipt.order_number }}
        />
      ) : null}
      {flow ? <ReceiptModals flow={flow} /> : null}
      <section className="panel no-print" aria-labelledby="next-steps">
        <h2 id="next-steps">{t('RECEIPT.NEXT_STEPS')}</h2>
        <ul className="next-steps">
          <li>
            <button
              type="button"
              className="button"
              disabled={clearing}
              onClick={() => wizard.send({ type: 'wizard.another' })}
            >
              {t('RECEIPT.MAKE_ANOTHER')}
            </button>
          </li>
          {site?.visit_url && !session.mobile ? (
            <li>
              <a href={site.visit_url} target="_blank" rel="noopener noreferrer">
                {t('RECEIPT.SCHEDULE_VISIT')}
              </a>
            </li>
          ) : null}
          {signedIn ? (
            <>
              <li>
                <a href="#/account/destination_accounts">{t('RECEIPT.VIEW_ACCOUNT')}</a>
              </li>
              <li>
                <button type="button" className="button button--secondary" onClick={session.signOut}>
                  {t('LAYOUT.SIGN_OUT')}
                </button>
              </li>
            </>
          ) : null}
        </ul>
      </section>
    </div>
  );
}
