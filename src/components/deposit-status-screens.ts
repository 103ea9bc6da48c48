// The receipt's deposit status panel (docs/decisions/0048, 0049), state to screen (src/screen-table.ts):
// the panel shows the last status known in every state; it asks the server, waits to ask again, says
// that the last question failed, or has nothing more to ask; or its cancel dialog asks the payer to
// confirm, waits for the server, or says why the call failed.
import type { ScreenTable } from '../screen-table.ts';

export type DepositStatusView = 'status' | 'cancelDialog';

export const DEPOSIT_STATUS_SCREENS = {
  'depositStatus:loading': { view: 'status', status: 'loading' },
  'depositStatus:waiting': { view: 'status', status: 'editing' },
  'depositStatus:failed': { view: 'status', status: 'error' },
  'depositStatus:settled': { view: 'status', status: 'done' },
  'depositStatus:confirming': { view: 'cancelDialog', status: 'dialog' },
  'depositStatus:cancelling': { view: 'cancelDialog', status: 'busy' },
  'depositStatus:cancelFailed': { view: 'cancelDialog', status: 'error' },
} satisfies ScreenTable<DepositStatusView>;
