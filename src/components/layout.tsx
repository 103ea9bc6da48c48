import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../contract/entities.ts';
import { useSession } from '../session.tsx';
import { useCustomerServicePhone } from '../site.tsx';
import { SiteNav } from './site-nav.tsx';

export function ProgressBar({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label={t('LAYOUT.PROGRESS')}
    >
      <div className={`progress__bar progress__bar--${value}`} />
    </div>
  );
}

export function LanguageLinks({ lang, onLanguage }: { lang: Locale; onLanguage: (l: Locale) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="languages" aria-label={t('LAYOUT.LANGUAGE')}>
      {(['en', 'es'] as const).map((l) => (
        <button
          key={l}
          type="button"
          className="link-button"
          lang={l}
          aria-pressed={l === lang}
          onClick={() => onLanguage(l)}
        >
          {t(`LAYOUT.LANGUAGE_${l.toUpperCase()}`)}
        </button>
      ))}
    </nav>
  );
}

/** Sign in, or my account and sign out (§2 next steps; §6 signed-in user). */
export function SessionLinks() {
  const { t } = useTranslation();
  const { signedIn, signOut } = useSession();
  return (
    <nav className="session-links" aria-label={t('LAYOUT.ACCOUNT_NAV')}>
      {signedIn ? (
        <>
          <a href="#/account/destination_accounts">{t('LAYOUT.MY_ACCOUNT')}</a>
          <button type="button" className="link-button" onClick={signOut}>
            {t('LAYOUT.SIGN_OUT')}
          </button>
        </>
      ) : (
        <a href="#/login">{t('LAYOUT.SIGN_IN')}</a>
      )}
    </nav>
  );
}

export function Layout({
  lang,
  onLanguage,
  progress,
  children,
}: {
  lang: Locale;
  onLanguage: (l: Locale) => void;
  progress?: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useCustomerServicePhone();
  return (
    <div className="page">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('LAYOUT.SKIP_TO_CONTENT')}
      </a>
      <header className="header">
        <p className="brand">{t('LAYOUT.SITE_NAME')}</p>
        <SiteNav />
        <SessionLinks />
        <LanguageLinks lang={lang} onLanguage={onLanguage} />
      </header>
      {progress != null ? <ProgressBar value={progress} /> : null}
      <main id="main" tabIndex={-1} className="main">
        {children}
      </main>
      <footer className="footer">
        <p>{t('LAYOUT.FOOTER_HELP', { phone })}</p>
        <p>{t('LAYOUT.FOOTER_SECURE')}</p>
        {/* §2 login.terms and login.privacy, and the accessibility statement (links, not a list: the pages' own lists stay the only ones). */}
        <nav className="footer-links" aria-label={t('LEGAL.FOOTER_NAV')}>
          <a href="#/terms">{t('PAGES.TERMS')}</a>
          <a href="#/privacy">{t('PAGES.PRIVACY')}</a>
          <a href="#/accessibility">{t('PAGES.ACCESSIBILITY')}</a>
        </nav>
      </footer>
    </div>
  );
}

/** Back and continue of a wizard step (§2 shared layout). */
export function WizardNav({
  onBack,
  showContinue = true,
  continueKey = 'WIZARD.CONTINUE',
  busy = false,
  continueDisabled = false,
}: {
  onBack?: (() => void) | undefined;
  /** The continue button submits the step's form. */
  showContinue?: boolean;
  continueKey?: string;
  busy?: boolean;
  /** §2 pam variant: Next is enabled only after the fees acknowledgement. */
  continueDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="wizard-nav">
      {onBack ? (
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('WIZARD.BACK')}
        </button>
      ) : null}
      {showContinue ? (
        <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy || continueDisabled}>
          {busy ? t('WIZARD.PLEASE_WAIT') : t(continueKey)}
        </button>
      ) : null}
    </div>
  );
}
