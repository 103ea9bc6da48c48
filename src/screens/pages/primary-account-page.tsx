// /account/primary_account (§2): renders the primaryAccount machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DestinationAccount } from '../../../contract/accounts.ts';
import type { primaryAccountMachine } from '../../../machines/primary-account.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { formatPhone } from '../../format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type PrimaryRef = ActorRefFrom<typeof primaryAccountMachine>;

export function PrimaryAccountPage({ page }: PageScreenProps) {
  const primary = page as PrimaryRef;
  const snapshot = useSelector(primary, (s) => s);
  const { t } = useTranslation();
  const frame = usePageFrame(primary, 'primaryAccount');
  if (frame) return frame;
  const { accounts, hidden, primaryId, chosenId, saved, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const name = (a: DestinationAccount) => {
    const phone = formatPhone(a.deposit_phone_no);
    return a.deposit_phone_no_label ? t('PRIMARY.OPTION', { label: a.deposit_phone_no_label, phone }) : phone;
  };
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.PRIMARY_ACCOUNT')}</StepHeading>
      <AccountNav current="primary_account" />
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <div role="status">{saved ? <p className="notice">{t('PRIMARY.SAVED', { account: name(saved) })}</p> : null}</div>
      {snapshot.hasTag('done') ? (
        <p>{t('PRIMARY.NONE')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            primary.send({ type: 'primary.save' });
          }}
        >
          <p>{t('PRIMARY.INTRO')}</p>
          {/* While the change is saved the choices stay focusable; the machine takes no new choice. */}
          <fieldset className="choices" aria-busy={busy || undefined}>
            <legend>{t('PRIMARY.LEGEND')}</legend>
            {accounts.map((a) => (
              <label key={a.id} className="choice">
                <input
                  type="radio"
                  name="primary_account"
                  value={a.id}
                  checked={chosenId === a.id}
                  onChange={() => primary.send({ type: 'primary.choose', id: a.id })}
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
