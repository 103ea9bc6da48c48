// The last line of defence (§8 "Unexpected"): an error thrown while rendering is reported (at most 4
// reports per page load, src/error-reporter.ts) and the payer sees the unexpected-error page instead
// of a blank one, with a way back to the start.
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StepHeading } from './step-heading.tsx';

/**
 * §8: "We're sorry, but something has gone wrong." and "There was an unexpected error, please try
 * again." The page stands alone (no app state, no layout that could fail again); its link loads the
 * site afresh at '/', which also starts the app machine over.
 */
export function UnexpectedErrorPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('ERROR_PAGE.TITLE')} - ${t('LAYOUT.SITE_NAME')}`;
  }, [t]);
  return (
    <div className="page">
      <header className="header">
        <p className="brand">{t('LAYOUT.SITE_NAME')}</p>
      </header>
      <main id="main" tabIndex={-1} className="main">
        <div className="page-content">
          <StepHeading>{t('ERROR.HEADING')}</StepHeading>
          <p role="alert">{t('ERROR.UNEXPECTED')}</p>
          <p>
            <a className="button" href="./">
              {t('ERROR_PAGE.BACK_TO_START')}
            </a>
          </p>
        </div>
      </main>
    </div>
  );
}

interface ErrorBoundaryProps {
  /** Told of each error caught, with the component stack; it must not throw (the reporter does not). */
  onError: (error: unknown, componentStack?: string) => void;
  children: ReactNode;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    try {
      this.props.onError(error, info.componentStack ?? undefined);
    } catch {
      // The error page shows whether or not the report could be made.
    }
  }

  override render(): ReactNode {
    return this.state.failed ? <UnexpectedErrorPage /> : this.props.children;
  }
}
