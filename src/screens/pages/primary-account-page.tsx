// /account/primary_account (§2): renders the primaryAccount machine's states only. The choice is the
// form's (docs/decisions/0041): the contract's make_primary schema checks it on submit, and the save
// sends it to the machine.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type DestinationAccount, type MakePrimaryRequest, makePrimarySchema } from '../../../contract/accounts.ts';
import type { primaryAccountMachine } from '../../../machines/primary-account.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { useMachineForm } from '../../components/use-machine-form.ts';
import { formatPhone } from '../../format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type PrimaryRef = ActorRefFrom<typeof primaryAccountMachine>;

const LABELS = { ani: 'PRIMARY.LEGEND' };

export function PrimaryAccountPage({ page }: PageScreenProps) {
  const primary = page as PrimaryRef;
  const frame = usePageFrame(primary, 'primaryAccount');
  if (frame) return frame;
  return <PrimaryAccountForm primary={primary} />;
}

/** The accounts, loaded: the form opens with the choice last sent, else the current primary. */
function PrimaryAccountForm({ primary }: { primary: PrimaryRef }) {
  const context = useSelector(primary, (s) => s.context);
  const busy = useSelector(primary, (s) => s.hasTag('busy'));
  const done = useSelector(primary, (s) => s.hasTag('done'));
  const { t } = useTranslation();
  const { accounts, hidden, primaryId, sent, saved, failure } = context;
  const form = useMachineForm<MakePrimaryRequest>({
    initialValues: sent ?? { ani: accounts.find((a) => a.id === primaryId)?.deposit_phone_no ?? '' },
    schema: makePrimarySchema,
    labels: LABELS,
    onSubmit: (values) => primary.send({ type: 'primary.save', values }),
  });
  const name = (a: DestinationAccount) => {
    const phone = formatPhone(a.deposit_phone_no);
    return a.deposit_phone_no_label ? t('PRIMARY.OPTION', { label: a.deposit_phone_no_label, phone }) : phone;
  };
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.PRIMARY_ACCOUNT')}</StepHeading>
      <AccountNav current="primary_account" />
      <ErrorSummary show={form.invalid} errors={form.summaryErrors} labels={LABELS} titleKey="PRIMARY.CHOOSE" />
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <div role="status">{saved ? <p className="notice">{t('PRIMARY.SAVED', { account: name(saved) })}</p> : null}</div>
      {done ? (
        <p>{t('PRIMARY.NONE')}</p>
      ) : (
        <form noValidate onSubmit={form.submit}>
          <p>{t('PRIMARY.INTRO')}</p>
          {/* While the change is saved the choices stay focusable; the form takes no new choice. */}
          <fieldset className="choices" aria-busy={busy || undefined}>
            <legend>{t('PRIMARY.LEGEND')}</legend>
            {accounts.map((a, i) => (
              <label key={a.id} className="choice">
                <input
                  type="radio"
                  name="ani"
                  id={i === 0 ? 'field-ani' : undefined}
                  value={a.deposit_phone_no}
                  checked={form.values.ani === a.deposit_phone_no}
                  aria-invalid={form.errorOf('ani') ? true : undefined}
                  onChange={() => {
                    if (!busy) form.set('ani', a.deposit_phone_no);
                  }}
                />
                <span>
                  {name(a)}
                  {a.id === primaryId ? (
                    <>
                      {' '}
                      <span className="choice__tag">{t('PRIMARY.CURRENT')}</span>
                    </>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          {hidden > 0 ? <p className="hint">{t('PRIMARY.HIDDEN')}</p> : null}
          <div className="wizard-nav">
            <button type="submit" className="button" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
              {busy ? t('WIZARD.PLEASE_WAIT') : t('PRIMARY.SAVE')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
