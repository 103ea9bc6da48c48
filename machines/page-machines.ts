// The machine of each page of machines/pages.ts (one per route), started with PageInput. A route
// without a machine here is not offered: its path leads to '/' like an unknown one (§2).
import type { AnyStateMachine } from 'xstate';
import { creditCardsMachine } from './credit-cards.machine.ts';
import { destinationAccountsMachine } from './destination-accounts.machine.ts';
import { depositHistoryMachine } from './deposit-history.machine.ts';
import { loginMachine } from './login.machine.ts';
import { primaryAccountMachine } from './primary-account.machine.ts';
import { recurringDepositsMachine } from './recurring-deposits.machine.ts';
import { transferFundsMachine } from './transfer-funds.machine.ts';
import type { PageRoute } from './pages.ts';

export const PAGE_MACHINES: Partial<Record<PageRoute, AnyStateMachine>> = {
  login: loginMachine,
  credit_cards: creditCardsMachine,
  recurring_deposits: recurringDepositsMachine,
  destination_accounts: destinationAccountsMachine,
  transfer_funds: transferFundsMachine,
  deposit_history: depositHistoryMachine,
  primary_account: primaryAccountMachine,
};
