// A guest's flex deposit through the real screens, machines, client and server (jsdom).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingKeys } from '../../src/i18n.ts';
import { renderApp, startServer, type Harness } from './harness.tsx';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => {
  await h.close();
});

async function toCheckout(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { level: 1, name: 'Where is your loved one?' });
  const state = await screen.findByLabelText('State');
  await waitFor(() => expect(within(state).getAllByRole('option').length).toBeGreaterThan(2));
  await user.selectOptions(state, 'TX');
  const facility = screen.getByLabelText('Facility');
  await waitFor(() => expect((facility as HTMLSelectElement).disabled).toBe(false));
  await user.selectOptions(facility, within(facility).getByRole('option', { name: /Travis County/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'What would you like to pay for?' });
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  const flex = screen.getByRole('region', { name: 'Inmate account deposit' });
  await user.click(within(flex).getByRole('button', { name: 'Choose' }));
  await screen.findByRole('heading', { level: 1, name: /^Find the/ });
  await user.type(screen.getByLabelText(/First or last name/), 'smith');
  await user.click(await screen.findByRole('button', { name: 'Select John Smith' }));
  await screen.findByRole('heading', { level: 1, name: 'Review and pay' });
}

async function fillCheckout(user: ReturnType<typeof userEvent.setup>, card: string) {
  await user.click(screen.getByRole('radio', { name: '$25.00' }));
  await waitFor(() => expect(screen.getByText('You pay').nextElementSibling?.textContent).not.toBe('$0.00'));
  await user.type(screen.getByLabelText('Card number'), card);
  await user.selectOptions(screen.getByLabelText('Expiry month'), '12');
  await user.selectOptions(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
  // §5: the security code has the length of the card's brand (contract/cards.ts): 4 digits for an Amex.
  await user.type(screen.getByLabelText('Security code'), /^3[47]/.test(card) ? '1234' : '123');
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Lopez');
  await user.type(screen.getByLabelText('Address'), '12 Main St');
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.selectOptions(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP or postal code'), '78701');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Phone number'), '5125550100');
  for (const box of screen.getAllByRole('checkbox')) await user.click(box);
}

describe('guest flex deposit', () => {
  it('shows the error summary with focus when checkout is submitted empty', async () => {
    const user = userEvent.setup();
    const { view } = renderApp(h);
    await toCheckout(user);
    await user.click(screen.getByRole('button', { name: 'Make deposit' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Some information is missing or incorrect');
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('link', { name: /Card number - / })).toBeTruthy();
    view.unmount();
  });

  it('keeps every entered field after a declined card and then completes with a good card', async () => {
    const user = userEvent.setup();
    const { view } = renderApp(h);
    await toCheckout(user);
    await fillCheckout(user, '378282246310005');
    // The brand of the number typed is shown (contract/cards.ts).
    expect(screen.getByTestId('card-brand').textContent).toBe('Card: American Express');
    await user.click(screen.getByRole('button', { name: 'Make deposit' }));
    await screen.findByText('We do not accept American Express. Please use another card.');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ana');
    // §5: the number stays as typed, in the card mask's groups (Amex 4-6-5, contract/cards.ts).
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('3782 822463 10005');
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText(/^Card number/), '4111111111111111');
    await user.clear(screen.getByLabelText(/^Security code/));
    await user.type(screen.getByLabelText(/^Security code/), '123');
    expect(screen.getByTestId('card-brand').textContent).toBe('Card: Visa');
    await user.click(screen.getByRole('button', { name: 'Make deposit' }));
    await screen.findByRole('heading', { level: 1, name: 'Your deposit is on its way' });
    expect(screen.getByTestId('order-number').textContent).toMatch(/^D\d{8}$/);
    expect(screen.getByTestId('receipt-date').textContent).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(window.location.hash).toBe('#/deposit_receipt');
    // The card number never left the vault call.
    const leaks = h.requests.filter((r) => !r.url.startsWith('/vault/') && r.body.includes('4111111111111111'));
    expect(leaks).toEqual([]);
    expect([...missingKeys]).toEqual([]);
    view.unmount();
  });
});
