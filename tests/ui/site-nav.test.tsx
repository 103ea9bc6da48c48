// §2 shared layout: the global header's navigation. The sandbox's navigation script renders, in a
// browser document, a labelled navigation landmark from the strings and links the site gives it (its
// element in the layout), again on a language switch; before the script has loaded the layout
// shows its own header only.
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { NAV_ATTRIBUTES, NAV_ELEMENT } from '../../contract/nav-header.ts';
import { SANDBOX_NAV_SCRIPT } from '../../server/routes/sandbox-nav.ts';
import { NavScriptContext, SiteNav } from '../../src/components/site-nav.tsx';
import { createI18n } from '../../src/i18n.ts';

/** Runs the script as the browser would (its own scope; the document's customElements). */
function runScript() {
  new Function(SANDBOX_NAV_SCRIPT)();
}

describe('the sandbox navigation script', () => {
  it('renders only safe links, as text, under the given label; again when the attributes change', () => {
    runScript();
    // Loaded twice (another copy on the page): no second definition, no error.
    expect(() => runScript()).not.toThrow();
    const host = document.createElement(NAV_ELEMENT);
    host.setAttribute(NAV_ATTRIBUTES.label, 'Menú principal');
    host.setAttribute(
      NAV_ATTRIBUTES.links,
      JSON.stringify([
        { href: '#/', text: 'Hacer un depósito' },
        { href: 'javascript:alert(1)', text: 'bad' },
        { href: 'https://help.example.com/', text: '<b>Ayuda</b>' },
        { href: '#/x' },
      ]),
    );
    document.body.append(host);
    expect(host.querySelector('nav')?.getAttribute('aria-label')).toBe('Menú principal');
    expect([...host.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#/', 'Hacer un depósito'],
      ['https://help.example.com/', '<b>Ayuda</b>'],
    ]);
    expect(host.querySelector('b')).toBeNull();
    host.setAttribute(NAV_ATTRIBUTES.label, 'Main menu');
    host.setAttribute(NAV_ATTRIBUTES.links, 'not json');
    expect(host.querySelector('nav')?.getAttribute('aria-label')).toBe('Main menu');
    expect(host.querySelectorAll('a')).toHaveLength(0);
    host.remove();
  });
});

describe('SiteNav in the layout', () => {
  async function renderNav(loaded: boolean, lang: 'en' | 'es') {
    const i18n = await createI18n(lang);
    return render(
      <I18nextProvider i18n={i18n}>
        <NavScriptContext.Provider value={loaded}>
          <header>
            <SiteNav />
          </header>
        </NavScriptContext.Provider>
      </I18nextProvider>,
    );
  }

  it('shows nothing until the script has loaded', async () => {
    const view = await renderNav(false, 'en');
    expect(view.container.querySelector(NAV_ELEMENT)).toBeNull();
    view.unmount();
  });

  it("gives the script's element the site's strings, in the payer's language", async () => {
    runScript();
    const view = await renderNav(true, 'es');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#/', 'Hacer un depósito'],
      ['#/account/deposit_history', 'Historial de depósitos'],
    ]);
    view.unmount();
  });
});
