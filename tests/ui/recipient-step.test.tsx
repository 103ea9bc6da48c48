// The recipient step's search form (§5, §9; docs/decisions/0041): the form holds what is typed and
// checks it with the contract's rules; only a valid search reaches the server, as it is typed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASYNC_TIMEOUT } from '../wait.ts';
import { renderApp, startServer, type Harness } from './harness.tsx';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => {
  await h.close();
});

const wait = { timeout: ASYNC_TIMEOUT };

/** A guest at Travis County (a standard facility: names need 3 characters), at the recipient step. */
async function toRecipientStep(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await screen.findByRole('heading', { level: 1, name: 'Where is your loved one?' }, wait);
  const state = await screen.findByLabelText('State', {}, wait);
  await waitFor(() => expect(within(state).getAllByRole('option').length).toBeGreaterThan(2), wait);
  await user.selectOptions(state, 'TX');
  const facility = screen.getByLabelText('Facility');
  await waitFor(() => expect((facility as HTMLSelectElement).disabled).toBe(false), wait);
  await user.selectOptions(facility, within(facility).getByRole('option', { name: /Travis County/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'What would you like to pay for?' }, wait);
  const flex = screen.getByRole('region', { name: 'Inmate account deposit' });
  await user.click(within(flex).getByRole('button', { name: 'Choose' }));
  await screen.findByRole('heading', { level: 1, name: /^Find the/ }, wait);
  return screen.getByLabelText('First or last name');
}

/** The name queries the server was asked for. */
const searched = () =>
  h.requests
    .filter((r) => r.url.startsWith('/pay/search_inmates?'))
    .map((r) => new URLSearchParams(r.url.split('?')[1]).get('name_query'));

describe('recipient step: the search form', () => {
  it('§5: too short is not searched; leaving the field asks to keep typing; a valid name is searched as typed', async () => {
    const user = userEvent.setup();
    const { view } = renderApp(h);
    const field = await toRecipientStep(user);
    const before = searched().length;
    await user.type(field, 'sm');
    await user.tab();
    expect(await screen.findByLabelText('First or last name - Keep typing', {}, wait)).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, 'i');
    await screen.findByRole('button', { name: 'Select John Smith' }, wait);
    // The form's error goes once the field is edited and passes the rule on the next blur.
    await user.tab();
    await waitFor(() => expect(field.hasAttribute('aria-invalid')).toBe(false), wait);
    expect(searched().slice(before)).toEqual(['smi']);

    // Back under the minimum: the older results go, nothing is searched.
    await user.type(field, '{Backspace}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Select John Smith' })).toBeNull(), wait);
    expect(searched().slice(before)).toEqual(['smi']);
    view.unmount();
  });

  it('Enter on a search to correct shows the error summary with focus, linking to the field', async () => {
    const user = userEvent.setup();
    const { view } = renderApp(h);
    const field = await toRecipientStep(user);
    await user.type(field, 'j{Enter}');
    const summary = await screen.findByRole('alert', {}, wait);
    await waitFor(() => expect(document.activeElement).toBe(summary), wait);
    expect(within(summary).getByRole('link', { name: 'First or last name - Keep typing' })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('j');
    view.unmount();
  });
});
