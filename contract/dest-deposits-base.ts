// What contract/dest-deposits.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/dest-deposits.ts re-exports them.

export const DEST_DEPOSIT_PATHS = {
  /** POST, guests and signed-in payers alike (§5: the number step checks a new number). */
  destinationFraudFlag: '/account/destinations/get_destination_fraud_flag',
} as const;

/** §9: the international prefix every non-US number carries. */
export const INTERNATIONAL_PREFIX = '011';
