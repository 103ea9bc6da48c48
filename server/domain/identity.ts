// §4 identity verification: the answers are compared with the payer's date of birth and last four of
// the social security number on file; the number is never logged, stored again or echoed. A payer who
// fails VERIFY_ATTEMPTS times is rejected.
import { VERIFY_ATTEMPTS, type VerifyResponse } from '../../contract/identity.ts';
import type { Store } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';

export async function verifyIdentity(
  store: Store,
  user: UserRow,
  answers: { dob: string; ssn: string },
  now: Date,
): Promise<VerifyResponse> {
  const matches =
    user.dob !== null && user.ssn_last4 !== null && user.dob === answers.dob && user.ssn_last4 === answers.ssn;
  return store.transaction(async (repos) => {
    if (matches) {
      await repos.identityAttempts.setValidateStatus(user.id, 'validated');
      return { success: true, validate_status: 'validated', retryable: false };
    }
    const failures = await repos.identityAttempts.addFailure(user.id, now.toISOString());
    const retryable = failures < VERIFY_ATTEMPTS;
    if (!retryable) await repos.identityAttempts.setValidateStatus(user.id, 'rejected');
    return { success: false, validate_status: 'rejected', retryable };
  });
}
