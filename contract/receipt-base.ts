// What contract/receipt.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/receipt.ts re-exports them.

export const SMS_SEND_PATH = '/pay/sms_send';
