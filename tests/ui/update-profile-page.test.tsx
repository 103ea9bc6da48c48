// /account/update_profile's form (§2, §5, §7) on its field layer: the contract's profileSchema checks
// the values on blur and on submit before anything is sent; the server's refusal stays on its field
// until that field is edited, with everything typed kept.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallFailure } from '../../machines/actors.types.ts';
import { updateProfileMachine } from '../../machines/update-profile.machine.ts';
import { UpdateProfilePage } from '../../src/screens/pages/update-profile-page.tsx';
import en from '../../locales/en.json' with { type: 'json' };
import { settle } from '../machines/harness.ts';
import { renderPageScreen } from './page-screen.tsx';

const P = en.PROFILE;
const V = en.VALIDATION;
const PROFILE = { first_name: 'Ben', last_name: 'Carter', phone: '(713) 555-0110', email: 'ben@example.com' };
const LOADED = { profile: PROFILE, notifications: { notificationNeedsExecuted: true, sms: false, email: false } };
const BAD_PHONE: CallFailure = {
  status: 400,
  code: 'ERROR.UNEXPECTED',
  errors: { phone: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' } as CallFailure['errors'],
};

async function opened() {
  const t = renderPageScreen(UpdateProfilePage, updateProfileMachine, 'update_profile');
  t.calls.resolve('loadProfile', LOADED);
  await settle();
  await screen.findByDisplayValue('Carter');
  return t;
}

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));
const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;

describe('update profile form', () => {
  it('§5: a one-letter name is refused on leaving the field and on submit, before anything is sent', async () => {
    const user = userEvent.setup();
    const t = await opened();
    expect(valueOf(field(P.FIRST_NAME))).toBe('Ben');
    await user.clear(field(P.FIRST_NAME));
    await user.type(field(P.FIRST_NAME), 'B');
    expect(screen.queryByText(`- ${V.KEEP_TYPING}`, { exact: false })).toBeNull();
    await user.tab();
    expect(valueOf(await screen.findByLabelText(`${P.FIRST_NAME} - ${V.KEEP_TYPING}`))).toBe('B');
    await user.click(screen.getByRole('button', { name: P.SAVE }));
    const summary = await screen.findByRole('alert');
    expect(screen.getByRole('link', { name: `${P.FIRST_NAME} - ${V.KEEP_TYPING}` })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(t.calls.inputs('saveProfile')).toEqual([]);
    t.stop();
  });

  it('a refused phone keeps what was typed and clears when edited; the saved notice goes with a change', async () => {
    const user = userEvent.setup();
    const t = await opened();
    await user.clear(field(P.LAST_NAME));
    await user.type(field(P.LAST_NAME), 'Carter-Ruiz');
    await user.clear(field(P.PHONE));
    await user.type(field(P.PHONE), '7135550199');
    // §5: the US mask as typed.
    expect(valueOf(field(P.PHONE))).toBe('(713) 555-0199');
    await user.click(screen.getByRole('checkbox', { name: P.NOTIFY_SMS }));
    await user.click(screen.getByRole('button', { name: P.SAVE }));
    await waitFor(() => expect(t.calls.isPending('saveProfile')).toBe(true));
    expect(t.calls.inputs('saveProfile')).toEqual([
      {
        profile: { first_name: 'Ben', last_name: 'Carter-Ruiz', phone: '(713) 555-0199' },
        notifications: { sms: true, email: false },
      },
    ]);
    t.calls.reject('saveProfile', BAD_PHONE);
    await settle();
    const link = await screen.findByRole('link', { name: `${P.PHONE} - ${V.INVALID_PHONE_FOR_COUNTRY}` });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(link).toBeTruthy();
    expect(valueOf(field(P.LAST_NAME))).toBe('Carter-Ruiz');
    expect((screen.getByRole('checkbox', { name: P.NOTIFY_SMS }) as HTMLInputElement).checked).toBe(true);

    await user.clear(field(P.PHONE));
    await user.type(field(P.PHONE), '7135550110');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field(P.PHONE).getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: P.SAVE }));
    await waitFor(() => expect(t.calls.isPending('saveProfile')).toBe(true));
    t.calls.resolve('saveProfile', {
      profile: { ...PROFILE, last_name: 'Carter-Ruiz' },
      notifications: { notificationNeedsExecuted: false, sms: true, email: false },
    });
    expect(await screen.findByText(P.SAVED)).toBeTruthy();
    expect(screen.queryByText(P.NOTIFY_CHOOSE)).toBeNull();
    await user.type(field(P.FIRST_NAME), 'jamin');
    expect(screen.queryByText(P.SAVED)).toBeNull();
    t.stop();
  });
});
