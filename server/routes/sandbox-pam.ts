// The sandbox's stand-in for the external pam payment endpoint (§2 pam variant: "posts a payload
// field (urlencoded) to a configurable external payment endpoint"). It lives outside the API (a
// browser form posts here, as it would to another site, so no CSRF header and no session). It verifies
// the payload's signature and shows what is paid with a card form; the card is checked and charged by
// the sandbox processor, the payment recorded once per payload, and the payer sent back (303) to the
// payload's return_url with a signed result, from which the site writes its pam receipt (contract/pam.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CHECKOUT_SERVICE_PATHS, PAM_PAYLOAD_FIELD, type PamPayloadClaims } from '../../contract/checkout-services.ts';
import { LOCALES, type Locale } from '../../contract/entities.ts';
import { formatMoney as money } from '../../contract/format.ts';
import { PAM_PATHS, PAM_RESULT_PARAM, PAM_RETURN_PATH } from '../../contract/pam.ts';
import { newCardSchema } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { signPamResult, verifyPamPayload } from '../domain/pam.ts';
import { chargeSandboxPam, paidPamPayment } from '../domain/sandbox-pam.ts';
import { validate } from '../http.ts';
import { externalOrigin, type CspSources } from '../headers.ts';
import type { PamPaymentRow } from '../repo/pam-payments.ts';

type Texts = Record<string, string>;
type LocaleFile = Record<string, Texts>;

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'locales');

function loadLocales(): Record<Locale, LocaleFile> {
  const out = {} as Record<Locale, LocaleFile>;
  for (const l of LOCALES) out[l] = JSON.parse(readFileSync(join(LOCALES_DIR, `${l}.json`), 'utf8')) as LocaleFile;
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => escapeHtml(values[k] ?? ''));
}

function page(locale: Locale, title: string, body: string, back: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">${escapeHtml(back)}</a></p>
</main>
</body>
</html>
`;
}

const paragraphs = (ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('\n');

/** The card fields of the endpoint's form, as the checkout names them (contract/schemas.ts newCardSchema). */
const CARD_FIELDS = ['credit_card', 'credit_card_month', 'credit_card_year', 'credit_card_cvc'] as const;
type CardField = (typeof CARD_FIELDS)[number];
const FIELD_LABELS: Record<CardField, string> = {
  credit_card: 'CARD_NUMBER',
  credit_card_month: 'EXPIRY_MONTH',
  credit_card_year: 'EXPIRY_YEAR',
  credit_card_cvc: 'SECURITY_CODE',
};
const FIELD_AUTOCOMPLETE: Record<CardField, string> = {
  credit_card: 'cc-number',
  credit_card_month: 'cc-exp-month',
  credit_card_year: 'cc-exp-year',
  credit_card_cvc: 'cc-csc',
};

function formOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

export async function sandboxPamRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, now } = deps;
  const locales = loadLocales();
  const textsOf = (l: Locale): Texts => locales[l].PAM_SANDBOX ?? {};
  /** An i18n key such as 'VALIDATION.INVALID_CARD_NUMBER' or 'ERROR.NO_AMEX', in the payer's language. */
  const translate = (l: Locale, key: string): string | undefined => {
    const [section, name] = key.split('.');
    return section && name ? locales[l][section]?.[name] : undefined;
  };

  // A form post: application/x-www-form-urlencoded, parsed here only (the API itself speaks JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const refused = (reply: FastifyReply, reason: 'malformed' | 'signature' | 'expired') => {
    const en = textsOf('en');
    const message = reason === 'expired' ? en.EXPIRED : en.INVALID;
    return reply
      .code(400)
      .send(page('en', en.INVALID_TITLE ?? '', paragraphs([escapeHtml(message ?? '')]), en.BACK ?? ''));
  };

  /** Back to the site with the signed result (contract/pam.ts): the site writes the receipt. */
  const toSite = (reply: FastifyReply, claims: PamPayloadClaims, paid: PamPaymentRow) => {
    const result = signPamResult(deps.keys.pam, {
      ref: claims.ref,
      card_brand: paid.card_brand ?? '',
      card_last4: paid.card_last4 ?? '',
      card_expiry: paid.card_exp ?? '',
      paid_at: paid.received_at,
    });
    const query = new URLSearchParams({ [PAM_RESULT_PARAM]: result }).toString();
    return reply.code(303).header('location', `${claims.return_url}#${PAM_RETURN_PATH}?${query}`).send();
  };

  /** The endpoint's card form: the summary of what is paid, and the card (§2: the endpoint takes it). */
  const cardForm = (
    reply: FastifyReply,
    claims: PamPayloadClaims,
    payload: string,
    typed: Partial<Record<CardField, string>>,
    errors: Partial<Record<CardField | 'form', string>>,
  ) => {
    const locale: Locale = claims.locale === 'es' ? 'es' : 'en';
    const tx = textsOf(locale);
    const values = {
      total: money(claims.total, locale),
      amount: money(claims.amount, locale),
      fee: money(claims.fee, locale),
      tax: money(claims.tax, locale),
      recipient: claims.recipient,
      facility: claims.facility_label,
      ref: claims.ref,
    };
    const messages = Object.entries(errors).map(([field, key]) => ({
      field,
      text: (key && translate(locale, key)) ?? translate(locale, 'ERROR.DEPOSIT_ERROR') ?? '',
    }));
    const summary =
      messages.length > 0
        ? `<div role="alert" aria-labelledby="pay-errors" tabindex="-1" id="pay-error-summary"><h2 id="pay-errors">${escapeHtml(
            tx.NOT_TAKEN ?? '',
          )}</h2><ul>${messages
            .map((m) =>
              m.field === 'form'
                ? `<li>${escapeHtml(m.text)}</li>`
                : `<li><a href="#${m.field}">${escapeHtml(tx[FIELD_LABELS[m.field as CardField]] ?? '')} - ${escapeHtml(m.text)}</a></li>`,
            )
            .join('')}</ul></div>`
        : '';
    const field = (name: CardField) => {
      const label = tx[FIELD_LABELS[name]] ?? name;
      const error = errors[name] ? (translate(locale, errors[name]) ?? '') : '';
      // The card number and the security code are never written back into the page.
      const value = name === 'credit_card_month' || name === 'credit_card_year' ? (typed[name] ?? '') : '';
      return `<p><label for="${name}">${escapeHtml(error ? `${label} - ${error}` : label)}</label><br>
<input id="${name}" name="${name}" autocomplete="${FIELD_AUTOCOMPLETE[name]}" inputmode="numeric" required${
        error ? ' aria-invalid="true"' : ''
      } value="${escapeHtml(value)}"></p>`;
    };
    const body = `${summary}
${paragraphs([
  fill(tx.SUMMARY ?? '', values),
  fill(tx.BREAKDOWN ?? '', values),
  fill(tx.TOTAL ?? '', values),
  // §4 pam mode: the endpoint keeps the card and charges again on the 1st and the 15th.
  ...(claims.recurring === 'biweekly' ? [fill(tx.RECURRING ?? '', values)] : []),
])}
<form method="post" action="${PAM_PATHS.sandboxPamCharge}">
<input type="hidden" name="${PAM_PAYLOAD_FIELD}" value="${escapeHtml(payload)}">
${CARD_FIELDS.map(field).join('\n')}
<p><button type="submit">${fill(tx.PAY ?? '', values)}</button></p>
</form>`;
    // The form again, with what to correct: a page like any other (200), as a browser shows it.
    return reply.send(page(locale, tx.TITLE ?? '', body, tx.BACK ?? ''));
  };

  const verified = (body: unknown) => {
    const raw = formOf(body)[PAM_PAYLOAD_FIELD];
    const payload = raw ? raw.trim() : '';
    const verdict = payload
      ? verifyPamPayload(deps.keys.pam, payload, now())
      : ({ ok: false, reason: 'malformed' } as const);
    return { payload, verdict };
  };

  app.post(CHECKOUT_SERVICE_PATHS.sandboxPamPay, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.type('text/html; charset=utf-8');
    const { payload, verdict } = verified(request.body);
    if (!verdict.ok) return refused(reply, verdict.reason);
    // Posted again after paying (a back button, a refresh): the payer goes back to the site's receipt.
    const paid = await paidPamPayment(repos, verdict.claims.ref);
    if (paid) return toSite(reply, verdict.claims, paid);
    return cardForm(reply, verdict.claims, payload, {}, {});
  });

  // The card form: checked like the site's own card fields (§5), charged by the sandbox processor.
  app.post(PAM_PATHS.sandboxPamCharge, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.type('text/html; charset=utf-8');
    const { payload, verdict } = verified(request.body);
    if (!verdict.ok) return refused(reply, verdict.reason);
    const claims = verdict.claims;
    // One payment per payload: a second post (a double click) is not charged again.
    const earlier = await paidPamPayment(repos, claims.ref);
    if (earlier) return toSite(reply, claims, earlier);

    const form = formOf(request.body);
    const typed = Object.fromEntries(CARD_FIELDS.map((f) => [f, (form[f] ?? '').trim()])) as Record<CardField, string>;
    const checked = validate(newCardSchema, typed);
    if (!checked.ok) return cardForm(reply, claims, payload, typed, checked.errors as Record<CardField, string>);
    const charge = await chargeSandboxPam(repos, claims, payload, checked.value, now());
    // §8: a declined card keeps the payer on the form with the processor's message.
    if (!charge.ok) return cardForm(reply, claims, payload, typed, charge.errors);
    return toSite(reply, claims, charge.paid);
  });
}

/**
 * §2 pam: the content security policy allows forms to this site only ("form-action 'self'"), so an
 * absolute PAY_URL adds its origin (server/headers.ts). Nothing when the endpoint is this site's own.
 */
export function pamCsp(config: Deps['config']): CspSources {
  const origin = externalOrigin(config.payUrl);
  return origin ? { 'form-action': [origin] } : {};
}
