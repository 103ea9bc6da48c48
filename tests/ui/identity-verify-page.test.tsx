// identity.verify's two forms (§2, §4, §5) on their field layer: the agreement needs both checkboxes,
// the profile the contract's date of birth and last four; nothing is sent until they pass. A retryable
// rejection asks for the number again and keeps the date of birth; a failed call keeps everything typed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEST_ACCOUNTS, NETWORK_FAILURE } from '../../fixtures/samples.ts';
import { identityVerifyMachine } from '../../machines/identity-verify.machine.ts';
import { IdentityVerifyPage } from '../../src/screens/pages/identity-verify-page.tsx';
import en from '../../locales/en.json' with { type: 'json' };
import { settle } from '../machines/harness.ts';
import { renderPageScreen } from './page-screen.tsx';

const I = en.IDENTITY;
const V = en.VALIDATION;
const RETRY = { success: false, validate_status: 'rejected' as const, retryable: true };
const VERIFIED = { success: true, validate_status: 'validated' as const, retryable: false };

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement;

async function opened() {
  const t = renderPageScreen(IdentityVerifyPage, identityVerifyMachine, 'identity_verify');
  t.calls.resolve('loadIdentity', { status: 'pending', accounts: DEST_ACCOUNTS });
  await settle();
  return t;
}

async function agreed(user: ReturnType<typeof userEvent.setup>) {
  const dialog = within(await screen.findByRole('dialog', { name: I.AGREE_TITLE }));
  for (const box of dialog.getAllByRole('checkbox')) await user.click(box);
  await user.click(dialog.getByRole('button', { name: I.ACCEPT }));
  await screen.findByRole('heading', { name: I.PROFILE_TITLE });
}

async function fill(user: ReturnType<typeof userEvent.setup>, ssn: string) {
  await user.type(field(I.DOB_MONTH), '2');
  await user.type(field(I.DOB_DAY), '11');
  await user.type(field(I.DOB_YEAR), '1979');
  await user.type(field(I.SSN), ssn);
}

describe('identity verify forms', () => {
  it('the agreement needs both checkboxes; the unchecked one says so until it is checked', async () => {
    const user = userEvent.setup();
    const t = await opened();
    const dialog = within(await screen.findByRole('dialog', { name: I.AGREE_TITLE }));
    const [first, second] = dialog.getAllByRole('checkbox') as HTMLInputElement[];
    await user.click(first as HTMLInputElement);
    await user.click(dialog.getByRole('button', { name: I.ACCEPT }));
    expect(await dialog.findAllByText(`- ${V.AGREE_TERMS}`, { exact: false })).toHaveLength(1);
    // No error summary in the modal: focus goes to the box to tick.
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(t.page.getSnapshot().value).toBe('agreement');
    expect(t.calls.inputs('verifyIdentity')).toEqual([]);
    // Checked, the box's message goes.
    await user.click(second as HTMLInputElement);
    await waitFor(() => expect(dialog.queryAllByText(`- ${V.AGREE_TERMS}`, { exact: false })).toHaveLength(0));
    await user.click(dialog.getByRole('button', { name: I.ACCEPT }));
    await screen.findByRole('heading', { name: I.PROFILE_TITLE });
    t.stop();
  });

  it('§5: nothing is sent until the profile passes; a retryable rejection empties only the number', async () => {
    const user = userEvent.setup();
    const t = await opened();
    await agreed(user);
    await user.click(screen.getByRole('button', { name: I.SUBMIT }));
    const summary = await screen.findByRole('alert');
    expect(screen.getByRole('link', { name: `${I.SSN} - ${V.REQUIRED}` })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.type(field(I.SSN), '12a');
    await user.tab();
    expect(await screen.findByLabelText(`${I.SSN} - ${V.MUST_BE_NUMERIC}`, { exact: false })).toBeTruthy();
    // Numeric but short: the rule broken is "exactly 4 digits" (§5), not "numeric".
    await user.clear(field(I.SSN));
    await user.type(field(I.SSN), '12');
    await user.tab();
    expect(await screen.findByLabelText(`${I.SSN} - ${I.SSN_LENGTH}`, { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText(`${I.SSN} - ${V.MUST_BE_NUMERIC}`, { exact: false })).toBeNull();
    expect(t.calls.inputs('verifyIdentity')).toEqual([]);

    await user.clear(field(I.SSN));
    await fill(user, '1234');
    await user.click(screen.getByRole('button', { name: I.SUBMIT }));
    await waitFor(() => expect(t.calls.isPending('verifyIdentity')).toBe(true));
    expect(t.calls.inputs('verifyIdentity')).toEqual([
      { agree_1: true, agree_2: true, dob_month: '2', dob_day: '11', dob_year: '1979', ssn: '1234' },
    ]);
    t.calls.resolve('verifyIdentity', RETRY);
    expect(await screen.findByText(I.REJECTED)).toBeTruthy();
    expect(field(I.SSN).value).toBe('');
    expect(field(I.DOB_YEAR).value).toBe('1979');

    await user.type(field(I.SSN), '4321');
    await user.click(screen.getByRole('button', { name: I.SUBMIT }));
    await waitFor(() => expect(t.calls.isPending('verifyIdentity')).toBe(true));
    t.calls.resolve('verifyIdentity', VERIFIED);
    expect(await screen.findByRole('list', { name: I.ACCOUNTS_TITLE })).toBeTruthy();
    t.stop();
  });

  it('a failed call says why and keeps everything typed', async () => {
    const user = userEvent.setup();
    const t = await opened();
    await agreed(user);
    await fill(user, '4321');
    await user.click(screen.getByRole('button', { name: I.SUBMIT }));
    await waitFor(() => expect(t.calls.isPending('verifyIdentity')).toBe(true));
    t.calls.reject('verifyIdentity', NETWORK_FAILURE);
    expect(await screen.findByText(en.ERROR.NETWORK)).toBeTruthy();
    expect(field(I.SSN).value).toBe('4321');
    expect(field(I.DOB_DAY).value).toBe('11');
    t.stop();
  });
});
