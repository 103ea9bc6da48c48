// deposit.type (§2, 40%): the deposit types the facility offers; choosing one is the step's Continue.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import { expect, within } from 'storybook/test';
import { t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters, type Step } from './support/drive.ts';
import { renderScreen, typeScreen } from './support/render.tsx';
import { facilityFields } from './support/sandbox.ts';

/** The panel of a deposit type, named by its title. */
function panel(canvas: ReturnType<typeof within>, titleKey: string) {
  return within(
    canvas.getByRole('region', {
      name: t(titleKey, { label: t('INMATE_LABEL.INMATE'), labelLower: t('INMATE_LABEL.INMATE').toLowerCase() }),
    }),
  );
}

const meta = {
  title: 'Screens/Type step',
  render: renderScreen(typeScreen, PROGRESS.type),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** Harris County Jail (1001) offers flex, dest and trust. */
const AT_HARRIS = { fields: facilityFields(1001) };
const CHOOSE_FLEX: Step[] = [
  reach('wizard:step.type.editing'),
  to.wizard({ type: 'type.select', depositType: 'flex' }),
];

export const FlexOffered: Story = {
  parameters: { machineState: 'wizard:step.type.editing', scene: { server: AT_HARRIS, route: 'type' } },
  play: async ({ canvas }) => {
    await expect(panel(canvas, 'TYPE.FLEX_TITLE').getByRole('button', { name: t('TYPE.CHOOSE') })).toBeEnabled();
    await expect(panel(canvas, 'TYPE.DEST_TITLE').getByRole('button', { name: t('TYPE.CHOOSE') })).toBeEnabled();
    await expect(panel(canvas, 'TYPE.TRUST_TITLE').getByRole('button', { name: t('TYPE.CHOOSE') })).toBeEnabled();
    await expect(canvas.queryByRole('region', { name: t('TYPE.BAIL_TITLE') })).toBeNull();
  },
};

export const FlexOfferedSpanish: Story = { ...FlexOffered, globals: { locale: 'es' } };

/** Flex chosen; the step's save is under way. */
export const Saving: Story = {
  parameters: {
    machineState: 'wizard:step.type.saving',
    scene: {
      server: AT_HARRIS,
      route: 'type',
      variants: [{ call: 'saveFormState', answer: 'never' }],
      steps: CHOOSE_FLEX,
    },
  },
  play: async ({ canvas }) => {
    await expect(
      panel(canvas, 'TYPE.FLEX_TITLE').getByRole('button', { name: t('WIZARD.PLEASE_WAIT') }),
    ).toBeDisabled();
  },
};

/** §4: the save failed, so the wizard cannot continue: the error summary says why. */
export const CannotContinue: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: {
      server: AT_HARRIS,
      route: 'type',
      variants: [{ call: 'saveFormState', answer: 'fail' }],
      steps: CHOOSE_FLEX,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
    await expect(panel(canvas, 'TYPE.FLEX_TITLE').getByRole('button', { name: t('TYPE.CHOOSE') })).toBeEnabled();
  },
};

export const CannotContinueSpanish: Story = { ...CannotContinue, globals: { locale: 'es' } };

const CHOOSE = () => t('TYPE.CHOOSE');

/** §2/§6 trust redirect: Bexar County (1003) sends trust deposits to another site. */
export const TrustRedirect: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1003) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    const trust = panel(canvas, 'TYPE.TRUST_TITLE');
    await expect(trust.getByRole('link', { name: t('TYPE.TRUST_REDIRECT_LINK') })).toHaveAttribute(
      'href',
      'https://trust.example.com/deposit',
    );
    await expect(trust.queryByRole('button', { name: CHOOSE() })).toBeNull();
  },
};

/** §2/§6: Cobb County (1102): trust by a third-party money transmitter. */
export const TrustThirdParty: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1102) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(
      panel(canvas, 'TYPE.TRUST_TITLE').getByText(
        t('TYPE.TRUST_THIRD_PARTY', { labelLower: t('INMATE_LABEL.INMATE').toLowerCase() }),
      ),
    ).toBeInTheDocument();
  },
};

/** §2/§6: Gwinnett County (1103): prepaid phone deposits go to trust. */
export const PrepaidToTrust: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1103) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(
      panel(canvas, 'TYPE.DEST_TITLE_RP').getByText(
        t('TYPE.PREPAID_TO_TRUST', { labelLower: t('INMATE_LABEL.INMATE').toLowerCase() }),
      ),
    ).toBeInTheDocument();
    await expect(panel(canvas, 'TYPE.TRUST_TITLE').getByRole('button', { name: CHOOSE() })).toBeEnabled();
  },
};

/** §2 pam mode: Maricopa County (1201) takes bail through type selection. */
export const PamBail: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1201) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(panel(canvas, 'TYPE.BAIL_TITLE').getByRole('button', { name: CHOOSE() })).toBeEnabled();
  },
};

/** §2: an FCC-regulated facility (King County, 1301) lists its deposit types. */
export const FccRegulated: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1301) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: t('TYPE.FCC_TYPES') });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // §9 purse_reg: a phone deposit here goes to the regulated purse (decisions/0016).
    await expect(within(list).getByText(t('TYPE.DEST_TITLE_REG'))).toBeInTheDocument();
    await expect(panel(canvas, 'TYPE.DEST_TITLE_REG').getByRole('button', { name: CHOOSE() })).toBeEnabled();
  },
};

/** §5: a non-US billing country hides trust and bail. */
export const NonUsBilling: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: { ...facilityFields(1201), billing_country: 'CA' } }, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.queryByRole('region', {
        name: t('TYPE.TRUST_TITLE', { labelLower: t('INMATE_LABEL.INMATE').toLowerCase() }),
      }),
    ).toBeNull();
    await expect(canvas.queryByRole('region', { name: t('TYPE.BAIL_TITLE') })).toBeNull();
  },
};

/** §4: trust chosen while signed out: the login-required modal, with the way to sign in and back. */
export const LoginRequired: Story = {
  parameters: {
    machineState: 'wizard:step.type.loginRequired',
    scene: {
      server: AT_HARRIS,
      route: 'type',
      steps: [reach('wizard:step.type.editing'), to.wizard({ type: 'type.select', depositType: 'trust' })],
    },
  },
  play: async ({ canvas }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('TYPE.SIGN_IN_TITLE') }));
    await expect(dialog.getByRole('link', { name: t('TYPE.SIGN_IN') })).toHaveAttribute(
      'href',
      '#/login?returnTo=%2Fdeposit_type',
    );
    await expect(dialog.getByRole('button', { name: t('COMMON.CLOSE') })).toBeEnabled();
  },
};

export const LoginRequiredSpanish: Story = { ...LoginRequired, globals: { locale: 'es' } };

/**
 * §2/§3/§9 unified wallet: DuPage County (1402): the notice, and each type named for its purse
 * (dest is AdvancePay, flex the PIN-debit account, trust the wallet's trust purse).
 */
export const UnifiedWallet: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1402) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    const notice = canvas.getByRole('note', { name: t('TYPE.UNIFIED_WALLET_TITLE') });
    await expect(notice).toHaveTextContent(
      t('TYPE.UNIFIED_WALLET_NOTICE', { labelLower: t('INMATE_LABEL.INMATE').toLowerCase() }),
    );
    await expect(panel(canvas, 'TYPE.DEST_TITLE_UW').getByRole('button', { name: CHOOSE() })).toBeEnabled();
    await expect(panel(canvas, 'TYPE.FLEX_TITLE_UW').getByRole('button', { name: CHOOSE() })).toBeEnabled();
    await expect(panel(canvas, 'TYPE.TRUST_TITLE_UW').getByRole('button', { name: CHOOSE() })).toBeEnabled();
    await expect(canvas.queryByRole('region', { name: t('TYPE.DEST_TITLE') })).toBeNull();
  },
};

/** Harris County (1001) has no unified wallet: no notice, the usual names. */
export const NoUnifiedWallet: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: AT_HARRIS, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('note', { name: t('TYPE.UNIFIED_WALLET_TITLE') })).toBeNull();
    await expect(panel(canvas, 'TYPE.DEST_TITLE').getByRole('button', { name: CHOOSE() })).toBeEnabled();
  },
};
