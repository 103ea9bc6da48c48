// Shared steps of the browser journeys: roles and labels only, never CSS classes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };

export const T = { en, es } as const;
export type Lang = keyof typeof T;

/** A page that fails the test on any console error or uncaught exception. */
export const test = base.extend<{ errors: string[] }>({
  errors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});
export { expect };

export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations on ${where}`).toEqual([]);
}

/** The step's h1 has focus and the progress bar shows the §2 figure. */
export async function expectStep(page: Page, heading: string | RegExp, progress: number, hash: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(progress));
  await expect(page).toHaveURL(new RegExp(`${hash.replace(/[/#]/g, '\\$&')}$`));
}

export const CARDS = {
  approved: '4111111111111111',
  amex: '378282246310005',
  unknownText: '4000000000000903',
} as const;

export async function chooseFacility(page: Page, lang: Lang): Promise<void> {
  const t = T[lang];
  await expectStep(page, t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  await page.getByLabel(t.FACILITY.STATE, { exact: true }).selectOption('TX');
  const facility = page.getByLabel(t.FACILITY.FACILITY, { exact: true });
  await expect(facility).toBeEnabled();
  await facility.selectOption({ label: 'Harris County Jail' });
  await expectNoAxeViolations(page, 'facility');
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
}

export async function chooseFlex(page: Page, lang: Lang): Promise<void> {
  const t = T[lang];
  await expectStep(page, t.TYPE.HEADING, 40, '#/deposit_type');
  await expectNoAxeViolations(page, 'type');
  await page.getByRole('button', { name: t.TYPE.CHOOSE }).click();
}

export async function findRecipient(page: Page, lang: Lang, query: string, name: string): Promise<void> {
  const t = T[lang];
  await expectStep(page, /.+/, 60, '#/deposit_recipient');
  await page.getByLabel(t.RECIPIENT.NAME).fill(query);
  const select = page.getByRole('button', { name: t.RECIPIENT.SELECT_NAMED.replace('{{name}}', name) });
  await expect(select).toBeVisible();
  await expectNoAxeViolations(page, 'recipient');
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

export const ANA: Billing = {
  first: 'Ana',
  last: 'Lopez',
  address: '12 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  email: 'ana.e2e@example.com',
  phone: '5125550100',
};

/** A label that may carry its error after it (§5 "label - message"). */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

export const EXPIRY_YEAR = String(new Date().getFullYear() + 2);

export async function fillCheckout(page: Page, lang: Lang, card: string, who: Billing = ANA): Promise<void> {
  const t = T[lang];
  const c = t.CHECKOUT;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.HEADING);
  await page.getByRole('radio', { name: /25\.00/ }).check();
  await expect(page.getByRole('status').filter({ hasText: c.CALCULATING })).toHaveCount(0);
  await page.getByLabel(label(c.CARD_NUMBER)).fill(card);
  await page.getByLabel(label(c.EXPIRY_MONTH)).selectOption('12');
  await page.getByLabel(label(c.EXPIRY_YEAR)).selectOption(EXPIRY_YEAR);
  await page.getByLabel(label(c.CVC)).fill('123');
  await page.getByLabel(label(c.FIRST_NAME)).fill(who.first);
  await page.getByLabel(label(c.LAST_NAME)).fill(who.last);
  await page.getByLabel(label(c.ADDRESS1)).fill(who.address);
  await page.getByLabel(label(c.CITY)).fill(who.city);
  await page.getByLabel(label(c.STATE)).selectOption(who.state);
  await page.getByLabel(label(c.ZIP)).fill(who.zip);
  await page.getByLabel(label(c.EMAIL)).fill(who.email);
  await page.getByLabel(label(c.PHONE)).fill(who.phone);
  for (const key of ['TERMS_1', 'TERMS_2', 'TERMS_3', 'TERMS_4'] as const) await page.getByLabel(label(c[key])).check();
}

export function today(): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}
