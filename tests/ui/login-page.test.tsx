// The sign-in page's forms (§2 login.welcome, §5 create account, §8 login errors) through the real
// screens, machines, client and server (jsdom): the form checks its fields with the contract's schemas
// before anything is sent (docs/decisions/0041), the machine sends what the form checked.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { provideApp } from '../../machines/provide-actors.ts';
import { locationOf } from '../../machines/pages.ts';
import { createActors } from '../../src/api/actors.ts';
import { createApiClient } from '../../src/api/client.ts';
import { App } from '../../src/app.tsx';
import { createI18n } from '../../src/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };
import { startServer, type Harness } from './harness.tsx';
import { SYSTEM } from '../../machines/system.ts';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => {
  await h.close();
});

function openAt(hash: string) {
  const api = createApiClient({ baseUrl: 'http://localhost/', fetch: h.newBrowser() });
  const actor = createActor(provideApp(createActors(api)), {
    systemId: SYSTEM.app,
    input: { lang: 'en', route: null, location: locationOf(hash) },
  });
  actor.start();
  render(<App app={actor} i18n={createI18n('en')} />);
  return actor;
}

const valueOf = (name: string) => (document.getElementById(`field-${name}`) as HTMLInputElement).value;
const posts = (part: string) => h.requests.filter((r) => r.method === 'POST' && r.url.includes(part)).length;

describe('the sign-in form', () => {
  it('§5: submitted empty, it lists both fields and sends nothing; each field says its error once left', async () => {
    const user = userEvent.setup();
    openAt('#/login');
    await screen.findByRole('heading', { level: 1, name: en.LOGIN.HEADING });
    const before = posts('login');
    await user.click(screen.getByRole('button', { name: en.LOGIN.SUBMIT }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(`${en.LOGIN.EMAIL} - ${en.VALIDATION.REQUIRED}`);
    expect(summary.textContent).toContain(`${en.LOGIN.PASSWORD} - ${en.VALIDATION.REQUIRED}`);
    expect(document.activeElement).toBe(summary);
    expect(posts('login')).toBe(before);
    // A field showing its error is checked again as it is typed.
    await user.type(screen.getByLabelText(new RegExp(en.LOGIN.EMAIL)), 'not-an-email');
    await waitFor(() =>
      expect(document.querySelector('label[for="field-email"]')?.textContent).toBe(
        `${en.LOGIN.EMAIL} - ${en.VALIDATION.INVALID_EMAIL}`,
      ),
    );
    await user.clear(screen.getByLabelText(new RegExp(en.LOGIN.EMAIL)));
    await user.type(screen.getByLabelText(new RegExp(en.LOGIN.EMAIL)), 'ana@example.com');
    await waitFor(() => expect(document.querySelector('label[for="field-email"]')?.textContent).toBe(en.LOGIN.EMAIL));
    expect(screen.getByRole('alert').textContent).not.toContain(en.LOGIN.EMAIL);
  });

  it('§8: a wrong password says one message, keeps the email and empties the password', async () => {
    const user = userEvent.setup();
    openAt('#/login');
    await screen.findByRole('heading', { level: 1, name: en.LOGIN.HEADING });
    await user.type(screen.getByLabelText(en.LOGIN.EMAIL), 'ana@example.com');
    await user.type(screen.getByLabelText(en.LOGIN.PASSWORD), 'nope-nope');
    await user.click(screen.getByRole('button', { name: en.LOGIN.SUBMIT }));
    expect(await screen.findByText(en.ERROR.ERROR_LOGIN_CREDENTIALS)).toBeTruthy();
    expect(valueOf('email')).toBe('ana@example.com');
    await waitFor(() => expect(valueOf('password')).toBe(''));
  });
});

describe('the create-account form', () => {
  it('§5: password at least 6 and confirmed, PIN 6 digits and confirmed, checked before anything is sent', async () => {
    const user = userEvent.setup();
    openAt('#/login?mode=register');
    await screen.findByRole('heading', { level: 1, name: en.LOGIN.REGISTER_HEADING });
    const before = posts('register');
    await user.type(screen.getByLabelText(en.LOGIN.EMAIL), 'rosa@example.com');
    await user.type(screen.getByLabelText(en.LOGIN.PASSWORD), 'abc');
    await user.type(screen.getByLabelText(en.LOGIN.PIN), '12a456');
    await user.type(screen.getByLabelText(en.LOGIN.PIN_AGAIN), '1');
    await user.click(screen.getByRole('button', { name: en.LOGIN.REGISTER_SUBMIT }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(`${en.LOGIN.PASSWORD} - ${en.VALIDATION.KEEP_TYPING}`);
    expect(summary.textContent).toContain(`${en.LOGIN.PIN} - ${en.VALIDATION.MUST_BE_NUMERIC}`);
    expect(summary.textContent).toContain(`${en.LOGIN.PIN_AGAIN} - ${en.VALIDATION.DOES_NOT_MATCH}`);
    expect(posts('register')).toBe(before);
  });
});
