// What contract/checkout-services.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/checkout-services.ts re-exports them.

export const CHECKOUT_SERVICE_PATHS = {
  /** POST, signed in. */
  isApprovedDepositor: '/pay/is_approved_depositor',
  /** POST. */
  getCnInmate: '/pay/get_cn_inmate',
  /** POST. */
  getAllowedMinMax: '/pay/get_allowed_min_max',
  /** GET. */
  voicemailOffers: '/pay/get_voicemail_offers',
  /** POST. */
  cpaSettings: '/pay/get_cpa_settings',
  /** GET ?deposit_type= (optional). */
  fees: '/pay/get_fees',
  /** POST, signed in: builds pam_payload and pay_url into form state (§2 pam variant). */
  preparePamDeposit: '/pay/prepare_pam_deposit',
  /** POST, signed in. */
  pamRecurringDeposits: '/pay/get_pam_recurring_deposits',
  /** POST, signed in. */
  cancelPamRecurringDeposit: '/pay/cancel_pam_recurring_deposit',
  /** POST, signed in: the only call that carries a saved card's security code. */
  vaultTokenizeSavedCard: '/vault/tokenize_saved_card',
  /**
   * The sandbox's stand-in for the external pam payment endpoint (the default of the configurable
   * PAY_URL): accepts application/x-www-form-urlencoded with the field PAM_PAYLOAD_FIELD and
   * answers an HTML page. Posted by a browser form, not by the ky client.
   */
  sandboxPamPay: '/sandbox/pam/pay',
} as const;

/** §2: the urlencoded field that carries the pam payload. */
export const PAM_PAYLOAD_FIELD = 'payload';

/** get_cn_inmate returnCode: 0 found; anything else means the lookup failed (§5 needs 0). */
export const CN_RETURN_OK = 0;

/** §9: weekly days 0 to 6, monthly days 1 to 28. */
export const RECURRING_DAYS = { weekly: { min: 0, max: 6 }, monthly: { min: 1, max: 28 } } as const;

/** §4 roundup "No thanks". */
export const NO_ROUNDUP_ID = -1;

/** Field error keys of the checkout rules beyond §5's generic ones (ERROR.<code> in locales). */
export const CHECKOUT_SERVICE_ERRORS = {
  /** §4: recurring only with a saved card. */
  recurringNeedsSavedCard: 'ERROR.RECURRING_NEEDS_SAVED_CARD',
  /** §6: recurring deposits belong to an account. */
  recurringNeedsAccount: 'ERROR.RECURRING_NEEDS_ACCOUNT',
  /** §3: bail is paid once (recurring deposit types are trust, inmate account and phone account). */
  recurringNotForType: 'ERROR.RECURRING_NOT_FOR_TYPE',
  /** §8: trust not allowed for the billing state (billing_state field). */
  noTrust: 'ERROR.FIELD_NO_TRUST',
  /** §8: trust depositor not approved. */
  notApprovedDepositor: 'ERROR.NOT_APPROVED_DEPOSITOR_MSG',
  /** The pam variant needs a pam-enabled facility. */
  pamNotEnabled: 'ERROR.PAM_NOT_ENABLED',
} as const;
