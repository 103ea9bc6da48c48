// The receipt's deposit status panel (docs/decisions/0048), state to screen (src/screen-table.ts): the
// panel shows the last status known in every state; it asks the server, waits to ask again, says that
// the last question failed, or has nothing more to ask.
import type { ScreenTable } from '../screen-table.ts';

export type DepositStatusView = 'status';

export const DEPOSIT_STATUS_SCREENS = {
  'depositStatus:loading': { view: 'status', status: 'loading' },
  'depositStatus:waiting': { view: 'status', status: 'editing' },
  'depositStatus:failed': { view: 'status', status: 'error' },
  'depositStatus:settled': { view: 'status', status: 'done' },
} satisfies ScreenTable<DepositStatusView>;
