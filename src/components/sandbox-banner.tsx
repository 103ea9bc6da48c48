// The test-site banner of a site that runs the sandbox (docs/decisions/0050). It is not part of the
// app: the build renders it into the sandbox's pages before the app's root (scripts/prerender.ts), and
// the server sends those pages when it runs the sandbox (server/static-site.ts). So it is painted
// before any script, on every page, and adds nothing to the first screen's script. Both languages are
// in the markup, in one box as tall as the longer; the styles show the one of <html lang>, which the
// app keeps to the payer's choice.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LOCALES } from '../../contract/entities.ts';
import { createI18n } from '../i18n.ts';

export function SandboxBanner() {
  const { i18n } = useTranslation();
  return (
    <div className="sandbox-banners">
      {LOCALES.map((lang) => {
        const t = i18n.getFixedT(lang);
        return (
          <section key={lang} lang={lang} className="sandbox-banner" aria-label={t('SANDBOX_BANNER.LABEL')}>
            <p>{t('SANDBOX_BANNER.TEXT')}</p>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The banner as plain HTML, both languages: the build writes it before the app's root in the sandbox's
 * pages (src/prerender.tsx, scripts/prerender.ts), and `npm run dev` into its page (vite.config.ts).
 */
export function sandboxBannerMarkup(): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n('en')}>
      <SandboxBanner />
    </I18nextProvider>,
  );
}
