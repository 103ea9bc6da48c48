// /account/destination_accounts (§2): renders the destinationAccounts machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ActivityEvent, DestinationAccount, DestinationActivity, Purse } from '../../../contract/accounts.ts';
import type { Locale } from '../../../contract/entities.ts';
import { alertChoiceSchema } from '../../../contract/accounts.ts';
import {
  type AlertChoice,
  NO_ALERTS,
  canVerify,
  enrolmentOf,
  isEnrolled,
  type destinationAccountsMachine,
} from '../../../machines/destination-accounts.machine.ts';
import { AccountList } from '../../components/account-list.tsx';
import { ConfirmRemoveDialog } from '../../components/confirm-remove-dialog.tsx';
import { SubmitButton } from '../../components/fields.tsx';
import { Modal } from '../../components/modal.tsx';
import { type PhoneVerificationRef, PhoneVerificationModal } from '../../components/phone-verification-modal.tsx';
import { useMachineForm } from '../../components/use-machine-form.ts';
import { formatPhone } from '../../format.ts';
import { formatDate, formatMoney, formatTime } from '../../../contract/format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { LoadingScreen } from '../status-screens.tsx';
import { usePageFrame } from './page-frame.tsx';

type AccountsRef = ActorRefFrom<typeof destinationAccountsMachine>;

const PURSES: readonly Purse[] = ['pp', 'pr'];

/** The i18n key of each purse's name (§7 account_history deposit_type pp or pr). */
const PURSE_KEYS: Record<Purse, { label: string; name: string }> = {
  pp: { label: 'DEST_ACCOUNTS.PURSE_PP', name: 'DEST_ACCOUNTS.PURSE_NAME_PP' },
  pr: { label: 'DEST_ACCOUNTS.PURSE_PR', name: 'DEST_ACCOUNTS.PURSE_NAME_PR' },
};

/** What happened, as the activity table says it. */
const EVENT_KEYS: Record<ActivityEvent, string> = {
  DEPOSIT: 'ACCOUNT.ACTIVITY_DEPOSIT',
  CALL: 'ACCOUNT.ACTIVITY_CALL',
  TRANSFER_IN: 'ACCOUNT.ACTIVITY_TRANSFER_IN',
  TRANSFER_OUT: 'ACCOUNT.ACTIVITY_TRANSFER_OUT',
  TRANSFER_FEE: 'ACCOUNT.ACTIVITY_TRANSFER_FEE',
};

/** Which channels carry the account's inactivity alerts (§3 breakage 1 or 2 enrolled, 3 declined). */
function alertsKey(a: DestinationAccount): string {
  const sms = isEnrolled(a.breakage.sms);
  const email = isEnrolled(a.breakage.email);
  if (sms && email) return 'DEST_ACCOUNTS.ALERTS_BY_BOTH';
  if (sms) return 'DEST_ACCOUNTS.ALERTS_BY_SMS';
  if (email) return 'DEST_ACCOUNTS.ALERTS_BY_EMAIL';
  return 'DEST_ACCOUNTS.ALERTS_OFF';
}

export function DestinationAccountsPage({ page }: PageScreenProps) {
  const ref = page as AccountsRef;
  const context = useSelector(ref, (s) => s.context);
  const starting = useSelector(ref, (s) => s.hasTag('starting'));
  const activityShown = useSelector(ref, (s) => s.hasTag('activity'));
  const alertsShown = useSelector(ref, (s) => s.hasTag('alerts'));
  const verifying = useSelector(ref, (s) => s.hasTag('verifying'));
  const deleting = useSelector(ref, (s) => s.hasTag('deleting'));
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const saved = useSelector(ref, (s) => s.hasTag('saved'));
  const verification = useSelector(ref, (s) => s.children.phoneVerification as PhoneVerificationRef | undefined);
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'es' ? 'es' : 'en') as Locale;
  // The app opens the wizard once the deposit's form state is saved.
  const frame = usePageFrame(ref, 'destinationAccounts');
  if (frame) return frame;
  const { accounts, chosen, removed, failure } = context;
  const name = (a: DestinationAccount) => {
    const phone = formatPhone(a.deposit_phone_no);
    return a.deposit_phone_no_label ? t('DEST_ACCOUNTS.NAMED', { label: a.deposit_phone_no_label, phone }) : phone;
  };
  return (
    <div className="page-content">
      <AccountList
        page="destination_accounts"
        items={accounts}
        none={t('DEST_ACCOUNTS.NONE')}
        failure={failure}
        done={removed ? t('DEST_ACCOUNTS.REMOVED', { account: name(removed) }) : null}
        keyOf={(a) => a.id}
        title={name}
        details={(a) => (
          <>
            {a.primary || a.validate_status !== 'validated' ? (
              <p className="item__tags">
                {a.primary ? <span className="tag">{t('DEST_ACCOUNTS.PRIMARY')}</span> : null}
                {a.validate_status === 'pending' ? (
                  <span className="tag tag--pending">{t('DEST_ACCOUNTS.PENDING')}</span>
                ) : null}
                {a.validate_status === 'rejected' ? (
                  <span className="tag tag--pending">{t('DEST_ACCOUNTS.REJECTED')}</span>
                ) : null}
              </p>
            ) : null}
            <p className="item__balance">
              {t('DEST_ACCOUNTS.BALANCE', { amount: formatMoney(a.prepaid_balance, lang) })}
              {a.regulated_balance > 0
                ? ` · ${t('DEST_ACCOUNTS.REGULATED_BALANCE', { amount: formatMoney(a.regulated_balance, lang) })}`
                : null}
            </p>
            {/* §9: low balance under 25 (the server's low_balance flag). */}
            {a.low_balance ? <p className="notice notice--warning">{t('DEST_ACCOUNTS.LOW_BALANCE')}</p> : null}
            <p className="item__meta">{t(alertsKey(a))}</p>
          </>
        )}
        actions={(a) => {
          const depositing = starting && chosen?.id === a.id;
          return (
            <>
              {/* §4: a pending account is confirmed by text or call. */}
              {canVerify(a) ? (
                <button
                  type="button"
                  className="button"
                  disabled={starting}
                  aria-label={t('PHONE_VERIFY.VERIFY_ITEM', { account: name(a) })}
                  onClick={() => ref.send({ type: 'verify.open', id: a.id })}
                >
                  {t('PHONE_VERIFY.VERIFY')}
                </button>
              ) : null}
              <button
                type="button"
                className="button"
                disabled={starting}
                aria-busy={depositing || undefined}
                aria-label={depositing ? undefined : t('DEST_ACCOUNTS.DEPOSIT_ITEM', { account: name(a) })}
                onClick={() => ref.send({ type: 'deposit.start', id: a.id })}
              >
                {depositing ? t('WIZARD.PLEASE_WAIT') : t('DEST_ACCOUNTS.DEPOSIT')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={starting}
                aria-label={t('DEST_ACCOUNTS.HISTORY_ITEM', { account: name(a) })}
                onClick={() => ref.send({ type: 'activity.open', id: a.id })}
              >
                {t('DEST_ACCOUNTS.HISTORY')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={starting}
                aria-label={t('DEST_ACCOUNTS.ALERTS_ITEM', { account: name(a) })}
                onClick={() => ref.send({ type: 'alerts.open', id: a.id })}
              >
                {t('DEST_ACCOUNTS.ALERTS')}
              </button>
            </>
          );
        }}
        remove={{
          label: t('DEST_ACCOUNTS.DELETE'),
          itemLabel: (a) => t('DEST_ACCOUNTS.DELETE_ITEM', { account: name(a) }),
          onRemove: (a) => ref.send({ type: 'delete.ask', id: a.id }),
          disabled: starting,
        }}
      />
      {chosen && activityShown ? (
        <ActivityDialog
          title={t('DEST_ACCOUNTS.ACTIVITY_TITLE', { account: name(chosen) })}
          machine={ref}
          send={ref.send}
          lang={lang}
        />
      ) : null}
      {chosen && alertsShown ? (
        <AlertsDialog
          title={t('DEST_ACCOUNTS.ALERTS_TITLE', { account: name(chosen) })}
          machine={ref}
          send={ref.send}
          opening={context.sent ?? enrolmentOf(chosen)}
          summary={t(alertsKey(chosen))}
        />
      ) : null}
      {chosen && verifying ? (
        <PhoneVerificationModal
          title={t('PHONE_VERIFY.TITLE', { account: name(chosen) })}
          account={name(chosen)}
          verification={verification}
          outcome={busy ? 'reloading' : saved ? 'verified' : 'open'}
          onClose={() => ref.send({ type: 'dialog.close' })}
        />
      ) : null}
      {chosen && deleting ? (
        <ConfirmRemoveDialog
          title={t('DEST_ACCOUNTS.CONFIRM_TITLE')}
          text={t('DEST_ACCOUNTS.CONFIRM_TEXT', { account: name(chosen) })}
          keepLabel={t('DEST_ACCOUNTS.KEEP')}
          removeLabel={t('DEST_ACCOUNTS.DELETE')}
          busy={busy}
          onKeep={() => ref.send({ type: 'dialog.close' })}
          onRemove={() => ref.send({ type: 'delete.confirm' })}
        />
      ) : null}
    </div>
  );
}

type Send = AccountsRef['send'];

function ActivityDialog({
  title,
  machine,
  send,
  lang,
}: {
  title: string;
  machine: AccountsRef;
  send: Send;
  lang: Locale;
}) {
  const { t } = useTranslation();
  const { purse, activity, dialogFailure } = useSelector(machine, (s) => s.context);
  const loading = useSelector(machine, (s) => s.hasTag('loading'));
  const failed = useSelector(machine, (s) => s.hasTag('error'));
  const shown = useSelector(machine, (s) => s.hasTag('shown'));
  const close = () => send({ type: 'dialog.close' });
  const when = (a: DestinationActivity) => `${formatDate(a.event_at)} ${formatTime(a.event_at, lang)}`;
  return (
    <Modal title={title} onClose={close}>
      {/* pp: the prepaid purse; pr: the regulated purse (§7 account_history deposit_type). */}
      <fieldset>
        <legend>{t('DEST_ACCOUNTS.PURSE_LEGEND')}</legend>
        {PURSES.map((p) => (
          <label key={p} className="choice">
            <input
              type="radio"
              name="purse"
              checked={purse === p}
              onChange={() => send({ type: 'activity.purse', purse: p })}
            />
            <span>{t(PURSE_KEYS[p].label)}</span>
          </label>
        ))}
      </fieldset>
      {loading ? <LoadingScreen /> : null}
      {failed ? (
        <>
          <p className="notice notice--error" role="alert">
            {t(dialogFailure ?? 'ERROR.UNEXPECTED')}
          </p>
          <button type="button" className="button" onClick={() => send({ type: 'activity.retry' })}>
            {t('COMMON.TRY_AGAIN')}
          </button>
        </>
      ) : null}
      {shown ? (
        activity.length === 0 ? (
          <p>{t('DEST_ACCOUNTS.ACTIVITY_NONE')}</p>
        ) : (
          <table className="activity">
            <caption>{t('DEST_ACCOUNTS.ACTIVITY_CAPTION', { purse: t(PURSE_KEYS[purse].name) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('DEST_ACCOUNTS.COL_DATE')}</th>
                <th scope="col">{t('DEST_ACCOUNTS.COL_EVENT')}</th>
                <th scope="col" className="activity__amount">
                  {t('DEST_ACCOUNTS.COL_AMOUNT')}
                </th>
              </tr>
            </thead>
            <tbody>
              {activity.map((a, i) => (
                <tr key={`${a.event_at}-${i}`}>
                  <td>{when(a)}</td>
                  <td>{t(EVENT_KEYS[a.event_desc] ?? 'ERROR.UNEXPECTED')}</td>
                  <td className="activity__amount">{formatMoney(a.amount, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      <div className="wizard-nav">
        <button type="button" className="button button--secondary" onClick={close}>
          {t('COMMON.CLOSE')}
        </button>
      </div>
    </Modal>
  );
}

/** The alerts dialog's fields (docs/decisions/0041: the form holds what is ticked, the machine saves it). */
const ALERT_LABELS = { sms: 'DEST_ACCOUNTS.ALERTS_SMS', email: 'DEST_ACCOUNTS.ALERTS_EMAIL' };

function AlertsDialog({
  title,
  machine,
  send,
  opening,
  summary,
}: {
  title: string;
  machine: AccountsRef;
  send: Send;
  /** What the form opens with: what was last sent, else the account's enrolment. */
  opening: AlertChoice;
  summary: string;
}) {
  const { t } = useTranslation();
  const dialogFailure = useSelector(machine, (s) => s.context.dialogFailure);
  const form = useMachineForm<{ sms: boolean; email: boolean }>({
    initialValues: opening,
    schema: alertChoiceSchema,
    labels: ALERT_LABELS,
    onSubmit: (values) => send({ type: 'alerts.submit', values }),
  });
  const sms = form.check('sms');
  const email = form.check('email');
  const saving = useSelector(machine, (s) => s.hasTag('busy'));
  const saved = useSelector(machine, (s) => s.hasTag('saved'));
  const close = () => send({ type: 'dialog.close' });
  return (
    <Modal title={title} onClose={saving ? undefined : close}>
      <p>{t('DEST_ACCOUNTS.ALERTS_TEXT')}</p>
      {saved ? (
        <div role="status">
          <p className="notice">
            {t('DEST_ACCOUNTS.ALERTS_SAVED')} {summary}
          </p>
        </div>
      ) : (
        <form onSubmit={form.submit}>
          {dialogFailure ? (
            <p className="notice notice--error" role="alert">
              {t(dialogFailure)}
            </p>
          ) : null}
          <fieldset disabled={saving}>
            <legend>{t('DEST_ACCOUNTS.ALERTS_LEGEND')}</legend>
            <label className="choice">
              <input
                type="checkbox"
                name="alerts_sms"
                checked={sms.checked}
                onChange={(e) => sms.onValue(e.target.checked)}
              />
              <span>{t('DEST_ACCOUNTS.ALERTS_SMS')}</span>
            </label>
            <label className="choice">
              <input
                type="checkbox"
                name="alerts_email"
                checked={email.checked}
                onChange={(e) => email.onValue(e.target.checked)}
              />
              <span>{t('DEST_ACCOUNTS.ALERTS_EMAIL')}</span>
            </label>
          </fieldset>
          <div className="wizard-nav">
            <button type="button" className="button button--secondary" disabled={saving} onClick={close}>
              {t('COMMON.CLOSE')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={saving}
              onClick={() => {
                // §4: declining unticks both and saves them as declined.
                form.reset(NO_ALERTS);
                send({ type: 'alerts.submit', values: NO_ALERTS });
              }}
            >
              {t('DEST_ACCOUNTS.ALERTS_DECLINE')}
            </button>
            <SubmitButton busy={saving} labelKey="DEST_ACCOUNTS.ALERTS_SAVE" />
          </div>
        </form>
      )}
      {saved ? (
        <div className="wizard-nav">
          <button type="button" className="button button--secondary" onClick={close}>
            {t('COMMON.CLOSE')}
          </button>
        </div>
      ) : null}
    </Modal>
  );
}
