// The screen of each page of machines/pages.ts. Each loads on its own (a payer who only deposits never
// downloads the account pages): `route: lazyScreen(() => import('./pages/x-page.tsx').then((m) => m.XPage))`.
// A screen gets its page machine's actor and renders its states.
import type { AnyActorRef } from 'xstate';
import type { PageRoute } from '../../machines/pages.ts';
import { LandingPage } from './pages/landing-page.tsx';
import type { ComponentType } from 'react';
import { type LazyScreen, lazyScreen } from './lazy-screen.ts';

export interface PageScreenProps {
  page: AnyActorRef;
}

export const PAGE_SCREENS: Partial<Record<PageRoute, LazyScreen<PageScreenProps>>> = {
  identity_verify: lazyScreen(() => import('./pages/identity-verify-page.tsx').then((m) => m.IdentityVerifyPage)),
  update_profile: lazyScreen(() => import('./pages/update-profile-page.tsx').then((m) => m.UpdateProfilePage)),
  login: lazyScreen(() => import('./pages/login-page.tsx').then((m) => m.LoginPage)),
  recurring_deposits: lazyScreen(() =>
    import('./pages/recurring-deposits-page.tsx').then((m) => m.RecurringDepositsPage),
  ),
  credit_cards: lazyScreen(() => import('./pages/credit-cards-page.tsx').then((m) => m.CreditCardsPage)),
  destination_accounts: lazyScreen(() =>
    import('./pages/destination-accounts-page.tsx').then((m) => m.DestinationAccountsPage),
  ),
  transfer_funds: lazyScreen(() => import('./pages/transfer-funds-page.tsx').then((m) => m.TransferFundsPage)),
  deposit_history: lazyScreen(() => import('./pages/deposit-history-page.tsx').then((m) => m.DepositHistoryPage)),
  primary_account: lazyScreen(() => import('./pages/primary-account-page.tsx').then((m) => m.PrimaryAccountPage)),
  professional_verification: lazyScreen(() => import('./pages/professional-page.tsx').then((m) => m.ProfessionalPage)),
  professional_verification_resp: lazyScreen(() =>
    import('./pages/professional-result-page.tsx').then((m) => m.ProfessionalResultPage),
  ),
  deposit_or_schedule_visit: lazyScreen(() =>
    import('./pages/deposit-or-visit-page.tsx').then((m) => m.DepositOrVisitPage),
  ),
  terms: lazyScreen(() => import('./pages/legal-page.tsx').then((m) => m.LegalPage)),
  deep_contact: lazyScreen(() => import('./pages/deep-contact-page.tsx').then((m) => m.DeepContactPage)),
  privacy: lazyScreen(() => import('./pages/legal-page.tsx').then((m) => m.LegalPage)),
  pam_return: lazyScreen(() => import('./pages/pam-return-page.tsx').then((m) => m.PamReturnPage)),
  accessibility: lazyScreen(() => import('./pages/accessibility-page.tsx').then((m) => m.AccessibilityPage)),
  // §2: development builds only; a production build has no such chunk (docs/decisions/0009).
  ...(import.meta.env.DEV
    ? { raise: lazyScreen(() => import('./pages/develop-raise-page.tsx').then((m) => m.DevelopRaisePage)) }
    : {}),
};

/**
 * Pages in the first script, drawn without waiting: the welcome page is the first screen at '/'
 * (src/screens/first-screen.tsx), and the app's own page replaces it without a loading state between.
 */
export const EAGER_PAGE_SCREENS: Partial<Record<PageRoute, ComponentType<PageScreenProps>>> = {
  landing: LandingPage,
};
