// §2 shared layout: the global header's navigation, drawn by the external navigation script
// (contract/nav-header.ts) in the element it defines. The site gives it every string and link (all
// visible text lives in locales/), and shows it only once the script has loaded: before that, or
// when it fails, the site's own header stands alone.
import { createContext, createElement, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { NAV_ATTRIBUTES, NAV_ELEMENT, type NavLink } from '../../contract/nav-header.ts';

/** Whether the navigation script has loaded (the app's navHeader machine is `loaded`). */
export const NavScriptContext = createContext<boolean>(false);

export function SiteNav() {
  const loaded = useContext(NavScriptContext);
  const { t } = useTranslation();
  const links: NavLink[] = [
    { href: '#/', text: t('HEADER_NAV.DEPOSIT') },
    { href: '#/account/deposit_history', text: t('HEADER_NAV.HISTORY') },
  ];
  // The slot keeps the navigation's room from the first paint, so nothing moves when the script
  // arrives (it loads after the app, and may not load at all).
  return (
    <div className="site-nav-slot">
      {loaded
        ? createElement(NAV_ELEMENT, {
            className: 'site-nav-host',
            [NAV_ATTRIBUTES.label]: t('HEADER_NAV.LABEL'),
            [NAV_ATTRIBUTES.links]: JSON.stringify(links),
          })
        : null}
    </div>
  );
}
