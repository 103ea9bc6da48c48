// Configured values (customer service numbers, visit URL) that the server sends with the form state.
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '../contract/api.ts';

export const SiteContext = createContext<SiteInfo | null>(null);

/** The customer service number (§8), or a number-free wording when the server did not send one. */
export function useCustomerServicePhone(): string {
  const site = useContext(SiteContext);
  const { t } = useTranslation();
  return site?.customer_service_phone || t('LAYOUT.CUSTOMER_SERVICE');
}

/** The configured values the server sent, or null before the first answer. */
export function useSite(): SiteInfo | null {
  return useContext(SiteContext);
}
