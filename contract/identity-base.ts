// What contract/identity.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/identity.ts re-exports them.

export const IDENTITY_PATHS = { verify: '/pay/verify' } as const;
