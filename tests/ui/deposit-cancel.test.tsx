// Cancelling a deposit not yet sent to the facility (docs/decisions/0049), through the screens (jsdom):
// the receipt's status panel and a deposit-history row open an alert dialog that names the deposit and
// takes the focus; Escape or "Keep the deposit" closes it and gives the focus back; the confirmation
// sends one cancel call, and what it comes to is said where the focus goes (the Cancel button is gone).
// Also the words of each status: none says the card was charged while the money is only held.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DepositStatus, DepositStatusInfo } from '../../contract/deposit-status.ts';
import {
  DEPOSIT_HISTORY,
  NETWORK_FAILURE,
  RECEIPT,
  TOO_MANY_REQUESTS,
  depositCancelAnswer,
  depositHistoryPage,
  sampleDepositStatus,
} from '../../fixtures/samples.ts';
import { depositHistoryMachine } from '../../machines/deposit-history.machine.ts';
import { depositStatusMachine } from '../../machines/deposit-status.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  DepositStatusPanel,
  depositStatusWords,
  receiptHeadline,
  statusKind,
} from '../../src/components/deposit-status.tsx';
import { createI18n, missingKeys } from '../../src/i18n.ts';
import { DepositHistoryPage } from '../../src/screens/pages/deposit-history-page.tsx';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { FakeCalls, settle } from '../machines/harness.ts';
import { renderPageScreen } from './page-screen.tsx';

const s = en.DEPOSIT_STATUS;
const ID = RECEIPT.deposit_id;
const AT = '2026-11-22T12:00:00.000Z';
const HELD = sampleDepositStatus(ID, AT, 'submitted');
const CANCELLED = depositCancelAnswer(sampleDepositStatus(ID, AT, 'cancelled'));
const DEPOSIT = { amount: 25, recipient: 'John Smith', order: 'D00000001' };
const WORDS = { amount: '$25.00', recipient: 'John Smith', order: 'D00000001' };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, k: string) => values[k] ?? '');

let stopAll: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopAll) stop();
  stopAll = [];
});

/** The receipt's status panel over a real depositStatus machine, its calls answered by the test. */
async function panel(info: DepositStatusInfo = HELD) {
  const calls = new FakeCalls();
  const actor = createActor(provideMachine(depositStatusMachine, calls.all()), { input: { depositId: ID } });
  actor.start();
  stopAll.push(() => actor.stop());
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <main>
        <DepositStatusPanel actor={actor} lang="en" deposit={DEPOSIT} />
      </main>
    </I18nextProvider>,
  );
  await act(async () => {
    calls.resolve('loadDepositStatus', info);
    await settle();
  });
  return { calls, actor };
}

/** Answers a pending call inside act(), so React renders what it comes to. */
async function answer(calls: FakeCalls, run: () => void) {
  await act(async () => {
    run();
    await settle();
  });
}

describe('the receipt: cancel a deposit not yet sent', () => {
  it('asks first; Escape keeps the deposit and gives the focus back to Cancel; nothing is sent', async () => {
    const user = userEvent.setup();
    const t = await panel();
    const cancel = screen.getByRole('button', { name: s.CANCEL });
    expect(cancel.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: s.CANCEL_TITLE });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('heading')));
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      fill(s.CANCEL_TEXT, WORDS),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: s.CANCEL })));
    expect(t.calls.inputs('cancelDeposit')).toEqual([]);
    expect([...missingKeys]).toEqual([]);
  });

  it('Tab stays in the dialog; "Keep the deposit" closes it too', async () => {
    const user = userEvent.setup();
    await panel();
    await user.click(screen.getByRole('button', { name: s.CANCEL }));
    const dialog = screen.getByRole('alertdialog');
    const keep = within(dialog).getByRole('button', { name: s.CANCEL_KEEP });
    const confirm = within(dialog).getByRole('button', { name: s.CANCEL_CONFIRM });
    await user.tab();
    expect(document.activeElement).toBe(keep);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(keep);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the confirmation cancels it: the status is the answer’s, and the message takes the focus', async () => {
    const user = userEvent.setup();
    const t = await panel();
    await user.click(screen.getByRole('button', { name: s.CANCEL }));
    await user.click(screen.getByRole('button', { name: s.CANCEL_CONFIRM }));
    expect(t.calls.inputs('cancelDeposit')).toEqual([{ depositId: ID }]);
    const waiting = screen.getByRole('button', { name: en.WIZARD.PLEASE_WAIT });
    // Still focusable (the focus is not lost), but it does nothing while the call is under way.
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(waiting);
    await user.click(waiting);
    expect(t.calls.inputs('cancelDeposit')).toHaveLength(1);
    await answer(t.calls, () => t.calls.resolve('cancelDeposit', CANCELLED));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const done = screen.getByText(fill(s.CANCEL_DONE, WORDS));
    expect(done.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByTestId('deposit-status').getAttribute('data-status')).toBe('cancelled');
    expect(screen.queryByRole('button', { name: s.CANCEL })).toBeNull();
  });

  it('a failed call says why in the dialog, where the focus goes; Try again sends it again', async () => {
    const user = userEvent.setup();
    const t = await panel();
    await user.click(screen.getByRole('button', { name: s.CANCEL }));
    await user.click(screen.getByRole('button', { name: s.CANCEL_CONFIRM }));
    await answer(t.calls, () => t.calls.reject('cancelDeposit', NETWORK_FAILURE));
    const dialog = screen.getByRole('alertdialog');
    const why = within(dialog).getByRole('alert');
    expect(why.textContent).toBe(s.CANCEL_NETWORK);
    await waitFor(() => expect(document.activeElement).toBe(why));
    await user.click(within(dialog).getByRole('button', { name: s.CANCEL_RETRY }));
    expect(t.calls.inputs('cancelDeposit')).toHaveLength(2);
    await answer(t.calls, () => t.calls.reject('cancelDeposit', TOO_MANY_REQUESTS));
    expect(within(screen.getByRole('alertdialog')).getByRole('alert').textContent).toBe(s.CANCEL_TOO_MANY);
    // The status shown is still the last one known.
    expect(screen.getByTestId('deposit-status').getAttribute('data-status')).toBe('submitted');
  });

  it('a refusal says why, as an alert that takes the focus, and shows the status answered', async () => {
    const user = userEvent.setup();
    const t = await panel();
    await user.click(screen.getByRole('button', { name: s.CANCEL }));
    await user.click(screen.getByRole('button', { name: s.CANCEL_CONFIRM }));
    const posted = sampleDepositStatus(ID, AT, 'posted');
    await answer(t.calls, () => t.calls.resolve('cancelDeposit', depositCancelAnswer(posted, 'ALREADY_POSTED')));
    const why = screen.getByRole('alert');
    expect(why.textContent).toBe(s.CANCEL_ALREADY_POSTED);
    await waitFor(() => expect(document.activeElement).toBe(why));
    expect(screen.getByTestId('deposit-status').getAttribute('data-status')).toBe('posted');
  });

  it('is not offered once the deposit has been sent', async () => {
    await panel({ ...HELD, cancellable: false });
    expect(screen.queryByRole('button', { name: s.CANCEL })).toBeNull();
    expect(screen.getByRole('button', { name: s.CHECK })).toBeTruthy();
  });
});

describe('the deposit history: cancel a row’s deposit', () => {
  const FLEX = DEPOSIT_HISTORY[0];
  if (!FLEX) throw new Error('the sample history has deposits');
  const rowWords = { amount: '$25.00', recipient: FLEX.recipient, order: FLEX.order_number };

  it('cancels the deposit of the row after the confirmation; the row and a message say so', async () => {
    const user = userEvent.setup();
    const t = renderPageScreen(DepositHistoryPage, depositHistoryMachine, 'deposit_history');
    stopAll.push(t.stop);
    await answer(t.calls, () => t.calls.resolve('loadDepositHistory', depositHistoryPage(1)));
    const list = screen.getByRole('list', { name: en.PAGES.DEPOSIT_HISTORY });
    // Only the deposit still held and not sent has the button.
    expect(within(list).getAllByRole('button', { name: /^Cancel deposit/ })).toHaveLength(1);
    const cancel = within(list).getByRole('button', { name: fill(s.CANCEL_ITEM, rowWords) });
    await user.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: s.CANCEL_TITLE });
    expect(dialog.textContent).toContain(fill(s.CANCEL_TEXT, rowWords));
    await user.click(within(dialog).getByRole('button', { name: s.CANCEL_KEEP }));
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: s.CANCEL_CONFIRM }));
    expect(t.calls.inputs('cancelDeposit')).toEqual([{ depositId: FLEX.status.deposit_id }]);
    const cancelled = depositCancelAnswer(sampleDepositStatus(FLEX.id, FLEX.deposit_time, 'cancelled'));
    await answer(t.calls, () => t.calls.resolve('cancelDeposit', cancelled));
    const done = screen.getByText(fill(s.CANCEL_DONE, rowWords));
    await waitFor(() => expect(document.activeElement).toBe(done));
    const row = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(row).getByTestId('deposit-status').getAttribute('data-status')).toBe('cancelled');
    expect(within(list).queryAllByRole('button', { name: /^Cancel deposit/ })).toHaveLength(0);
    expect([...missingKeys]).toEqual([]);
  });
});

describe('the words of each status (docs/decisions/0049)', () => {
  const i18n = createI18n('en');
  const t = i18n.t.bind(i18n);
  const info = (status: DepositStatus, over: Partial<DepositStatusInfo> = {}) => ({
    ...sampleDepositStatus(ID, AT, status),
    ...over,
  });

  it('a held deposit, a released refusal and a cancel never speak of a charge to refund', () => {
    for (const i of [info('submitted'), info('refused'), info('cancelled')]) {
      const words = depositStatusWords(t, i, 'en');
      expect(words.text).not.toMatch(/refund/i);
      expect(t(receiptHeadline(i).intro, { name: 'John Smith', amount: '$25.00' })).not.toMatch(/will receive|refund/i);
    }
    expect(depositStatusWords(t, info('refused'), 'en').text).toContain('You were not charged');
    expect(depositStatusWords(t, info('cancelled'), 'en').text).toContain('You were not charged');
  });

  it('money taken at payment (pam) and refused is to be refunded; the headline agrees', () => {
    const taken = info('refused', { charged: true, expected_at: AT });
    expect(statusKind(taken)).toBe('toRefund');
    expect(depositStatusWords(t, taken, 'en').text).toMatch(/will be refunded/);
    expect(t(receiptHeadline(taken).heading)).toBe(en.RECEIPT.HEADING_REFUSED_CHARGED);
    expect(statusKind(info('submitted', { charged: true }))).toBe('paid');
  });

  it('every status has a headline and a sentence in both languages; none before the first answer', () => {
    const kinds = [
      info('submitted'),
      info('submitted', { charged: true }),
      info('posted'),
      info('refused'),
      info('refused', { charged: true }),
      info('refunded'),
      info('cancelled'),
    ];
    const has = (tree: Record<string, Record<string, string>>, key: string) => {
      const [section, name] = key.split('.') as [string, string];
      return typeof tree[section]?.[name] === 'string';
    };
    for (const i of kinds) {
      const { heading, intro } = receiptHeadline(i);
      for (const tree of [en, es] as unknown as Record<string, Record<string, string>>[]) {
        expect(has(tree, heading), heading).toBe(true);
        expect(has(tree, intro), intro).toBe(true);
      }
    }
    expect(new Set(kinds.map((i) => receiptHeadline(i).heading)).size).toBe(6);
    expect(receiptHeadline(null)).toEqual({ heading: 'RECEIPT.HEADING', intro: 'RECEIPT.INTRO' });
  });
});
