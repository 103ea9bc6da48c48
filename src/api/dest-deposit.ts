// The number step's call (§2 deposit.number, §5): whether a phone number is fraud-flagged.
import { DEST_DEPOSIT_PATHS } from '../../contract/dest-deposits-base.ts';
import type { DestinationFraudFlagResponse } from '../../contract/dest-deposits.ts';
import type { ApiClient } from './client.ts';

/** §7 Accounts: POST /account/destinations/get_destination_fraud_flag {ani, country}. */
export const DESTINATION_FRAUD_FLAG_PATH = DEST_DEPOSIT_PATHS.destinationFraudFlag;

export function destinationFraudFlag(
  api: ApiClient,
  ani: string,
  country: string,
): Promise<DestinationFraudFlagResponse> {
  return api.post<DestinationFraudFlagResponse>(DESTINATION_FRAUD_FLAG_PATH, { ani, country });
}
