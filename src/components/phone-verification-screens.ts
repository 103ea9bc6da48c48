// The verify-phone modal (§2 other modals, §4 phone verification): the table from each state of its
// machine to the modal's step (src/screens/screen-table.ts).
import type { ScreenTable } from '../screen-table.ts';

export type PhoneVerificationView = 'channel' | 'code' | 'error' | 'international' | 'verified';

export const PHONE_VERIFICATION_SCREENS = {
  'phoneVerification:unverified': { view: 'channel', status: 'editing' },
  'phoneVerification:sending': { view: 'channel', status: 'busy' },
  'phoneVerification:attempted': { view: 'code', status: 'editing' },
  'phoneVerification:checking': { view: 'code', status: 'busy' },
  'phoneVerification:error': { view: 'error', status: 'error' },
  'phoneVerification:international': { view: 'international', status: 'error' },
  'phoneVerification:verified': { view: 'verified', status: 'done', terminal: true },
} satisfies ScreenTable<PhoneVerificationView>;
