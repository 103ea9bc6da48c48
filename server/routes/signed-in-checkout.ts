// The checkout's calls that need a signed-in payer (§6): approved depositor status, the saved-card
// vault, the pam payment payload and pam recurring deposits. Every route answers 401 to a guest
// before reading its input and finds only the payer's own records (404 otherwise).
import type { FastifyInstance } from 'fastify';
import type { ActionResponse } from '../../contract/accounts.ts';
import { accountErrorKey } from '../../contract/accounts.ts';
import type { TokenizeResponse } from '../../contract/api.ts';
import {
  CHECKOUT_SERVICE_ERRORS,
  CHECKOUT_SERVICE_PATHS,
  cancelPamRecurringDepositSchema,
  isApprovedDepositorSchema,
  preparePamDepositSchema,
  tokenizeSavedCardSchema,
  type IsApprovedDepositorResponse,
  type PamRecurringDepositsResponse,
  type PreparePamDepositResponse,
} from '../../contract/checkout-services.ts';
import type { FieldErrors } from '../../contract/entities.ts';
import { offersType } from '../../contract/rules.ts';
import { MSG, amountError, effectiveLimits } from '../../contract/schemas.ts';
import { transaction } from '../db.ts';
import type { Deps } from '../deps.ts';
import { recurringDeposit, sortRecurringDeposits } from '../domain/accounts.ts';
import { savedCardExpired } from '../domain/checkout-fields.ts';
import { payerTypeError, primaryNoOf } from '../domain/deep-contact.ts';
import { quote } from '../domain/fees.ts';
import { RECURRING_DEPOSIT_TYPE } from '../domain/checkout.ts';
import { ERROR_FACILITY_NOT_FOUND, ERROR_FRAUD } from '../domain/form-rules.ts';
import { RESELECT_DEPOSIT_TYPE } from '../domain/offers.ts';
import { pamPayUrl, signPamPayload } from '../domain/pam.ts';
import { APPROVED } from '../domain/sandbox-processor.ts';
import { badRequest, NOT_FOUND, validate } from '../http.ts';
import { toCents, toDollars } from '../money.ts';
import { randomToken } from '../security.ts';
import { signedInGuard } from '../signed-in.ts';

/** The sandbox processor's answer for a saved card: the security code 000 fails the check (§8 CVV_MATCH). */
export function savedCardOutcome(cvc: string): string {
  return cvc === '000' ? 'CVV_MATCH' : APPROVED;
}

export async function signedInCheckoutRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, repos, config, sessions, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  // §6: approved depositor status is the server's; /pay/process_deposit enforces it again.
  app.post(CHECKOUT_SERVICE_PATHS.isApprovedDepositor, async (request, reply) => {
    const body = validate(isApprovedDepositorSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const user = guard.user(request);
    const approved = repos.approvedDepositors.isApproved(
      user.id,
      Number(body.value.como_facility_id),
      body.value.inmate_id,
    );
    return { approvedDepositor: approved } satisfies IsApprovedDepositorResponse;
  });

  // The saved card's security code goes here and nowhere else; it decides the sandbox outcome and is forgotten.
  app.post(CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard, async (request, reply) => {
    const body = validate(tokenizeSavedCardSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const user = guard.user(request);
    const card = repos.savedCards.findForUser(user.id, Number(body.value.saved_card_id));
    if (!card) return reply.code(404).send(NOT_FOUND);
    const expired = savedCardExpired(card, now());
    if (expired) return badRequest(reply, { saved_card_id: expired });
    const session = sessions.require(request, reply);
    const answer: TokenizeResponse = {
      token: `tok_${randomToken()}`,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    };
    repos.vault.insert({
      token: answer.token,
      session_id: session.id,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      outcome: savedCardOutcome(body.value.credit_card_cvc),
      created_at: now().toISOString(),
      saved_card_id: card.id,
    });
    return answer;
  });

  // §2 pam variant: the signed summary the checkout form-posts to the payment endpoint.
  app.post(CHECKOUT_SERVICE_PATHS.preparePamDeposit, async (request, reply) => {
    const body = validate(preparePamDepositSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const user = guard.user(request);
    const session = sessions.require(request, reply);
    const t = now();
    const result = transaction(db, (): { errors: FieldErrors } | PreparePamDepositResponse => {
      const state = repos.formState.get(session.id);
      const f = state.fields;
      const errors: Record<string, string> = {};
      const facility = f.facility_id === null ? undefined : repos.facilities.findById(f.facility_id);
      if (!facility) return { errors: { facility_id: ERROR_FACILITY_NOT_FOUND } };
      if (!facility.pam_enabled) return { errors: { facility_id: CHECKOUT_SERVICE_ERRORS.pamNotEnabled } };
      const type = f.deposit_type;
      if (type === '') errors.deposit_type = MSG.depositType;
      else if (!offersType(facility, type)) errors.deposit_type = RESELECT_DEPOSIT_TYPE;
      else {
        // §5: trust and bail are refused for a primary number starting 011 (or a non-US billing country).
        const payerError = payerTypeError(type, { ...f, primary_no: primaryNoOf(repos, user.id) });
        if (payerError) errors.deposit_type = payerError;
      }
      const inmate = f.deposit_inmate_id ? repos.inmates.findInFacility(f.deposit_inmate_id, facility.id) : undefined;
      if (!inmate) errors.deposit_inmate_id = f.deposit_inmate_id ? MSG.invalid : MSG.required;
      else if (inmate.fraud_flag) errors.deposit_inmate_id = ERROR_FRAUD;
      const amountKey = amountError(f.deposit_amount, effectiveLimits(facility));
      if (amountKey) errors.deposit_amount = amountKey;
      // §4 pam mode: bi-weekly on the 1st and the 15th; §3: bail is paid once.
      const recurring = body.value.recurring_type === 'biweekly' ? ('biweekly' as const) : null;
      if (recurring && type !== '' && !RECURRING_DEPOSIT_TYPE[type])
        errors.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNotForType;
      if (Object.keys(errors).length > 0 || !inmate || type === '') return { errors: errors as FieldErrors };
      // §6: approved depositor status is enforced for trust, in the pam variant too.
      if (type === 'trust' && !repos.approvedDepositors.isApproved(user.id, facility.id, inmate.id)) {
        return { errors: { form: CHECKOUT_SERVICE_ERRORS.notApprovedDepositor } };
      }
      const q = quote(repos.fees, facility, type, toCents(f.deposit_amount ?? 0));
      if (!q) return { errors: { deposit_amount: MSG.amountLimit } };
      const payload = signPamPayload(
        config,
        {
          facility_id: facility.id,
          facility_label: facility.label,
          deposit_type: type,
          inmate_id: inmate.id,
          recipient: `${inmate.first_name} ${inmate.last_name}`,
          amount: toDollars(q.amountCents),
          fee: toDollars(q.feeCents),
          tax: toDollars(q.taxCents),
          total: toDollars(q.totalCents),
          payer_email: user.email,
          locale: f.locale,
          // The endpoint sends the payer back here (contract/pam.ts), to the address the payer used.
          return_url: `${request.protocol}://${request.host}/`,
          recurring,
        },
        t,
      );
      const fields = { ...f, pam_payload: payload, pay_url: pamPayUrl(config) };
      repos.formState.save(session.id, { fields, errors: state.errors }, t.toISOString());
      return { pam_payload: payload, pay_url: fields.pay_url, fields, errors: state.errors };
    });
    if ('pam_payload' in result) return result;
    return badRequest(reply, result.errors);
  });

  // §7 pam recurring deposits: the payer's active ones (§9 amount descending).
  app.post(CHECKOUT_SERVICE_PATHS.pamRecurringDeposits, async (request) => {
    const list = repos.recurringDeposits
      .listForUser(guard.user(request).id)
      .filter((r) => r.is_pam)
      .map(recurringDeposit);
    return { recurring_deposits: sortRecurringDeposits(list) } satisfies PamRecurringDepositsResponse;
  });

  app.post(CHECKOUT_SERVICE_PATHS.cancelPamRecurringDeposit, async (request, reply) => {
    const body = validate(cancelPamRecurringDepositSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const user = guard.user(request);
    const id = Number(body.value.deposit_id);
    const own = repos.recurringDeposits
      .listForUser(user.id)
      .find((r) => r.id === id && r.is_pam && r.account_guid === body.value.account_guid);
    // §8: a cancellation that fails shows ERROR_DELETING_DEPOSIT; another payer's id is not found.
    if (!own || !repos.recurringDeposits.cancel(user.id, id, now().toISOString())) {
      return reply.code(404).send({ errors: { form: accountErrorKey('ERROR_DELETING_DEPOSIT') } });
    }
    return { success: true, errors: {} } satisfies ActionResponse;
  });
}
