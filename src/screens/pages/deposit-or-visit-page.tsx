// deposit.deposit_or_schedule_visit (§2): renders the depositOrVisit machine's states only.
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Locale } from '../../../contract/entities.ts';
import { type QuickDeposit, quickAmounts } from '../../../contract/quick-deposits.ts';
import { type depositOrVisitMachine, quickTypeKey } from '../../../machines/deposit-or-visit.machine.ts';
import { pagePath } from '../../../machines/pages.ts';
import { StepHeading } from '../../components/step-heading.tsx';
import { inmateLabelText } from '../../deposit-types.ts';
import { phoneLabel } from '../../format.ts';
import { formatMoney } from '../../../contract/format.ts';
import { useCustomerServicePhone } from '../../site.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { ErrorReference } from '../../components/error-reference.tsx';

type DepositOrVisitRef = ActorRefFrom<typeof depositOrVisitMachine>;

/** §2 view my account: identity.my_account leads to the phone accounts page. */
const MY_ACCOUNT_HREF = `#${pagePath({ route: 'destination_accounts', params: {}, query: {} })}`;

/** The quick deposits' list as the machine's tags tell it, one at a time. */
const CARDS_VIEWS = ['cardsLoading', 'cardsFailed', 'cardsReady'] as const;

export function DepositOrVisitPage({ page }: PageScreenProps) {
  const machine = page as DepositOrVisitRef;
  const context = useSelector(machine, (s) => s.context);
  // From the click until the app shows the next step.
  const starting = useSelector(machine, (s) => s.hasTag('busy'));
  const cards = useSelector(machine, (s) => CARDS_VIEWS.find((tag) => s.hasTag(tag)) ?? null);
  const { t } = useTranslation();
  const phone = useCustomerServicePhone();
  const warningTitle = useId();
  const quickTitle = useId();
  const { quickDeposits, loadFailure, chosen, failure, verificationRejected, visitUrl } = context;
  const startingNew = starting && chosen === null;
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.DEPOSIT_OR_VISIT')}</StepHeading>
      {verificationRejected ? (
        <section className="notice notice--warning" aria-labelledby={warningTitle}>
          <h2 id={warningTitle}>{t('DEPOSIT_OR_VISIT.VERIFICATION_TITLE')}</h2>
          <p>{t('DEPOSIT_OR_VISIT.VERIFICATION_TEXT', { phone })}</p>
        </section>
      ) : null}
      <p>{t('DEPOSIT_OR_VISIT.INTRO')}</p>
      {failure ? <FailureNotice messageKey={failure} /> : null}
      <div className="item__actions">
        <button
          type="button"
          className="button"
          disabled={starting}
          aria-busy={startingNew || undefined}
          onClick={() => machine.send({ type: 'deposit.new' })}
        >
          {startingNew ? t('WIZARD.PLEASE_WAIT') : t('DEPOSIT_OR_VISIT.MAKE_DEPOSIT')}
        </button>
        <a className="button button--secondary" href={MY_ACCOUNT_HREF}>
          {t('DEPOSIT_OR_VISIT.VIEW_ACCOUNT')}
        </a>
        {/* §2: the external visit URL, hidden on mobile (the machine leaves it out). */}
        {visitUrl ? (
          <a className="button button--secondary" href={visitUrl} target="_blank" rel="noopener noreferrer">
            {t('DEPOSIT_OR_VISIT.SCHEDULE_VISIT')}
          </a>
        ) : null}
      </div>
      <section aria-labelledby={quickTitle}>
        <h2 id={quickTitle}>{t('DEPOSIT_OR_VISIT.QUICK_TITLE')}</h2>
        <p>{t('DEPOSIT_OR_VISIT.QUICK_INTRO')}</p>
        {cards === 'cardsLoading' ? (
          <p role="status" aria-live="polite">
            {t('DEPOSIT_OR_VISIT.QUICK_LOADING')}
          </p>
        ) : null}
        {cards === 'cardsFailed' ? (
          <div className="notice notice--error">
            <p role="alert">
              {t('DEPOSIT_OR_VISIT.QUICK_FAILED')} {t(loadFailure ?? 'ERROR.UNEXPECTED')}
            </p>
            <button type="button" className="button" onClick={() => machine.send({ type: 'quick.retry' })}>
              {t('COMMON.TRY_AGAIN')}
            </button>
          </div>
        ) : null}
        {cards === 'cardsReady' && quickDeposits.length === 0 ? <p>{t('DEPOSIT_OR_VISIT.QUICK_NONE')}</p> : null}
        {cards === 'cardsReady' && quickDeposits.length > 0 ? (
          <ul className="item-list" aria-label={t('DEPOSIT_OR_VISIT.QUICK_LIST')}>
            {quickDeposits.map((q) => (
              <QuickDepositCard
                key={q.id}
                card={q}
                busy={starting}
                busyAmount={starting && chosen?.card.id === q.id ? chosen.amount : null}
                onChoose={(amount) => machine.send({ type: 'quick.choose', id: q.id, amount })}
              />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

/** A deposit that could not start: announced, and focus moves to it (the clicked button may be disabled). */
function FailureNotice({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [messageKey]);
  return (
    <>
      <p ref={ref} tabIndex={-1} className="notice notice--error" role="alert">
        {t(messageKey)}
      </p>
      <ErrorReference messageKey={messageKey} />
    </>
  );
}

/** §3: a person for flex, trust and bail; the payer's phone account for dest. */
function recipientOf(q: QuickDeposit): string {
  if (q.deposit_type === 'dest' && q.deposit_phone_no !== null) {
    return phoneLabel(q.deposit_phone_no, q.deposit_phone_no_label ?? '');
  }
  return `${q.deposit_inmate_first_name} ${q.deposit_inmate_last_name}`;
}

function QuickDepositCard({
  card: q,
  busy,
  busyAmount,
  onChoose,
}: {
  card: QuickDeposit;
  busy: boolean;
  /** The amount of this card being started, if any. */
  busyAmount: number | null;
  onChoose: (amount: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'es' ? 'es' : 'en') as Locale;
  const reasonId = useId();
  const recipient = recipientOf(q);
  const type = t(quickTypeKey(q), { label: inmateLabelText(t, q.inmate_label) });
  return (
    <li>
      <div className="item__main">
        {q.photo_url ? <img src={q.photo_url} alt="" width={64} height={64} /> : null}
        <p className="item__title">{recipient}</p>
        <dl className="facts">
          <dt>{t('DEPOSIT_OR_VISIT.TYPE')}</dt>
          <dd>{type}</dd>
          <dt>{t('DEPOSIT_OR_VISIT.FACILITY')}</dt>
          <dd>{q.facility_label}</dd>
          {q.prepaid_balance !== null ? (
            <>
              <dt>{t('DEPOSIT_OR_VISIT.BALANCE')}</dt>
              <dd>{formatMoney(q.prepaid_balance, lang)}</dd>
            </>
          ) : null}
        </dl>
        {/* §6/§8: a fraud flag on the primary or this account, or on the person, blocks the card. */}
        {q.blocked ? (
          <p className="item__meta" id={reasonId}>
            {t('ERROR.FRAUD_CONTROL_MESSAGE')}
          </p>
        ) : null}
      </div>
      <div className="item__actions">
        {quickAmounts(q).map((amount) => {
          const money = formatMoney(amount, lang);
          const thisOne = busyAmount === amount;
          return (
            <button
              key={amount}
              type="button"
              className={amount === q.depositAmountDefault ? 'button' : 'button button--secondary'}
              disabled={q.blocked || busy}
              aria-busy={thisOne || undefined}
              aria-describedby={q.blocked ? reasonId : undefined}
              aria-label={
                thisOne
                  ? undefined
                  : t('DEPOSIT_OR_VISIT.AMOUNT_ITEM', { amount: money, recipient, type, facility: q.facility_label })
              }
              onClick={() => onChoose(amount)}
            >
              {thisOne ? t('WIZARD.PLEASE_WAIT') : money}
            </button>
          );
        })}
      </div>
    </li>
  );
}
