// Shared steps of the browser journeys: roles and labels only, never CSS classes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { PAM_PATHS } from '../../contract/pam.ts';
import { ACCESSIBILITY_STATEMENT } from '../../contract/accessibility.ts';

export const T = { en, es } as const;

/** The wizard's first step (the site root opens the welcome page, §2 /landing). */
export const START = '/#/deposit_facility/US';
export type Lang = keyof typeof T;

/**
 * The browser's time zone, and that of the journeys' Texas facility, whose calendar dates a deposit
 * (decision 0040): "today" is the same day in the test and in the page.
 */
export const TIME_ZONE = 'America/Chicago';

/** The sandbox cards of docs/test-cards.md that the journeys use. */
export const CARDS = {
  approved: '4111111111111111',
  amex: '378282246310005',
  unknownText: '4000000000000903',
  avs: '4000000000000101',
  cvv: '4000000000000200',
  usps: '4000000000000309',
  exceedsLimit: '4000000000000408',
  limitError: '4000000000000507',
  minMaxError: '4000000000000606',
  fraudInmate: '4000000000000705',
  fraudDest: '5105105105105100',
  invalidDest: '4000000000000804',
  /** Passes the checksum; the processor knows no such card (INVALID_CARD_NUMBER). */
  unknownToProcessor: '4000000000001000',
  /** Fails the checksum: refused in the page before any call. */
  badChecksum: '4111111111111112',
  /** Passes the checksum but is of no accepted brand (JCB): refused in the page (contract/cards.ts) and by the vault. */
  otherBrand: '3530111333300000',
} as const;

/** The server's default customer service number (server/config.ts, CUSTOMER_SERVICE_PHONE). */
export const CUSTOMER_SERVICE_PHONE = '1-800-555-0100';

/** The standard TX facility of fixtures/README.md that holds John Smith (100001). */
export const FACILITY = { state: 'TX', label: 'Harris County Jail' } as const;
export const RECIPIENT = { query: 'smith', name: 'John Smith' } as const;

/** §9 flex fee for $25 (fixtures/fees.json, tier 20–99.99); no tax in TX. */
export const AMOUNT = { deposit: 25, fee: 4.95, total: 29.95 } as const;

/** Seconds after its charge at which the journeys' server posts a deposit (tests/e2e/deposit-status.spec.ts). */
export const E2E_DEPOSIT_POST_SECONDS = 30;

/** The journeys' server, as `node server/main.ts` with the built site (`npm run test:e2e` builds dist/ first). */
const SITE_ENV = {
  HOST: '127.0.0.1',
  STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
  // The journeys read the seeded accounts as they are; the recurring runner has its server tests.
  RECURRING_RUN_MINUTES: '0',
  // The status journey watches deposits post (docs/decisions/0048): half a minute, not five.
  DEPOSIT_POST_SECONDS: String(E2E_DEPOSIT_POST_SECONDS),
  // The phone-verification and text-receipt journeys read their texts from the sandbox outbox, which
  // shows each browser what its own session caused (docs/decisions/0035).
  DEV_ENDPOINTS: 'true',
  // Every journey comes from 127.0.0.1: the per-client limits are a hundred times the site's
  // (docs/decisions/0039), so a full run's sessions and sign-ins are never refused.
  RATE_LIMIT_FACTOR: '100',
};

/**
 * Each worker of the run (playwright.config.ts) has a server and a database of its own: E2E_PORT (the
 * run's base port, so that two runs can share a machine) for the first, E2E_PORT + 6 and on for the
 * others (+2 to +5 are the development and benchmark servers some journeys start).
 */
export function sitePort(parallelIndex: number): number {
  const base = Number(process.env['E2E_PORT'] ?? 4173);
  return parallelIndex === 0 ? base : base + 5 + parallelIndex;
}

function siteDataDir(parallelIndex: number): string {
  const runDir = process.env['E2E_DATA_DIR'];
  if (!runDir) throw new Error('E2E_DATA_DIR is chosen by playwright.config.ts');
  return join(runDir, `worker-${parallelIndex}`);
}

export interface Journey {
  /** Console errors and uncaught exceptions of the page; the test fails if any is left at the end. */
  consoleErrors: string[];
  /** Method, path and body of every request the page sent to the site. */
  requests: { method: string; path: string; body: string }[];
  /**
   * Paths whose 4xx answer the test expects (a wrong password is a 400): the browser's own
   * "Failed to load resource" line for them is not a console error of the page.
   */
  expectedHttpErrors: string[];
}

/**
 * `page` comes from a context made with `browser.newContext()` (what @axe-core/playwright needs).
 * Every test fails on a console error or an uncaught exception, and on a card number sent anywhere
 * but the card vault.
 */
export const test = base.extend<{ journey: Journey }, { site: string }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, worker) => {
      const port = sitePort(worker.parallelIndex);
      const url = `http://127.0.0.1:${port}`;
      const server = spawn(process.execPath, ['server/main.ts'], {
        env: { ...process.env, ...SITE_ENV, PORT: String(port), DATA_DIR: siteDataDir(worker.parallelIndex) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = once(server, 'exit');
      await expect
        .poll(
          () =>
            fetch(`${url}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 60_000 },
        )
        .toBe(200);
      await use(url);
      server.kill('SIGTERM');
      await exited;
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => use(site),
  page: async ({ browser, baseURL, viewport, userAgent }, use) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      userAgent,
      locale: 'en-US',
      timezoneId: TIME_ZONE,
    });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
  journey: [
    async ({ page }, use) => {
      const journey: Journey = { consoleErrors: [], requests: [], expectedHttpErrors: [] };
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const where = m.location().url;
        const expected =
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()) &&
          journey.expectedHttpErrors.some((path) => new URL(where).pathname === path);
        if (!expected) journey.consoleErrors.push(`${m.text()} (${where})`);
      });
      page.on('pageerror', (e) => journey.consoleErrors.push(`uncaught: ${e.message}`));
      page.on('request', (r) => {
        const url = new URL(r.url());
        journey.requests.push({ method: r.method(), path: url.pathname, body: r.postData() ?? '' });
      });
      await use(journey);
      expect(journey.consoleErrors, 'console errors and uncaught exceptions').toEqual([]);
      const leaks = journey.requests
        // The vault, and the pam payment endpoint's own card form (another site's, decision 0018).
        .filter((r) => r.path !== '/vault/tokenize' && r.path !== PAM_PATHS.sandboxPamCharge)
        .filter((r) => Object.values(CARDS).some((card) => r.body.includes(card)))
        .map((r) => `${r.method} ${r.path}`);
      expect(leaks, 'requests other than the vault that carry a card number').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let marks = 0;

/**
 * Resolves once every request the page sent before this call is in `journey.requests`: the page sends
 * a marker request of its own (a HEAD of the site root), and the browser reports a page's requests in
 * the order it sends them. A check that nothing more was sent awaits this, never a fixed time.
 */
export async function requestsSentSoFar(page: Page): Promise<void> {
  const mark = `sent-so-far=${++marks}`;
  const seen = page.waitForRequest((r) => new URL(r.url()).search === `?${mark}`);
  await page.evaluate((url) => fetch(url, { method: 'HEAD', cache: 'no-store' }).then(() => undefined), `/?${mark}`);
  await seen;
}

/** The standard the accessibility statement claims (contract/accessibility.ts): its axe tags. */
export const AXE_TAGS = [...ACCESSIBILITY_STATEMENT.axeTags];

/** axe with the rules of the accessibility statement's standard, on the page as it is now. */
export async function axeResults(page: Page) {
  // Legacy mode runs axe in the page itself: the default opens a blank page for every check to put the
  // frames' results together, which doubled each check's time. The site has no frames of another origin.
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  // Rules axe leaves off by default (target-size) must have run: passed, failed or not applicable.
  const ran = [...result.passes, ...result.violations, ...result.incomplete, ...result.inapplicable].map((r) => r.id);
  for (const rule of ACCESSIBILITY_STATEMENT.axeRulesOn) expect(ran, `axe ran ${rule}`).toContain(rule);
  return result;
}

/**
 * Fails with every rule id and its targets when axe finds a violation of the standard the
 * accessibility statement claims (WCAG 2.2 A and AA, target size included) that is not one of its
 * known issues at this page: the statement and the site must agree.
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  const result = await axeResults(page);
  const hash = await page.evaluate(() => window.location.hash.replace(/^#/, '').split('?')[0] ?? '');
  const known: string[] = ACCESSIBILITY_STATEMENT.knownIssues.filter((k) => k.path === hash).map((k) => k.rule);
  const found = result.violations
    .filter((v) => !known.includes(v.id))
    .map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(found, `axe violations on ${where} that the accessibility statement does not list`).toEqual([]);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A field's label: its text, possibly followed by its error (§5 "label - message"). */
export function label(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text)}(?: - .+)?$`);
}

/**
 * The h1 and the element that has focus, as the page sees them. The heading's focus is for screen
 * readers: no focus ring is drawn around it (a ring around a heading looks like an error box).
 */
async function headingAndFocus(page: Page): Promise<{ h1: string | null; focused: string | null; ring: string }> {
  return page.evaluate(() => {
    const h1 = document.querySelector('h1');
    const active = document.activeElement;
    const style = h1 ? getComputedStyle(h1) : null;
    return {
      h1: h1?.textContent ?? null,
      focused: active === h1 ? (h1?.textContent ?? null) : (active?.outerHTML.slice(0, 80) ?? null),
      ring: style && style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? style.outline : 'none',
    };
  });
}

/** The step is shown: its h1 has focus, the progress bar shows the §2 figure and the hash is the step's. */
export async function expectStep(
  page: Page,
  lang: Lang,
  heading: string,
  progress: number,
  hash: string,
): Promise<void> {
  await expect
    .poll(() => headingAndFocus(page), { message: `h1 "${heading}" with focus, and no focus ring` })
    .toEqual({
      h1: heading,
      focused: heading,
      ring: 'none',
    });
  await expect(page.getByRole('progressbar', { name: T[lang].LAYOUT.PROGRESS })).toHaveAttribute(
    'aria-valuenow',
    String(progress),
  );
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(hash);
}

/**
 * The receipt step is shown (§2, 100%). A guest is first offered an account, then (US billing) a text
 * receipt: each modal takes focus; both are declined here, and focus goes back to the receipt.
 */
export async function expectReceiptStep(page: Page, lang: Lang): Promise<void> {
  const r = T[lang].RECEIPT;
  // A deposit just paid is on its way (docs/decisions/0049); the headline says so once the status is known.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.HEADING_SUBMITTED);
  // The modals render with the receipt (the receipt machine decides at once whether to offer them).
  const account = page.getByRole('dialog', { name: r.ACCOUNT_TITLE });
  const sms = page.getByRole('dialog', { name: r.SMS_TITLE });
  if (await account.isVisible()) {
    await expect(account.getByRole('heading', { name: r.ACCOUNT_TITLE })).toBeFocused();
    await account.getByRole('button', { name: r.NO_THANKS }).click();
    await expect(sms.getByRole('heading', { name: r.SMS_TITLE })).toBeFocused();
  }
  if (await sms.isVisible()) {
    await expect(sms.getByRole('heading', { name: r.SMS_TITLE })).toBeFocused();
    await sms.getByRole('button', { name: r.SKIP }).click();
    await expect(sms).toBeHidden();
  }
  await expect(page.getByRole('progressbar', { name: T[lang].LAYOUT.PROGRESS })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/deposit_receipt');
}

export interface StepOptions {
  /** Run axe on the step before leaving it. */
  axe?: boolean;
}

export async function chooseFacility(page: Page, lang: Lang, options: StepOptions = {}): Promise<void> {
  const t = T[lang];
  await expectStep(page, lang, t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  await expect(page.getByLabel(t.FACILITY.COUNTRY, { exact: true })).toHaveValue('US');
  const state = page.getByLabel(t.FACILITY.STATE, { exact: true });
  await expect(state.getByRole('option', { name: 'Texas' })).toBeAttached();
  await state.selectOption(FACILITY.state);
  const facility = page.getByLabel(t.FACILITY.FACILITY, { exact: true });
  await expect(facility).toBeEnabled();
  await facility.selectOption({ label: FACILITY.label });
  await expect(facility.getByRole('option', { selected: true })).toHaveText(FACILITY.label);
  if (options.axe) await expectNoAxeViolations(page, `facility (${lang})`);
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
}

/** A text with its `{{label}}` filled in as the page does (`{{label, lowercase}}` inside a sentence). */
export function withLabel(text: string, label: string): string {
  return text.replace('{{label, lowercase}}', label.toLowerCase()).replace('{{label}}', label);
}

export async function chooseFlex(page: Page, lang: Lang, options: StepOptions = {}): Promise<void> {
  const t = T[lang];
  await expectStep(page, lang, t.TYPE.HEADING, 40, '#/deposit_type');
  const flex = page.getByRole('region', { name: withLabel(t.TYPE.FLEX_TITLE, t.INMATE_LABEL.INMATE) });
  await expect(flex).toBeVisible();
  if (options.axe) await expectNoAxeViolations(page, `type (${lang})`);
  await flex.getByRole('button', { name: t.TYPE.CHOOSE }).click();
}

/** Searches by the last name, then selects the person by the name on the result's button. */
export async function findRecipient(
  page: Page,
  name: string,
  lang: Lang,
  options: StepOptions & { results?: number } = {},
): Promise<void> {
  const t = T[lang];
  await expectStep(page, lang, withLabel(t.RECIPIENT.HEADING, t.INMATE_LABEL.INMATE), 60, '#/deposit_recipient');
  const lastName = name.split(' ').at(-1) ?? name;
  await page.getByLabel(t.RECIPIENT.NAME).fill(lastName.toLowerCase());
  const results = page.getByRole('list', { name: withLabel(t.RECIPIENT.RESULTS, t.INMATE_LABEL.INMATE) });
  const select = results.getByRole('button', { name: t.RECIPIENT.SELECT_NAMED.replace('{{name}}', name), exact: true });
  await expect(select).toBeVisible();
  if (options.results !== undefined) {
    await expect(results.getByRole('listitem')).toHaveCount(options.results);
    const count = (options.results === 1 ? t.RECIPIENT.RESULTS_COUNT_one : t.RECIPIENT.RESULTS_COUNT_other).replace(
      '{{count}}',
      String(options.results),
    );
    await expect(page.getByRole('status').filter({ hasText: count })).toHaveText(count);
  }
  if (options.axe) await expectNoAxeViolations(page, `recipient with results (${lang})`);
  await select.click();
}

export interface Billing {
  first: string;
  last: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  phone: string;
}

let payers = 0;

/**
 * A guest payer with an email of their own: the server treats a second deposit of the same amount to
 * the same recipient from one email within 10 minutes as a duplicate (docs/decisions/0005).
 */
export function payer(tag: string): Billing {
  payers += 1;
  return {
    first: 'Ana',
    last: 'Lopez',
    address: '12 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    email: `${tag}.${Date.now().toString(36)}${payers}@example.com`,
    phone: '5125550100',
  };
}

export const EXPIRY = { month: '12', year: String(new Date().getFullYear() + 2), cvc: '123' } as const;

/** §5: the security code has the length of the card's brand (contract/cards.ts): 4 digits for an Amex. */
export function cvcFor(card: string): string {
  return /^3[47]/.test(card) ? '1234' : EXPIRY.cvc;
}

/** Money as the page shows it in that language. */
export function money(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(
    amount,
  );
}

/** The definition (dd) that follows a term (dt) of a description list. */
export function definitionOf(scope: Page | Locator, term: string): Locator {
  return scope.locator(`xpath=//dt[normalize-space(.)=${JSON.stringify(term)}]/following-sibling::dd[1]`);
}

export function presetRadio(page: Page, lang: Lang, amount: number = AMOUNT.deposit): Locator {
  return page.getByRole('radio', { name: money(amount, lang), exact: true });
}

/**
 * Chooses a preset amount and waits until it is priced (or refused). The offers that depend on the amount (roundups,
 * extras) appear with its fees above the payment fields; a field clicked while they appear can move
 * between the press and the release, and the click is lost.
 */
export async function chooseAmount(page: Page, lang: Lang, amount: number = AMOUNT.deposit): Promise<void> {
  await presetRadio(page, lang, amount).check();
  const summary = page.getByRole('region', { name: T[lang].CHECKOUT.SUMMARY });
  // The choice is saved and priced at once (the summary is busy from the click on), or refused at once.
  await expect(summary).not.toHaveAttribute('aria-busy', 'true');
}

/** The checkout step with the $25 preset chosen and its fees shown. */
export async function expectCheckoutTotals(page: Page, lang: Lang): Promise<void> {
  const c = T[lang].CHECKOUT;
  await expect(presetRadio(page, lang)).toBeChecked();
  const summary = page.getByRole('region', { name: c.SUMMARY });
  await expect(definitionOf(summary, c.DEPOSIT_AMOUNT)).toHaveText(money(AMOUNT.deposit, lang));
  await expect(definitionOf(summary, c.FEE).getByText(money(AMOUNT.fee, lang), { exact: true })).toBeVisible();
  await expect(definitionOf(summary, c.TOTAL)).toHaveText(money(AMOUNT.total, lang));
}

/** Chooses the $25 preset and fills every field of the checkout (card, billing, guest contact, terms). */
export async function fillCheckout(page: Page, card: string, lang: Lang, who: Billing): Promise<void> {
  const c = T[lang].CHECKOUT;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.HEADING);
  await presetRadio(page, lang).check();
  await expectCheckoutTotals(page, lang);
  await fillPayment(page, card, lang, who);
}

/**
 * The card, billing, guest contact and terms of the checkout (amount left as it is). A signed-in payer
 * gives no contact details: `contact: false`.
 */
export async function fillPayment(
  page: Page,
  card: string,
  lang: Lang,
  who: Billing,
  { contact = true }: { contact?: boolean } = {},
): Promise<void> {
  const c = T[lang].CHECKOUT;
  await page.getByLabel(label(c.CARD_NUMBER)).fill(card);
  await page.getByLabel(label(c.EXPIRY_MONTH)).selectOption(EXPIRY.month);
  await page.getByLabel(label(c.EXPIRY_YEAR)).selectOption(EXPIRY.year);
  await page.getByLabel(label(c.CVC)).fill(cvcFor(card));
  await page.getByLabel(label(c.FIRST_NAME)).fill(who.first);
  await page.getByLabel(label(c.LAST_NAME)).fill(who.last);
  await page.getByLabel(label(c.ADDRESS1)).fill(who.address);
  await page.getByLabel(label(c.CITY)).fill(who.city);
  await page.getByLabel(label(c.STATE)).selectOption(who.state);
  await page.getByLabel(label(c.ZIP)).fill(who.zip);
  if (contact) {
    await page.getByLabel(label(c.EMAIL)).fill(who.email);
    await page.getByLabel(label(c.PHONE)).fill(who.phone);
  }
  for (const key of TERMS) await page.getByLabel(label(c[key])).check();
}

export const TERMS = ['TERMS_1', 'TERMS_2', 'TERMS_3', 'TERMS_4'] as const;

/** §5 masks as a desktop browser shows them (a touch device shows what was typed). */
export const masked = {
  /** '(###) ###-####' */
  phone: (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
  /** '**** **** **** ####': groups of four; an Amex number 4-6-5. */
  card: (digits: string) =>
    /^3[47]/.test(digits)
      ? `${digits.slice(0, 4)} ${digits.slice(4, 10)} ${digits.slice(10)}`
      : digits.replace(/(.{4})(?=.)/g, '$1 '),
};

/** Every checkout field holds what fillCheckout typed. */
export async function expectCheckoutFilled(page: Page, card: string, lang: Lang, who: Billing): Promise<void> {
  const c = T[lang].CHECKOUT;
  await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue(masked.card(card));
  await expect(page.getByLabel(label(c.EXPIRY_MONTH))).toHaveValue(EXPIRY.month);
  await expect(page.getByLabel(label(c.EXPIRY_YEAR))).toHaveValue(EXPIRY.year);
  await expect(page.getByLabel(label(c.CVC))).toHaveValue(cvcFor(card));
  await expectBillingFilled(page, lang, who);
}

/** The billing fields, guest contact (not for a signed-in payer: `contact: false`) and terms as typed. */
export async function expectBillingFilled(
  page: Page,
  lang: Lang,
  who: Billing,
  { contact = true }: { contact?: boolean } = {},
): Promise<void> {
  const c = T[lang].CHECKOUT;
  await expect(page.getByLabel(label(c.FIRST_NAME))).toHaveValue(who.first);
  await expect(page.getByLabel(label(c.LAST_NAME))).toHaveValue(who.last);
  await expect(page.getByLabel(label(c.ADDRESS1))).toHaveValue(who.address);
  await expect(page.getByLabel(label(c.CITY))).toHaveValue(who.city);
  await expect(page.getByLabel(label(c.STATE))).toHaveValue(who.state);
  await expect(page.getByLabel(label(c.ZIP))).toHaveValue(who.zip);
  if (contact) {
    await expect(page.getByLabel(label(c.EMAIL))).toHaveValue(who.email);
    await expect(page.getByLabel(label(c.PHONE))).toHaveValue(masked.phone(who.phone));
  }
  for (const key of TERMS) await expect(page.getByLabel(label(c[key]))).toBeChecked();
}

export function submitButton(page: Page, lang: Lang): Locator {
  return page.getByRole('button', { name: T[lang].DEPOSIT.DEPOSIT_SUBMIT, exact: true });
}

/** Today as MM/dd/yyyy on the Texas facility's calendar. */
export function today(): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** The receipt of a $25 flex deposit to John Smith at the facility, in that language. */
export async function expectReceipt(page: Page, lang: Lang, card: string): Promise<string> {
  const t = T[lang];
  const r = t.RECEIPT;
  await expectReceiptStep(page, lang);
  const main = page.getByRole('main');
  await expect(
    main.getByText(
      r.INTRO_SUBMITTED.replace('{{name}}', RECIPIENT.name).replace('{{amount}}', money(AMOUNT.deposit, lang)),
      { exact: true },
    ),
  ).toBeVisible();
  const order = definitionOf(main, r.ORDER_NUMBER);
  await expect(order).toHaveText(/^D\d{8}$/);
  await expect(definitionOf(main, r.DATE)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(definitionOf(main, r.DATE)).toHaveText(today());
  await expect(definitionOf(main, t.INMATE_LABEL.INMATE)).toHaveText(RECIPIENT.name);
  await expect(definitionOf(main, r.FACILITY)).toHaveText(FACILITY.label);
  await expect(definitionOf(main, r.DEPOSIT_AMOUNT)).toHaveText(money(AMOUNT.deposit, lang));
  await expect(definitionOf(main, r.FEE)).toHaveText(money(AMOUNT.fee, lang));
  await expect(definitionOf(main, r.AMOUNT_PAID)).toHaveText(money(AMOUNT.total, lang));
  await expect(definitionOf(main, r.PAYMENT_METHOD)).toHaveText(
    r.CARD_ENDING.replace('{{brand}}', 'Visa').replace('{{last4}}', card.slice(-4)),
  );
  await expect(definitionOf(main, r.CARD_EXPIRY)).toHaveText(
    new RegExp(`^${EXPIRY.month}\\D+(${EXPIRY.year}|${EXPIRY.year.slice(2)})$`),
  );
  return (await order.textContent()) ?? '';
}

/** The sum of the page's layout shifts not caused by input (CLS as the browser reports it). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // The observer hands over the buffered entries in a task of its own.
        setTimeout(() => done(sum), 0);
      }),
  );
}
