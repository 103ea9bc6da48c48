// The sandbox's stand-in for the external pam payment endpoint (§2 pam variant: "posts a payload
// field (urlencoded) to a configurable external payment endpoint"). It lives outside the API (a
// browser form posts here, as it would to another site, so no CSRF header and no session): it
// verifies the payload's signature, records the payment once and answers a page in the payer's
// language with a link back to the site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_SERVICE_PATHS, PAM_PAYLOAD_FIELD } from '../../contract/checkout-services.ts';
import { LOCALES, type Locale } from '../../contract/entities.ts';
import type { Deps } from '../deps.ts';
import { verifyPamPayload } from '../domain/pam.ts';
import { toCents } from '../money.ts';

type Texts = Record<string, string>;

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'locales');

function loadTexts(): Record<Locale, Texts> {
  const out = {} as Record<Locale, Texts>;
  for (const l of LOCALES) {
    const all = JSON.parse(readFileSync(join(LOCALES_DIR, `${l}.json`), 'utf8')) as Record<string, Texts>;
    out[l] = all.PAM_SANDBOX ?? {};
  }
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => escapeHtml(values[k] ?? ''));
}

function money(dollars: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(
    dollars,
  );
}

function page(locale: Locale, title: string, paragraphs: string[], back: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p><a href="/">${escapeHtml(back)}</a></p>
</main>
</body>
</html>
`;
}

export async function sandboxPamRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, config, now } = deps;
  const texts = loadTexts();

  // A form post: application/x-www-form-urlencoded, parsed here only (the API itself speaks JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(CHECKOUT_SERVICE_PATHS.sandboxPamPay, async (request, reply) => {
    const body = request.body;
    const raw =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[PAM_PAYLOAD_FIELD] : undefined;
    const payload = typeof raw === 'string' ? raw.trim() : '';
    const t = now();
    const verdict = payload ? verifyPamPayload(config, payload, t) : ({ ok: false, reason: 'malformed' } as const);
    reply.header('cache-control', 'no-store');
    reply.type('text/html; charset=utf-8');
    if (!verdict.ok) {
      const en = texts.en;
      if (payload) {
        repos.pamPayments.insert({ ref: null, payload, valid: false, total_cents: null, received_at: t.toISOString() });
      }
      const message = verdict.reason === 'expired' ? en.EXPIRED : en.INVALID;
      return reply.code(400).send(page('en', en.INVALID_TITLE ?? '', [escapeHtml(message ?? '')], en.BACK ?? ''));
    }
    const c = verdict.claims;
    const locale: Locale = c.locale === 'es' ? 'es' : 'en';
    const tx = texts[locale];
    const first = repos.pamPayments.insert({
      ref: c.ref,
      payload,
      valid: true,
      total_cents: toCents(c.total),
      received_at: t.toISOString(),
    });
    const values = {
      total: money(c.total, locale),
      amount: money(c.amount, locale),
      fee: money(c.fee, locale),
      tax: money(c.tax, locale),
      recipient: c.recipient,
      facility: c.facility_label,
      ref: c.ref,
    };
    const paragraphs = [
      fill(tx.RECEIVED ?? '', values),
      fill(tx.BREAKDOWN ?? '', values),
      fill(tx.REFERENCE ?? '', values),
    ];
    if (!first) paragraphs.push(escapeHtml(tx.REPEATED ?? ''));
    return reply.send(page(locale, tx.TITLE ?? '', paragraphs, tx.BACK ?? ''));
  });
}

/**
 * An onSend hook that lets the app's pages post the pam form to a configured external endpoint: the
 * content security policy allows forms to this site only ("form-action 'self'"), so an absolute
 * PAY_URL adds its origin. Undefined when the endpoint is this site's own.
 */
export function pamFormActionHook(config: Deps['config']) {
  const url = config.payUrl;
  if (!/^https?:\/\//.test(url)) return undefined;
  const origin = URL.canParse(url) ? new URL(url).origin : undefined;
  if (!origin) return undefined;
  return (
    _request: unknown,
    reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown },
    payload: unknown,
    done: (err: null, p: unknown) => void,
  ) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace("form-action 'self'", `form-action 'self' ${origin}`));
    done(null, payload);
  };
}
