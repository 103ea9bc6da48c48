// POST /pay/verify (§2 identity.verify; §4: success with a non-rejected status moves on; rejected and
// retryable shows the failure; rejected and not retryable moves on with verificationRejected). The
// answers are compared with the payer's date of birth and last four of the social security number on
// file; the number is never logged, stored again or echoed.
import type { FastifyInstance } from 'fastify';
import { IDENTITY_PATHS, VERIFY_ATTEMPTS, dobOf, verifySchema, type VerifyResponse } from '../../contract/identity.ts';
import { transaction } from '../db.ts';
import type { Deps } from '../deps.ts';
import { badRequest, validate } from '../http.ts';
import { signedInGuard } from '../signed-in.ts';

export async function identityRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);
  const failuresOf = db.prepare('SELECT failures FROM identity_attempts WHERE user_id = ?');
  const addFailure = db.prepare(`INSERT INTO identity_attempts (user_id, failures, updated_at) VALUES (?, 1, ?)
    ON CONFLICT (user_id) DO UPDATE SET failures = failures + 1, updated_at = excluded.updated_at`);
  const setStatus = db.prepare('UPDATE users SET validate_status = ? WHERE id = ?');

  app.post(IDENTITY_PATHS.verify, async (request, reply) => {
    const body = validate(verifySchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const user = guard.user(request);
    return transaction(db, (): VerifyResponse => {
      const matches =
        user.dob !== null &&
        user.ssn_last4 !== null &&
        user.dob === dobOf(body.value) &&
        user.ssn_last4 === body.value.ssn;
      if (matches) {
        setStatus.run('validated', user.id);
        return { success: true, validate_status: 'validated', retryable: false };
      }
      addFailure.run(user.id, now().toISOString());
      const failures = Number((failuresOf.get(user.id) as { failures: number } | undefined)?.failures ?? 1);
      const retryable = failures < VERIFY_ATTEMPTS;
      if (!retryable) setStatus.run('rejected', user.id);
      return { success: false, validate_status: 'rejected', retryable };
    });
  });
}
