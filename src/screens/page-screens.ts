// The screen of each page of machines/pages.ts. Each loads on its own (a payer who only deposits never
// downloads the account pages): `route: lazy(() => import('./pages/x-page.tsx').then((m) => ({ default: m.XPage })))`.
// A screen gets its page machine's actor and renders its states.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { AnyActorRef } from 'xstate';
import type { PageRoute } from '../../machines/pages.ts';

export interface PageScreenProps {
  page: AnyActorRef;
}

export const PAGE_SCREENS: Partial<Record<PageRoute, LazyExoticComponent<ComponentType<PageScreenProps>>>> = {
  identity_verify: lazy(() =>
    import('./pages/identity-verify-page.tsx').then((m) => ({ default: m.IdentityVerifyPage })),
  ),
  update_profile: lazy(() => import('./pages/update-profile-page.tsx').then((m) => ({ default: m.UpdateProfilePage }))),
  login: lazy(() => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  recurring_deposits: lazy(() =>
    import('./pages/recurring-deposits-page.tsx').then((m) => ({ default: m.RecurringDepositsPage })),
  ),
  credit_cards: lazy(() => import('./pages/credit-cards-page.tsx').then((m) => ({ default: m.CreditCardsPage }))),
  destination_accounts: lazy(() =>
    import('./pages/destination-accounts-page.tsx').then((m) => ({ default: m.DestinationAccountsPage })),
  ),
  transfer_funds: lazy(() => import('./pages/transfer-funds-page.tsx').then((m) => ({ default: m.TransferFundsPage }))),
  deposit_history: lazy(() =>
    import('./pages/deposit-history-page.tsx').then((m) => ({ default: m.DepositHistoryPage })),
  ),
  primary_account: lazy(() =>
    import('./pages/primary-account-page.tsx').then((m) => ({ default: m.PrimaryAccountPage })),
  ),
  professional_verification: lazy(() =>
    import('./pages/professional-page.tsx').then((m) => ({ default: m.ProfessionalPage })),
  ),
  professional_verification_resp: lazy(() =>
    import('./pages/professional-result-page.tsx').then((m) => ({ default: m.ProfessionalResultPage })),
  ),
  landing: lazy(() => import('./pages/landing-page.tsx').then((m) => ({ default: m.LandingPage }))),
  deposit_or_schedule_visit: lazy(() =>
    import('./pages/deposit-or-visit-page.tsx').then((m) => ({ default: m.DepositOrVisitPage })),
  ),
  terms: lazy(() => import('./pages/legal-page.tsx').then((m) => ({ default: m.LegalPage }))),
  deep_contact: lazy(() => import('./pages/deep-contact-page.tsx').then((m) => ({ default: m.DeepContactPage }))),
  privacy: lazy(() => import('./pages/legal-page.tsx').then((m) => ({ default: m.LegalPage }))),
  pam_return: lazy(() => import('./pages/pam-return-page.tsx').then((m) => ({ default: m.PamReturnPage }))),
  // §2: development builds only; a production build has no such chunk (docs/decisions/0009).
  ...(import.meta.env.DEV
    ? { raise: lazy(() => import('./pages/develop-raise-page.tsx').then((m) => ({ default: m.DevelopRaisePage }))) }
    : {}),
};
