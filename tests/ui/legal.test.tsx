// The legal pages through the real screens, machines, client and sandbox providers (jsdom): the text
// of the route's document in the payer's language, read again when the language changes (§2, §7).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paragraphsOf } from '../../contract/legal.ts';
import { provideApp } from '../../machines/provide-actors.ts';
import { locationOf } from '../../machines/pages.ts';
import { createActors } from '../../src/api/actors.ts';
import { createApiClient } from '../../src/api/client.ts';
import { App } from '../../src/app.tsx';
import { createI18n, missingKeys } from '../../src/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { startServer, type Harness } from './harness.tsx';
import { SYSTEM } from '../../machines/system.ts';

const paragraphs = (file: string) =>
  paragraphsOf(readFileSync(join(import.meta.dirname, '../../fixtures/legal', file), 'utf8'));

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => {
  await h.close();
});

function openAt(hash: string, lang: 'en' | 'es' = 'en') {
  const api = createApiClient({ baseUrl: 'http://localhost/', fetch: h.fetch });
  const actor = createActor(provideApp(createActors(api)), {
    systemId: SYSTEM.app,
    input: { lang, route: null, location: locationOf(hash) },
  });
  actor.start();
  const view = render(<App app={actor} i18n={createI18n(lang)} />);
  return { actor, view };
}

describe('legal pages', () => {
  it('§2 /terms: the terms in English, as plain paragraphs; in Spanish after switching', async () => {
    const user = userEvent.setup();
    const { actor, view } = openAt('#/terms');
    const heading = await screen.findByRole('heading', { level: 1, name: en.PAGES.TERMS });
    const first = paragraphs('terms.en.txt');
    expect(await screen.findByText(first[0] as string)).toBeTruthy();
    expect(document.activeElement).toBe(heading);
    const main = screen.getByRole('main');
    for (const p of first) expect(within(main).getByText(p).tagName).toBe('P');
    expect(h.requests.some((r) => r.method === 'GET' && r.url === '/sandbox/legal/terms/en')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Español' }));
    await screen.findByRole('heading', { level: 1, name: es.PAGES.TERMS });
    const spanish = paragraphs('terms.es.txt');
    expect(await screen.findByText(spanish[0] as string)).toBeTruthy();
    expect(screen.queryByText(first[0] as string)).toBeNull();
    expect(h.requests.some((r) => r.url === '/sandbox/legal/terms/es')).toBe(true);
    expect(missingKeys).toEqual(new Set());
    view.unmount();
    actor.stop();
  });

  it('§2 /privacy: the privacy policy in Spanish for a Spanish-speaking payer; the footer links both pages', async () => {
    const { actor, view } = openAt('#/privacy', 'es');
    await screen.findByRole('heading', { level: 1, name: es.PAGES.PRIVACY });
    expect(await screen.findByText(paragraphs('privacy.es.txt')[0] as string)).toBeTruthy();
    const legal = screen.getByRole('navigation', { name: es.LEGAL.FOOTER_NAV });
    expect(within(legal).getByRole('link', { name: es.PAGES.TERMS }).getAttribute('href')).toBe('#/terms');
    expect(within(legal).getByRole('link', { name: es.PAGES.PRIVACY }).getAttribute('href')).toBe('#/privacy');
    await waitFor(() => expect(document.title).toBe(`${es.PAGES.PRIVACY} - ${es.LAYOUT.SITE_NAME}`));
    view.unmount();
    actor.stop();
  });
});
