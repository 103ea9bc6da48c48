// The heading over a message that is not a field's (§8): "We're sorry, but something has gone wrong" is
// for the unexpected; a rate limit says to wait, a server that did not answer says to try again, on the
// real sign-in page (its call refused or unanswered) and on the failure screen of a step or page.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { provideApp } from '../../machines/provide-actors.ts';
import { locationOf } from '../../machines/pages.ts';
import { createActors } from '../../src/api/actors.ts';
import { createApiClient } from '../../src/api/client.ts';
import { App } from '../../src/app.tsx';
import { createI18n } from '../../src/i18n.ts';
import { FailureScreen } from '../../src/screens/status-screens.tsx';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { startServer, type Harness } from './harness.tsx';
import { SYSTEM } from '../../machines/system.ts';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => {
  await h.close();
});

/** The sign-in page, whose sign-in call answers as `login` says; every other call reaches the server. */
function signInPage(login: () => Promise<Response>) {
  const browser = h.newBrowser();
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return url.pathname === '/auth/login' ? login() : browser(input, init);
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseUrl: 'http://localhost/', fetch });
  const actor = createActor(provideApp(createActors(api)), {
    systemId: SYSTEM.app,
    input: { lang: 'en', route: null, location: locationOf('#/login') },
  });
  actor.start();
  render(<App app={actor} i18n={createI18n('en')} />);
}

async function signIn() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: en.LOGIN.HEADING });
  await user.type(screen.getByLabelText(new RegExp(en.LOGIN.EMAIL)), 'ana@example.com');
  await user.type(screen.getByLabelText(new RegExp(en.LOGIN.PASSWORD)), 'sandbox-pass-1');
  await user.click(screen.getByRole('button', { name: en.LOGIN.SUBMIT }));
  return screen.findByRole('alert');
}

describe('error headings (§8)', () => {
  it('a rate limit on signing in says to wait, not that something has gone wrong', async () => {
    signInPage(async () =>
      Response.json({ errors: { form: 'ERROR.TOO_MANY_REQUESTS' } }, { status: 429, headers: { 'retry-after': '60' } }),
    );
    const alert = await signIn();
    expect(await within(alert).findByText(en.ERROR.TOO_MANY_REQUESTS)).toBeTruthy();
    expect(within(alert).getByRole('heading').textContent).toBe(en.ERROR.HEADING_WAIT);
    expect(alert.textContent).not.toContain(en.ERROR.HEADING);
  });

  it('a server briefly unavailable (503) says to try again in a moment, gives the reference to quote, keeps what was typed', async () => {
    const id = '5b0d3f5e-1c2a-4d8e-9f00-0123456789ab';
    signInPage(async () =>
      Response.json(
        { errors: { form: 'ERROR.UNAVAILABLE' }, request_id: id },
        { status: 503, headers: { 'retry-after': '5', 'x-request-id': id } },
      ),
    );
    const alert = await signIn();
    expect(await within(alert).findByText(en.ERROR.UNAVAILABLE)).toBeTruthy();
    expect(within(alert).getByRole('heading').textContent).toBe(en.ERROR.HEADING_RETRY);
    expect(alert.textContent).not.toContain(en.ERROR.HEADING);
    expect(alert.textContent).toContain(`${en.ERROR.REFERENCE} ${id}`);
    expect((screen.getByLabelText(new RegExp(en.LOGIN.EMAIL)) as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('a server that cannot be reached says to try again', async () => {
    signInPage(() => Promise.reject(new TypeError('Failed to fetch')));
    const alert = await signIn();
    expect(await within(alert).findByText(en.ERROR.NETWORK)).toBeTruthy();
    expect(within(alert).getByRole('heading').textContent).toBe(en.ERROR.HEADING_RETRY);
    expect(alert.textContent).not.toContain(en.ERROR.HEADING);
  });

  it('the failure screen of a step or page: wait, try again, or the unexpected (en, es)', () => {
    const cases = [
      ['ERROR.TOO_MANY_REQUESTS', 'HEADING_WAIT'],
      ['ERROR.NETWORK', 'HEADING_RETRY'],
      ['ERROR.TIMEOUT', 'HEADING_RETRY'],
      ['ERROR.FEES_TIMEOUT', 'HEADING_RETRY'],
      ['ERROR.UNAVAILABLE', 'HEADING_RETRY'],
      ['ERROR.UNEXPECTED', 'HEADING'],
      [null, 'HEADING'],
    ] as const;
    for (const [lang, words] of [
      ['en', en],
      ['es', es],
    ] as const) {
      for (const [message, heading] of cases) {
        const { unmount } = render(
          <I18nextProvider i18n={createI18n(lang)}>
            <FailureScreen messageKey={message} onRetry={() => {}} />
          </I18nextProvider>,
        );
        expect(screen.getByRole('heading', { level: 1 }).textContent, `${lang} ${message}`).toBe(words.ERROR[heading]);
        unmount();
      }
    }
  });
});
