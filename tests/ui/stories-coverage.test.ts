// Every screen state has a story. The states come from the machines themselves; each story names
// its state in `parameters.machineState` ('<machine>:<state path>'), and its loader drives the
// machine there before the story renders (stories/support/drive.ts), so a story cannot claim a
// state it does not show. A new state without a story, or a story naming no such state, fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { checkoutAmountMachine } from '../../machines/checkout-amount.machine.ts';
import { checkoutChoicesMachine } from '../../machines/checkout-choices.machine.ts';
import { checkoutPaymentMachine } from '../../machines/checkout-payment.machine.ts';
import { checkoutSubmitMachine } from '../../machines/checkout-submit.machine.ts';
import { CHECKOUT_SCREENS } from '../../src/screens/checkout/checkout-screens.ts';
import { APP_SCREENS } from '../../src/screens/app-screens.ts';
import { WIZARD_SCREENS } from '../../src/screens/wizard-screens.ts';
import { PAGE_TABLES } from '../../src/screens/pages/page-tables.ts';
import { PHONE_VERIFICATION_SCREENS } from '../../src/components/phone-verification-screens.ts';
import type { ScreenTable } from '../../src/screen-table.ts';
import { checkoutExtrasMachine } from '../../machines/checkout-extras.machine.ts';
import { facilityPickerMachine } from '../../machines/facility-picker.machine.ts';
import { creditCardsMachine } from '../../machines/credit-cards.machine.ts';
import { destinationAccountsMachine } from '../../machines/destination-accounts.machine.ts';
import { depositHistoryMachine } from '../../machines/deposit-history.machine.ts';
import { developRaiseMachine } from '../../machines/develop-raise.machine.ts';
import { deepContactMachine } from '../../machines/deep-contact.machine.ts';
import { legalMachine } from '../../machines/legal.machine.ts';
import { depositOrVisitMachine } from '../../machines/deposit-or-visit.machine.ts';
import { landingMachine } from '../../machines/landing.machine.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { phoneVerificationMachine } from '../../machines/phone-verification.machine.ts';
import { primaryAccountMachine } from '../../machines/primary-account.machine.ts';
import { recurringDepositsMachine } from '../../machines/recurring-deposits.machine.ts';
import { receiptFlowMachine } from '../../machines/receipt.machine.ts';
import { depositStatusMachine } from '../../machines/deposit-status.machine.ts';
import { updateProfileMachine } from '../../machines/update-profile.machine.ts';
import { identityVerifyMachine } from '../../machines/identity-verify.machine.ts';
import { recipientSearchMachine } from '../../machines/recipient-search.machine.ts';
import { professionalMachine } from '../../machines/professional.machine.ts';
import { professionalResultMachine } from '../../machines/professional-result.machine.ts';
import { pamReturnMachine } from '../../machines/pam-return.machine.ts';
import { transferFundsMachine } from '../../machines/transfer-funds.machine.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';
import { DEPOSIT_STATUS_SCREENS } from '../../src/components/deposit-status-screens.ts';
import { SESSION_TIMEOUT_SCREENS } from '../../src/components/session-timeout-screens.ts';
import { sessionTimeoutMachine } from '../../machines/session-timeout.machine.ts';
import { accessibilityMachine } from '../../machines/accessibility.machine.ts';

/** A machine a table covers, whole or only one region (the wizard's `step`: `autosave` runs behind every step). */
type Covered = AnyStateMachine | { machine: AnyStateMachine; region: string };

/**
 * Every flow's table from state to screen (src/screen-table.ts), with the machines it covers by the name
 * the stories use (a child machine's invoke id; a page's machine id): each of their states must have an
 * entry, and each entry that is not terminal a story.
 */
const TABLES: { table: ScreenTable; machines: Record<string, Covered> }[] = [
  { table: APP_SCREENS, machines: { app: appMachine } },
  {
    table: WIZARD_SCREENS,
    machines: {
      wizard: { machine: wizardMachine, region: 'step' },
      facilityPicker: facilityPickerMachine,
      recipientSearch: recipientSearchMachine,
      receiptFlow: receiptFlowMachine,
    },
  },
  {
    table: CHECKOUT_SCREENS,
    machines: {
      checkout: checkoutMachine,
      checkoutAmount: checkoutAmountMachine,
      checkoutPayment: checkoutPaymentMachine,
      checkoutChoices: checkoutChoicesMachine,
      checkoutSubmit: checkoutSubmitMachine,
      // Voicemail offers and the CPA link (docs/decisions/0015).
      checkoutExtras: checkoutExtrasMachine,
    },
  },
  // The verify-phone modal's child machine, by its invoke id (§2 other modals, §4).
  { table: PHONE_VERIFICATION_SCREENS, machines: { phoneVerification: phoneVerificationMachine } },
  // The receipt's status tracker, the receipt flow's child (docs/decisions/0048).
  { table: DEPOSIT_STATUS_SCREENS, machines: { depositStatus: depositStatusMachine } },
  // The session's idle limit: what a signed-in payer sees (a guest's session ends without a screen).
  {
    table: SESSION_TIMEOUT_SCREENS,
    machines: { sessionTimeout: { machine: sessionTimeoutMachine, region: 'signedIn' } },
  },
  // Pages outside the wizard (machines/pages.ts), named by their machine's id.
  ...[
    loginMachine,
    creditCardsMachine,
    recurringDepositsMachine,
    destinationAccountsMachine,
    depositHistoryMachine,
    transferFundsMachine,
    primaryAccountMachine,
    legalMachine,
    updateProfileMachine,
    identityVerifyMachine,
    professionalMachine,
    professionalResultMachine,
    landingMachine,
    depositOrVisitMachine,
    deepContactMachine,
    pamReturnMachine,
    developRaiseMachine,
    accessibilityMachine,
  ].map((machine) => ({ table: PAGE_TABLES[machine.id] ?? {}, machines: { [machine.id]: machine } })),
];

const machineOf = (c: Covered) => ('region' in c ? c.machine : c);
const regionOf = (c: Covered) => ('region' in c ? c.region : '');

/** A state with an unguarded eventless transition is left as soon as it is entered: nothing renders it. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((t) => !t.guard);
}

function nodeAt(machine: AnyStateMachine, path: string): AnyStateNode {
  let node: AnyStateNode = machine.root;
  for (const key of path ? path.split('.') : []) {
    const next = node.states[key];
    if (!next) throw new Error(`${machine.id} has no state ${path}`);
    node = next;
  }
  return node;
}

/** Leaf states under `node` ('active.fees.idle'), transient states left out, final ones too unless asked. */
function leavesOf(node: AnyStateNode, finals = false): string[] {
  const kids = Object.values(node.states);
  if (kids.length === 0) return (node.type === 'final' && !finals) || isTransient(node) ? [] : [node.path.join('.')];
  return kids.flatMap((kid) => leavesOf(kid, finals));
}

/** Every state of the tables' machines, as the tables name them. */
function tabledStates(): string[] {
  return TABLES.flatMap(({ machines }) =>
    Object.entries(machines).flatMap(([name, covered]) =>
      leavesOf(nodeAt(machineOf(covered), regionOf(covered)), true).map((p) => `${name}:${p}`),
    ),
  );
}

/** The screen states that must have a story: every state but final ones ('<machine>:<state path>'). */
function screenStates(): string[] {
  return TABLES.flatMap(({ machines }) =>
    Object.entries(machines).flatMap(([name, covered]) =>
      leavesOf(nodeAt(machineOf(covered), regionOf(covered))).map((p) => `${name}:${p}`),
    ),
  );
}

const STORIES_DIR = join(import.meta.dirname, '../../stories');

/** Story file -> the states its stories name. */
function storiedStates(dir = STORIES_DIR): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.stories.tsx'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    out.set(
      file,
      [...text.matchAll(/\bmachineState:\s*'([^']+)'/g)].map((m) => m[1] as string),
    );
  }
  return out;
}

describe('the tables from state to screen', () => {
  it('have an entry for every state of their machines, and none for a state that does not exist', () => {
    const states = tabledStates();
    const entries = TABLES.flatMap(({ table }) => Object.keys(table));
    expect(
      states.filter((s) => !entries.includes(s)),
      'states without an entry',
    ).toEqual([]);
    expect(
      entries.filter((e) => !states.includes(e)),
      'entries of no state',
    ).toEqual([]);
  });

  it('mark as terminal exactly the states where the flow ends', () => {
    for (const { table, machines } of TABLES) {
      for (const [name, covered] of Object.entries(machines)) {
        const machine = machineOf(covered);
        // The flow ends in a final state of the machine itself, not in one of a region's (a parallel
        // state's regions finishing move it on).
        const top = nodeAt(machine, regionOf(covered));
        const finals = leavesOf(top, true).filter((p) => {
          const node = nodeAt(machine, p);
          return node.type === 'final' && node.parent === top;
        });
        const terminal = Object.entries(table)
          .filter(([state, entry]) => state.startsWith(`${name}:`) && entry.terminal)
          .map(([state]) => state.slice(name.length + 1));
        expect(terminal.sort(), name).toEqual(finals.sort());
      }
    }
  });
});

describe('stories of the screen states', () => {
  const required = screenStates();
  const named = storiedStates();
  const covered = new Set([...named.values()].flat());

  it('know the screen states of the machines', () => {
    expect(required.length).toBeGreaterThan(30);
    expect(required).toContain('checkoutSubmit:warning');
    expect(required).toContain('wizard:step.facility.editing');
    expect(required).toContain('recipientSearch:empty');
    // Left at once by its guards, and the autosave region: no screen of their own.
    expect(required).not.toContain('wizard:step.routing');
    expect(required.some((s) => s.startsWith('wizard:autosave'))).toBe(false);
  });

  it('find the stories and the states they name', () => {
    expect(named.size).toBeGreaterThanOrEqual(6);
    expect(covered.size).toBeGreaterThan(0);
  });

  it('show every screen state of every machine', () => {
    const missing = required.filter((s) => !covered.has(s));
    expect(missing, `screen states with no story: ${missing.join(', ')}`).toEqual([]);
  });

  it('name only screen states that exist', () => {
    const unknown = [...named].flatMap(([file, states]) =>
      states.filter((s) => !required.includes(s)).map((s) => `${file}: ${s}`),
    );
    expect(unknown, `stories naming a state that is not a screen state: ${unknown.join(', ')}`).toEqual([]);
  });
});
