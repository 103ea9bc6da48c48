// /account/professional_verification's form (§2, §5 Professional form) on its field layer: the contract's
// professionalFieldsSchema checks the values before anything is sent (the issue date up to the payer's
// today); the server's refusal of a field stays on it until it is edited, with everything entered kept.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issueDateWindow, localDate, professionalFieldsSchema } from '../../contract/professional.ts';
import { collectErrors } from '../../contract/schemas.ts';
import { PROFESSIONAL_FACILITIES, PROFESSIONAL_FIELDS, SSO_TOKEN } from '../../fixtures/samples.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import { professionalMachine } from '../../machines/professional.machine.ts';
import { ProfessionalPage } from '../../src/screens/pages/professional-page.tsx';
import en from '../../locales/en.json' with { type: 'json' };
import { settle } from '../machines/harness.ts';
import { renderPageScreen } from './page-screen.tsx';

const P = en.PROFESSIONAL;
const V = en.VALIDATION;
const BAD_FIELD: CallFailure = {
  status: 400,
  code: 'ERROR.UNEXPECTED',
  errors: { barNumber: 'VALIDATION.INVALID_ENTRY' } as CallFailure['errors'],
};

const field = (name: string) =>
  screen.getByLabelText(new RegExp(`^${name.replace(/[()]/g, '\\$&')}`)) as HTMLInputElement | HTMLSelectElement;

const linksOf = (summary: HTMLElement) =>
  within(summary)
    .getAllByRole('link')
    .map((a) => a.textContent);

async function opened() {
  const t = renderPageScreen(ProfessionalPage, professionalMachine, 'professional_verification');
  t.calls.resolve('loadProfessionalFacilities', PROFESSIONAL_FACILITIES);
  t.calls.resolve('loadSsoToken', SSO_TOKEN);
  await settle();
  await screen.findByRole('button', { name: P.SUBMIT });
  return t;
}

async function fill(user: ReturnType<typeof userEvent.setup>, issueDate: string) {
  const f = PROFESSIONAL_FIELDS;
  await user.selectOptions(field(P.FACILITY), f.facilityId);
  await user.type(field(P.BAR_NUMBER), f.barNumber);
  await user.selectOptions(field(P.ISSUE_STATE), f.issueState);
  fireEvent.change(field(P.ISSUE_DATE), { target: { value: issueDate } });
  await user.type(field(P.BUSINESS_PHONE), '5125550140');
  await user.type(field(P.PHONE_EXT), f.phoneEx);
}

describe('professional form', () => {
  it('§5: a submit with nothing entered lists the required fields and sends nothing; a field left corrected loses its message', async () => {
    const user = userEvent.setup();
    const t = await opened();
    await user.click(screen.getByRole('button', { name: P.SUBMIT }));
    const summary = await screen.findByRole('alert');
    expect(linksOf(summary)).toEqual(
      [P.FACILITY, P.BAR_NUMBER, P.ISSUE_DATE, P.BUSINESS_PHONE].map((label) => `${label} - ${V.REQUIRED}`),
    );
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(t.calls.inputs('saveProfessionalRequest')).toEqual([]);
    await user.type(field(P.BAR_NUMBER), 'TX-1');
    await user.tab();
    await waitFor(() => expect(field(P.BAR_NUMBER).getAttribute('aria-invalid')).toBeNull());
    expect(field(P.FACILITY).getAttribute('aria-invalid')).toBe('true');
    t.stop();
  });

  it('§5: a list left without a choice says so at once', async () => {
    const user = userEvent.setup();
    const t = await opened();
    field(P.FACILITY).focus();
    await user.tab();
    expect(await screen.findByLabelText(`${P.FACILITY} - ${V.REQUIRED}`)).toBe(field(P.FACILITY));
    expect(screen.queryByRole('alert')).toBeNull();
    t.stop();
  });

  it('§5: an issue date after today is refused before sending; corrected, the request goes with the token', async () => {
    const user = userEvent.setup();
    const t = await opened();
    await fill(user, '2999-01-01');
    expect(field(P.BUSINESS_PHONE).value).toBe('(512) 555-0140');
    await user.click(screen.getByRole('button', { name: P.SUBMIT }));
    expect(linksOf(await screen.findByRole('alert'))).toEqual([`${P.ISSUE_DATE} - ${P.PATTERN}`]);
    expect(t.calls.inputs('saveProfessionalRequest')).toEqual([]);
    fireEvent.change(field(P.ISSUE_DATE), { target: { value: PROFESSIONAL_FIELDS.issueDate } });
    await user.click(screen.getByRole('button', { name: P.SUBMIT }));
    await waitFor(() => expect(t.calls.isPending('saveProfessionalRequest')).toBe(true));
    // The whole request is the machine's (tests/machines/professional.test.ts): here, what the form gave it.
    expect(t.calls.inputs('saveProfessionalRequest')).toMatchObject([
      { facilityId: 1001, barNumber: 'TX-24012345', issueDate: '2015-06-01', jwtToken: SSO_TOKEN.sso_token },
    ]);
    t.stop();
  });

  it("shows the server's field error until the field is edited, keeping everything entered", async () => {
    const user = userEvent.setup();
    const t = await opened();
    await fill(user, PROFESSIONAL_FIELDS.issueDate);
    await user.click(screen.getByRole('button', { name: P.SUBMIT }));
    await waitFor(() => expect(t.calls.isPending('saveProfessionalRequest')).toBe(true));
    t.calls.reject('saveProfessionalRequest', BAD_FIELD);
    const link = await screen.findByRole('link', { name: `${P.BAR_NUMBER} - ${V.INVALID_ENTRY}` });
    expect(link).toBeTruthy();
    expect(field(P.BUSINESS_PHONE).value).toBe('(512) 555-0140');
    expect(field(P.ISSUE_DATE).value).toBe('2015-06-01');
    await user.type(field(P.BAR_NUMBER), '6');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field(P.BAR_NUMBER).value).toBe('TX-240123456');
    t.stop();
  });
});

describe("§5: the form's issue date window", () => {
  it('runs from 100 years ago up to today, else PATTERN; the phone is exactly 10 digits', () => {
    const today = new Date();
    const year = today.getFullYear();
    const schema = professionalFieldsSchema(issueDateWindow(localDate(today)));
    const iso = (y: number, d: Date = today) => `${String(y).padStart(4, '0')}${localDate(d).slice(4)}`;
    const tomorrow = localDate(new Date(year, today.getMonth(), today.getDate() + 1));
    const cases: [string, string | undefined][] = [
      [localDate(today), undefined],
      [iso(year - 100), undefined],
      [tomorrow, 'PROFESSIONAL.PATTERN'],
      [localDate(new Date(year - 100, today.getMonth(), today.getDate() - 1)), 'PROFESSIONAL.PATTERN'],
      ['2015-02-30', 'PROFESSIONAL.PATTERN'],
    ];
    for (const [issueDate, error] of cases) {
      const errors = collectErrors(schema, { ...PROFESSIONAL_FIELDS, issueDate, businessPhone: '512555014' }) as Record<
        string,
        string
      >;
      expect(errors['issueDate'], issueDate).toBe(error);
      expect(errors['businessPhone']).toBe('VALIDATION.KEEP_TYPING');
    }
  });
});
