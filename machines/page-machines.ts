// The machine of each page of machines/pages.ts (one per route), started with PageInput. A route
// without a machine here is not offered: its path leads to '/' like an unknown one (§2).
import type { AnyStateMachine } from 'xstate';
import { creditCardsMachine } from './credit-cards.machine.ts';
import { destinationAccountsMachine } from './destination-accounts.machine.ts';
import { depositHistoryMachine } from './deposit-history.machine.ts';
import { deepContactMachine } from './deep-contact.machine.ts';
import { developRaiseMachine } from './develop-raise.machine.ts';
import { legalMachine } from './legal.machine.ts';
import { depositOrVisitMachine } from './deposit-or-visit.machine.ts';
import { landingMachine } from './landing.machine.ts';
import { loginMachine } from './login.machine.ts';
import { primaryAccountMachine } from './primary-account.machine.ts';
import { professionalMachine } from './professional.machine.ts';
import { professionalResultMachine } from './professional-result.machine.ts';
import { recurringDepositsMachine } from './recurring-deposits.machine.ts';
import { transferFundsMachine } from './transfer-funds.machine.ts';
import type { PageRoute } from './pages.ts';
import { updateProfileMachine } from './update-profile.machine.ts';
import { identityVerifyMachine } from './identity-verify.machine.ts';
import { pamReturnMachine } from './pam-return.machine.ts';
import { accessibilityMachine } from './accessibility.machine.ts';

export const PAGE_MACHINES: Partial<Record<PageRoute, AnyStateMachine>> = {
  update_profile: updateProfileMachine,
  identity_verify: identityVerifyMachine,
  login: loginMachine,
  credit_cards: creditCardsMachine,
  recurring_deposits: recurringDepositsMachine,
  destination_accounts: destinationAccountsMachine,
  transfer_funds: transferFundsMachine,
  deposit_history: depositHistoryMachine,
  primary_account: primaryAccountMachine,
  professional_verification: professionalMachine,
  professional_verification_resp: professionalResultMachine,
  landing: landingMachine,
  deposit_or_schedule_visit: depositOrVisitMachine,
  terms: legalMachine,
  deep_contact: deepContactMachine,
  privacy: legalMachine,
  pam_return: pamReturnMachine,
  accessibility: accessibilityMachine,
  // §2 /develop/raise is for development only: a production build does not offer it (docs/decisions/0009).
  ...(import.meta.env.DEV ? { raise: developRaiseMachine } : {}),
};
