// The test-site banner (docs/decisions/0050): plain HTML that the build puts before the app's root in
// the sandbox's pages, so it holds a named region per language, the texts of locales/, nothing to
// focus, and stays a few hundred bytes.
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { SandboxBanner, sandboxBannerMarkup } from '../../src/components/sandbox-banner.tsx';
import { createI18n } from '../../src/i18n.ts';

const T = { en, es } as const;

describe('the sandbox banner', () => {
  it('is a named region in each language, with that language marked, whichever language the app is in', () => {
    for (const appLang of ['en', 'es'] as const) {
      const { unmount } = render(
        <I18nextProvider i18n={createI18n(appLang)}>
          <SandboxBanner />
        </I18nextProvider>,
      );
      for (const lang of ['en', 'es'] as const) {
        const region = screen.getByRole('region', { name: T[lang].SANDBOX_BANNER.LABEL });
        expect(region.getAttribute('lang')).toBe(lang);
        expect(within(region).getByText(T[lang].SANDBOX_BANNER.TEXT).tagName).toBe('P');
      }
      unmount();
    }
  });

  it('is written into the pages as a few hundred bytes of HTML with nothing to focus', () => {
    const html = sandboxBannerMarkup();
    expect(new TextEncoder().encode(html).length).toBeLessThan(500);
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(holder.querySelectorAll('section.sandbox-banner[aria-label][lang]')).toHaveLength(2);
    expect(holder.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
    expect(holder.querySelector('script, style, [style]')).toBeNull();
    expect(holder.textContent).toBe(T.en.SANDBOX_BANNER.TEXT + T.es.SANDBOX_BANNER.TEXT);
  });
});
