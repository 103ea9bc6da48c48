// deposit.recipient (§2, 60%): facility breadcrumb and switch, name search, results.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { inmateLabelText } from '../deposit-types.ts';
import type { Inmate } from '../../contract/entities.ts';
import { FRAUD_CONTROL_MESSAGE } from '../../machines/wizard-rules.ts';
import { ErrorSummary } from '../components/error-summary.tsx';
import { TextField } from '../components/fields.tsx';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import { formatDate } from '../../contract/format.ts';
import type { RecipientSearchRef, WizardRef } from '../machine-refs.ts';

export function RecipientStep({ wizard, search }: { wizard: WizardRef; search: RecipientSearchRef }) {
  const { t } = useTranslation();
  const facility = useSelector(wizard, (s) => s.context.facility);
  const errors = useSelector(wizard, (s) => s.context.errors);
  const showErrors = useSelector(wizard, (s) => s.context.showErrors);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const saving = useSelector(wizard, (s) => s.hasTag('busy'));
  const { query, results, total, more, page, perPage, queryError, minLength, mode, lastName, lastNameError } =
    useSelector(search, (x) => x.context);
  const found = useSelector(search, (x) => x.hasTag('found'));
  const empty = useSelector(search, (x) => x.hasTag('empty'));
  const failed = useSelector(search, (x) => x.hasTag('error'));
  const searchFailure = useSelector(search, (x) => x.context.failure);
  const label = inmateLabelText(t, facility?.inmate_label);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const busy = useSelector(search, (x) => x.hasTag('busy'));

  return (
    <div>
      <StepHeading>{t('RECIPIENT.HEADING', { label })}</StepHeading>
      <ErrorSummary
        show={showErrors}
        errors={{ deposit_inmate_id: errors.deposit_inmate_id }}
        labels={{}}
        // §5/§8: a fraud-flagged person is not something to correct: the deposit cannot be made.
        titleKey={errors.deposit_inmate_id === FRAUD_CONTROL_MESSAGE ? 'RECIPIENT.CANNOT_DEPOSIT' : undefined}
        messageKey={failure}
      />
      <p className="breadcrumb">
        <span>{facility?.label}</span>{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => wizard.send({ type: 'wizard.navigate', route: 'facility' })}
        >
          {t('RECIPIENT.CHANGE_FACILITY')}
        </button>
      </p>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        {mode === 'name' ? (
          <TextField
            name="name_query"
            labelKey="RECIPIENT.NAME"
            hintKey={minLength >= 3 ? 'RECIPIENT.NAME_HINT_3' : 'RECIPIENT.NAME_HINT_2'}
            value={query}
            error={queryError}
            autoComplete="off"
            onValue={(v) => search.send({ type: 'search.query', query: v })}
          />
        ) : null}
        {mode === 'booking' ? (
          <TextField
            name="booking_code"
            labelKey="RECIPIENT.BOOKING_NUMBER"
            hintKey="RECIPIENT.BOOKING_HINT"
            value={query}
            error={queryError}
            autoComplete="off"
            onValue={(v) => search.send({ type: 'search.query', query: v })}
          />
        ) : null}
        {mode === 'ice' ? (
          <>
            <TextField
              name="a_number"
              labelKey="RECIPIENT.A_NUMBER"
              hintKey="RECIPIENT.A_NUMBER_HINT"
              value={query}
              error={queryError}
              autoComplete="off"
              inputMode="text"
              maxLength={10}
              onValue={(v) => search.send({ type: 'search.query', query: v })}
            />
            <TextField
              name="inmate_last_name"
              labelKey="RECIPIENT.LAST_NAME_START"
              hintKey="RECIPIENT.LAST_NAME_START_HINT"
              value={lastName}
              error={lastNameError}
              autoComplete="off"
              maxLength={3}
              onValue={(v) => search.send({ type: 'search.lastName', lastName: v })}
            />
          </>
        ) : null}
      </form>
      <p className="status" role="status" aria-live="polite">
        {busy
          ? t('RECIPIENT.SEARCHING')
          : found
            ? // docs/decisions/0023: past its cap the server counts no further: "more than" and a nudge to type more.
              t(more ? 'RECIPIENT.RESULTS_MORE_THAN' : 'RECIPIENT.RESULTS_COUNT', { count: total })
            : ''}
      </p>
      {empty ? (
        <div className="notice" role="alert">
          <p>{t('DEPOSIT.SEARCH_NOT_FOUND')}</p>
        </div>
      ) : null}
      {failed ? (
        <div className="notice notice--error" role="alert">
          <p>{t(searchFailure ?? 'ERROR.UNEXPECTED')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => search.send({ type: 'search.retry' })}
          >
            {t('COMMON.TRY_AGAIN')}
          </button>
        </div>
      ) : null}
      {found ? (
        <>
          <ul className="results" aria-label={t('RECIPIENT.RESULTS', { label })}>
            {results.map((inmate) => (
              <ResultRow
                key={inmate.id}
                inmate={inmate}
                disabled={saving}
                onSelect={() => wizard.send({ type: 'recipient.select', inmate })}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="pager" aria-label={t('RECIPIENT.PAGES')}>
              <button
                type="button"
                className="button button--secondary"
                disabled={page <= 1}
                onClick={() => search.send({ type: 'search.page', page: page - 1 })}
              >
                {t('COMMON.PREVIOUS')}
              </button>
              <span>{t('COMMON.PAGE_OF', { page, pages })}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={page >= pages}
                onClick={() => search.send({ type: 'search.page', page: page + 1 })}
              >
                {t('COMMON.NEXT')}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
      <WizardNav showContinue={false} onBack={() => wizard.send({ type: 'wizard.back' })} />
    </div>
  );
}

function ResultRow({ inmate, disabled, onSelect }: { inmate: Inmate; disabled: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const name = `${inmate.first_name} ${inmate.last_name}`;
  return (
    <li className="result">
      <div>
        <p className="result__name">{name}</p>
        <p className="result__meta">
          {inmate.booking_code ? t('RECIPIENT.BOOKING', { code: inmate.booking_code }) : null}
          {inmate.date_of_birth ? ` · ${t('RECIPIENT.DOB', { date: formatDate(inmate.date_of_birth) })}` : null}
        </p>
      </div>
      <button
        type="button"
        className="button"
        disabled={disabled}
        aria-label={t('RECIPIENT.SELECT_NAMED', { name })}
        onClick={onSelect}
      >
        {t('RECIPIENT.SELECT')}
      </button>
    </li>
  );
}
