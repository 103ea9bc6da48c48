// Links between the account pages (§2 /account/...), those the site offers.
import { useTranslation } from 'react-i18next';
import { PAGE_MACHINES } from '../../machines/page-machines.ts';
import { PAGES, type PageRoute } from '../../machines/pages.ts';

const ACCOUNT_PAGES: readonly PageRoute[] = [
  'destination_accounts',
  'deposit_history',
  'recurring_deposits',
  'credit_cards',
  'primary_account',
  'transfer_funds',
  'professional_verification',
  'update_profile',
];

export function AccountNav({ current }: { current: PageRoute }) {
  const { t } = useTranslation();
  const offered = ACCOUNT_PAGES.filter((route) => PAGE_MACHINES[route]);
  if (offered.length < 2) return null;
  return (
    <nav className="account-nav" aria-label={t('ACCOUNT.NAV')}>
      <ul>
        {offered.map((route) => (
          <li key={route}>
            <a href={`#${PAGES[route].path}`} aria-current={route === current ? 'page' : undefined}>
              {t(PAGES[route].titleKey)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
