// The signed-in payer's quick-deposit cards (§7 GET /pay/quick_deposits; §2 deposit_or_schedule_visit).
import { QUICK_DEPOSIT_PATHS, type QuickDeposit, type QuickDepositsResponse } from '../../contract/quick-deposits.ts';
import type { ApiClient } from './client.ts';

export async function quickDeposits(api: ApiClient): Promise<QuickDeposit[]> {
  const answer = await api.get<QuickDepositsResponse>(QUICK_DEPOSIT_PATHS.quickDeposits);
  return answer.quick_deposits;
}
