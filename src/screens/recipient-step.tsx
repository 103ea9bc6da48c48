// deposit.recipient (§2, 60%): facility breadcrumb and switch, name search, results.
// The search form (docs/decisions/0041) holds what is typed and checks it with the contract's rules
// (searchFormSchema, §5); the search machine receives each valid search as it is typed (it throttles
// and cancels, §7), or search.clear when there is nothing valid to search.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { inmateLabelText } from '../deposit-types.ts';
import type { Inmate } from '../../contract/entities.ts';
import { searchFormSchema } from '../../contract/schemas.ts';
import type { SearchCriteria, SearchMode } from '../../machines/wizard.types.ts';
import { FRAUD_CONTROL_MESSAGE } from '../../machines/wizard-rules.ts';
import { ErrorSummary } from '../components/error-summary.tsx';
import { TextField } from '../components/fields.tsx';
import { useMachineForm } from '../components/use-machine-form.ts';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import { formatDate } from '../../contract/format.ts';
import type { RecipientSearchRef, WizardRef } from '../machine-refs.ts';

/** The search form's values: the fields of the facility's kind of search (SEARCH_FIELDS' names). */
type SearchValues = Record<string, string>;

/** Each kind of search's fields and their labels, in the order of the page. */
const SEARCH_LABELS: Record<SearchMode, Record<string, string>> = {
  name: { name_query: 'RECIPIENT.NAME' },
  booking: { booking_code: 'RECIPIENT.BOOKING_NUMBER' },
  ice: { name_query: 'RECIPIENT.A_NUMBER', inmate_last_name: 'RECIPIENT.LAST_NAME_START' },
};

/** What the form opens with: the search the machine has sent, else nothing typed. */
export function searchValues(mode: SearchMode, sent: SearchCriteria | null): SearchValues {
  const query = sent?.query ?? '';
  if (mode === 'booking') return { booking_code: query };
  if (mode === 'ice') return { name_query: query, inmate_last_name: sent?.lastName ?? '' };
  return { name_query: query };
}

/** The search the form's values ask for. */
export function searchCriteria(values: SearchValues): SearchCriteria {
  return { query: values.booking_code ?? values.name_query ?? '', lastName: values.inmate_last_name ?? '' };
}

export function RecipientStep({ wizard, search }: { wizard: WizardRef; search: RecipientSearchRef }) {
  const { t } = useTranslation();
  const facility = useSelector(wizard, (s) => s.context.facility);
  const errors = useSelector(wizard, (s) => s.context.errors);
  const showErrors = useSelector(wizard, (s) => s.context.showErrors);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const saving = useSelector(wizard, (s) => s.hasTag('busy'));
  const { results, total, more, page, perPage, minLength, mode } = useSelector(search, (x) => x.context);
  const found = useSelector(search, (x) => x.hasTag('found'));
  const empty = useSelector(search, (x) => x.hasTag('empty'));
  const failed = useSelector(search, (x) => x.hasTag('error'));
  const searchFailure = useSelector(search, (x) => x.context.failure);
  const label = inmateLabelText(t, facility?.inmate_label);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const busy = useSelector(search, (x) => x.hasTag('busy'));
  const schema = searchFormSchema(mode, minLength);
  const labels = SEARCH_LABELS[mode];
  // Searched as it is typed (§9, throttled by the machine): each edit sends the search if the values
  // pass the contract's rules, else clears the older results.
  const toMachine = (values: SearchValues) => {
    if (schema.isValidSync(values)) search.send({ type: 'search.submit', values: searchCriteria(values) });
    else search.send({ type: 'search.clear' });
  };
  const form = useMachineForm<SearchValues>({
    initialValues: searchValues(mode, search.getSnapshot().context.sent),
    schema,
    labels,
    onEdit: (name, value) => toMachine({ ...form.values, [name]: value }),
    onSubmit: toMachine,
  });

  return (
    <div>
      <StepHeading>{t('RECIPIENT.HEADING', { label })}</StepHeading>
      <ErrorSummary
        show={showErrors || form.invalid}
        errors={{ ...form.summaryErrors, deposit_inmate_id: errors.deposit_inmate_id }}
        labels={labels}
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
      <form role="search" noValidate onSubmit={form.submit}>
        {mode === 'name' ? (
          <TextField
            {...form.text('name_query')}
            hintKey={minLength >= 3 ? 'RECIPIENT.NAME_HINT_3' : 'RECIPIENT.NAME_HINT_2'}
            autoComplete="off"
          />
        ) : null}
        {mode === 'booking' ? (
          <TextField {...form.text('booking_code')} hintKey="RECIPIENT.BOOKING_HINT" autoComplete="off" />
        ) : null}
        {mode === 'ice' ? (
          <>
            <TextField
              {...form.text('name_query')}
              hintKey="RECIPIENT.A_NUMBER_HINT"
              autoComplete="off"
              inputMode="text"
              maxLength={10}
            />
            <TextField
              {...form.text('inmate_last_name')}
              hintKey="RECIPIENT.LAST_NAME_START_HINT"
              autoComplete="off"
              maxLength={3}
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
