// What contract/pam.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/pam.ts re-exports them.

export const PAM_PATHS = {
  /** POST, signed in: turns the endpoint's signed result into this site's deposit and receipt. */
  completePamDeposit: '/pay/complete_pam_deposit',
  /**
   * The sandbox endpoint's card form posts here (urlencoded: the payload, the card fields). It charges
   * the card through the sandbox processor and redirects (303) to the payload's return_url.
   */
  sandboxPamCharge: '/sandbox/pam/charge',
} as const;

export const PAM_RESULT_PARAM = 'result';

export const PAM_ERRORS = {
  /** The result does not verify, or names a payment this session did not prepare. */
  invalidResult: 'ERROR.PAM_INVALID_RESULT',
  /** The endpoint has no record of this payment. */
  notPaid: 'ERROR.PAM_NOT_PAID',
} as const;
