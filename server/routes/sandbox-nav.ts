// §2 shared layout: the sandbox's stand-in for the external navigation script of the global header
// (contract/nav-header.ts). Like the legal providers it stands for another site, so it lives outside
// the API (no session, no CSRF rule). The script defines the NAV_ELEMENT custom element, which
// renders a labelled navigation landmark from the strings and links the site gives it in its
// attributes: it holds no text of its own (every visible string is the site's, in locales/).
import type { FastifyInstance } from 'fastify';
import { NAV_ATTRIBUTES, NAV_ELEMENT, NAV_PATHS } from '../../contract/nav-header.ts';
import { DEFAULT_NAV_SCRIPT_URL } from '../config.ts';
import { externalOrigin, type CspSources } from '../headers.ts';

/**
 * The script. DOM built with textContent and setAttribute only (never HTML from attributes); a link
 * that is neither a hash route of the site nor an http(s) URL is dropped.
 */
export const SANDBOX_NAV_SCRIPT = `(() => {
  'use strict';
  const NAME = ${JSON.stringify(NAV_ELEMENT)};
  const LABEL = ${JSON.stringify(NAV_ATTRIBUTES.label)};
  const LINKS = ${JSON.stringify(NAV_ATTRIBUTES.links)};
  if (customElements.get(NAME)) return;
  const safe = (href) => typeof href === 'string' && (/^#\\//.test(href) || /^https?:\\/\\//.test(href));
  class SiteNav extends HTMLElement {
    static get observedAttributes() { return [LABEL, LINKS]; }
    connectedCallback() { this.render(); }
    attributeChangedCallback() { if (this.isConnected) this.render(); }
    render() {
      let links = [];
      try { links = JSON.parse(this.getAttribute(LINKS) || '[]'); } catch { links = []; }
      if (!Array.isArray(links)) links = [];
      const nav = document.createElement('nav');
      nav.className = 'site-nav';
      nav.setAttribute('aria-label', this.getAttribute(LABEL) || '');
      const list = document.createElement('ul');
      for (const link of links) {
        if (!link || !safe(link.href) || typeof link.text !== 'string' || !link.text) continue;
        const item = document.createElement('li');
        const a = document.createElement('a');
        a.href = link.href;
        a.textContent = link.text;
        item.append(a);
        list.append(item);
      }
      nav.append(list);
      this.replaceChildren(nav);
    }
  }
  customElements.define(NAME, SiteNav);
})();
`;

export async function sandboxNavRoutes(app: FastifyInstance): Promise<void> {
  app.get(NAV_PATHS.sandboxHeaderScript, async (_request, reply) => {
    // A new version must show on the next page load: the browser revalidates.
    reply.header('cache-control', 'no-cache');
    reply.type('text/javascript; charset=utf-8');
    return SANDBOX_NAV_SCRIPT;
  });
}

/** The navigation script's URL in force: the configured one, else the sandbox's. */
export function navScriptUrlOf(config: { navScriptUrl?: string }): string {
  return config.navScriptUrl ?? DEFAULT_NAV_SCRIPT_URL;
}

/**
 * §2 global header: the content security policy allows scripts of this site only ("script-src 'self'"),
 * so a navigation script of another site adds its origin (server/headers.ts). Nothing when the script
 * is a path of this site (as the sandbox's is) or there is none.
 */
export function navCsp(url: string): CspSources {
  const origin = externalOrigin(url);
  return origin ? { 'script-src': [origin] } : {};
}
