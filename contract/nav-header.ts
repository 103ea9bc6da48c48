// §2 shared layout: "global header loaded from an external navigation script whose URL comes from
// form state". The server puts the script's URL into the form state (FormFields.nav_script_url, from
// NAV_SCRIPT_URL; by default the sandbox's own script below). The site loads it once per page load;
// the script defines the custom element NAV_ELEMENT, which the layout places in its header.
//
// What the element reads (every visible string comes from the site's locales, docs/decisions/0015):
// - NAV_ATTRIBUTES.label: the accessible name of the navigation landmark it renders (aria-label);
// - NAV_ATTRIBUTES.links: JSON text of NavLink[]; an entry whose href is not a hash route of the
//   site ('#/...') or an http(s) URL is left out.
// It renders `<nav aria-label="..."><ul><li><a href="...">text</a></li>...</ul></nav>` and renders
// again when either attribute changes (a language switch).

export const NAV_PATHS = {
  /** GET: the sandbox's navigation script (JavaScript), the default of NAV_SCRIPT_URL. */
  sandboxHeaderScript: '/sandbox/nav/header.js',
} as const;

/** The custom element the navigation script defines. */
export const NAV_ELEMENT = 'site-nav';

export const NAV_ATTRIBUTES = {
  label: 'data-label',
  links: 'data-links',
} as const;

export interface NavLink {
  href: string;
  text: string;
}

/**
 * A URL the site may load the navigation script from: a path of this site ('/x', never '//host'),
 * or an absolute http(s) URL without credentials.
 */
export function isNavScriptUrl(value: string): boolean {
  if (/\s/.test(value) || value === '') return false;
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}
