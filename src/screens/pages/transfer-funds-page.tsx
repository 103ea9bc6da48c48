// /account/transfer_funds (§2): renders the transferFunds machine's states only.
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DestinationAccount } from '../../../contract/accounts.ts';
import type { Locale } from '../../../contract/entities.ts';
import {
  type TransferFundsSnapshot,
  type TransferReceipt,
  amountError,
  transferTotals,
  type transferFundsMachine,
} from '../../../machines/transfer-funds.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { SelectField } from '../../components/fields.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { formatMoney } from '../../../contract/format.ts';
import { formatPhone } from '../../format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { FailureScreen, LoadingScreen } from '../status-screens.tsx';

type TransferRef = ActorRefFrom<typeof transferFundsMachine>;

function accountName(account: DestinationAccount | undefined, ani: string): string {
  const phone = formatPhone(ani);
  return account?.deposit_phone_no_label ? `${account.deposit_phone_no_label} ${phone}` : phone;
}

export function TransferFundsPage({ page }: PageScreenProps) {
  const transfer = page as TransferRef;
  const context = useSelector(transfer, (s) => s.context);
  const has = (tag: string) => (s: TransferFundsSnapshot) => s.hasTag(tag);
  const loading = useSelector(transfer, has('loading'));
  const failed = useSelector(transfer, has('error'));
  const notEnough = useSelector(transfer, has('notEnough'));
  const busy = useSelector(transfer, has('busy'));
  const calculating = useSelector(transfer, has('calculating'));
  const updating = useSelector(transfer, has('updating'));
  const shownTransferred = useSelector(transfer, has('transferred'));
  const feeFailed = useSelector(transfer, has('feeFailed'));
  const canSubmit = useSelector(transfer, (s) => s.can({ type: 'transfer.submit' }));
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'es' ? 'es' : 'en') as Locale;
  const money = (amount: number | null) => formatMoney(amount, lang);

  // After a transfer is sent, its outcome (status or alert) takes the focus the disabled button lost.
  const submitting = useSelector(transfer, has('submitting'));
  const wasSubmitting = useRef(false);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (wasSubmitting.current && !submitting) notice.current?.focus();
    wasSubmitting.current = submitting;
  }, [submitting]);

  if (loading) return <LoadingScreen />;
  const { accounts, fields, refusal, failure, transferred } = context;
  const byAni = (ani: string) => accounts.find((a) => a.deposit_phone_no === ani);
  const name = (ani: string) => accountName(byAni(ani), ani);

  const doneText = (r: TransferReceipt) => {
    const from = byAni(r.from);
    const to = byAni(r.to);
    if (!shownTransferred || !from || !to) {
      return t('TRANSFER.DONE_NO_BALANCES', { amount: money(r.amount), from: name(r.from), to: name(r.to) });
    }
    return t('TRANSFER.DONE', {
      amount: money(r.amount),
      from: name(r.from),
      fromBalance: money(from.prepaid_balance),
      to: name(r.to),
      toBalance: money(to.prepaid_balance),
    });
  };

  if (failed) {
    return (
      <>
        <FailureScreen messageKey={failure} onRetry={() => transfer.send({ type: 'transfer.retry' })} />
        {transferred ? (
          <p className="notice" role="status">
            {doneText(transferred)}
          </p>
        ) : null}
      </>
    );
  }
  if (notEnough) {
    return (
      <div className="page-content">
        <StepHeading>{t('PAGES.TRANSFER_FUNDS')}</StepHeading>
        <AccountNav current="transfer_funds" />
        <p className="notice">{t('TRANSFER.NOT_ENOUGH')}</p>
      </div>
    );
  }

  const totals = transferTotals(context);
  const amountMessage = amountError(fields);
  const alert = refusal ?? failure;
  const options = accounts.map((a) => ({
    value: a.deposit_phone_no,
    label: t('TRANSFER.OPTION', { account: name(a.deposit_phone_no), balance: money(a.prepaid_balance) }),
  }));
  // One element from the reload to the message, so that it keeps the focus it was given.
  const status = updating ? t('TRANSFER.UPDATING') : shownTransferred && transferred ? doneText(transferred) : null;
  const describedBy = ['hint-amount', amountMessage ? 'error-amount' : null].filter(Boolean).join(' ');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    transfer.send({ type: 'transfer.submit' });
  };

  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.TRANSFER_FUNDS')}</StepHeading>
      <AccountNav current="transfer_funds" />
      <p>{t('TRANSFER.INTRO')}</p>
      {alert ? (
        <p className="notice notice--error" role="alert" tabIndex={-1} ref={notice}>
          {t(alert)}
        </p>
      ) : null}
      <div role="status">
        {status ? (
          <p className="notice" tabIndex={-1} ref={notice}>
            {status}
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <SelectField
          name="from"
          labelKey="TRANSFER.FROM"
          value={fields.from}
          options={options}
          placeholderKey="TRANSFER.CHOOSE"
          disabled={busy}
          onValue={(ani) => transfer.send({ type: 'transfer.from', ani })}
        />
        <SelectField
          name="to"
          labelKey="TRANSFER.TO"
          value={fields.to}
          options={options}
          placeholderKey="TRANSFER.CHOOSE"
          disabled={busy}
          onValue={(ani) => transfer.send({ type: 'transfer.to', ani })}
        />
        {/* The message changes while the payer types: it describes the field rather than renaming it. */}
        <div className="field">
          <label htmlFor="field-amount" className={amountMessage ? 'label label--error' : 'label'}>
            {t('TRANSFER.AMOUNT')}
          </label>
          <p className="hint" id="hint-amount">
            {t('TRANSFER.AMOUNT_HINT')}
          </p>
          <input
            id="field-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={9}
            value={fields.amount}
            disabled={busy}
            aria-invalid={amountMessage ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => transfer.send({ type: 'transfer.amount', text: e.target.value })}
          />
          {amountMessage ? (
            <p className="label__error" id="error-amount">
              {t(amountMessage)}
            </p>
          ) : null}
        </div>
        <div aria-live="polite">
          <dl className="facts">
            <dt>{t('TRANSFER.FEE')}</dt>
            <dd>
              {calculating
                ? t('TRANSFER.CALCULATING')
                : totals.fee !== null
                  ? money(totals.fee)
                  : t('TRANSFER.NOT_CALCULATED')}
            </dd>
            <dt>{t('TRANSFER.TOTAL')}</dt>
            <dd className="total">{money(totals.total)}</dd>
          </dl>
        </div>
        <div className="wizard-nav">
          {feeFailed ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => transfer.send({ type: 'transfer.retry' })}
            >
              {t('COMMON.TRY_AGAIN')}
            </button>
          ) : null}
          <button type="submit" className="button" disabled={!canSubmit} aria-busy={submitting || undefined}>
            {submitting ? t('WIZARD.PLEASE_WAIT') : t('TRANSFER.SUBMIT')}
          </button>
        </div>
      </form>
    </div>
  );
}
