// §2 pam variant: the signed summary of the session's deposit that the checkout form-posts to the
// payment endpoint (POST /pay/prepare_pam_deposit). The deposit's checks are those of the card checkout
// that apply before the endpoint takes the card.
import type { PreparePamDepositResponse } from '../../contract/checkout-services.ts';
import { CHECKOUT_SERVICE_ERRORS } from '../../contract/checkout-services.ts';
import type { FieldErrors } from '../../contract/entities.ts';
import { MSG, amountError, effectiveLimits } from '../../contract/schemas.ts';
import type { Config } from '../config.ts';
import type { Keys } from '../keys.ts';
import { toCents, toDollars } from '../money.ts';
import type { Store } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';
import { RECURRING_DEPOSIT_TYPE } from './deposit-kinds.ts';
import { primaryNoOf } from './deep-contact.ts';
import { checkFacilityAndType } from './checkout-check.ts';
import { isApprovedDepositor } from './checkout-rules.ts';
import { quote } from './fees.ts';
import { ERROR_FACILITY_NOT_FOUND, ERROR_FRAUD } from './form-rules.ts';
import { pamPayUrl, signPamPayload } from './pam.ts';

export interface PamPrepareInput {
  /** '' (one time) or 'biweekly' (§4 pam mode: the 1st and the 15th). */
  recurringType: string;
  /** Where the endpoint sends the payer back: the address the payer used. */
  returnUrl: string;
}

export async function preparePamDeposit(
  deps: { store: Store; keys: Keys; config: Config },
  user: UserRow,
  session: { id: string },
  input: PamPrepareInput,
  t: Date,
): Promise<{ errors: FieldErrors } | PreparePamDepositResponse> {
  return deps.store.transaction(async (repos): Promise<{ errors: FieldErrors } | PreparePamDepositResponse> => {
    const state = await repos.formState.get(session.id);
    const f = state.fields;
    const errors: Record<string, string> = {};
    // The same facility, type and payer checks as the card checkout's (checkout-check.ts).
    const facility = await checkFacilityAndType(repos, { ...f, primary_no: await primaryNoOf(repos, user.id) }, errors);
    if (!facility) return { errors: { facility_id: ERROR_FACILITY_NOT_FOUND } };
    if (!facility.pam_enabled) return { errors: { facility_id: CHECKOUT_SERVICE_ERRORS.pamNotEnabled } };
    const type = f.deposit_type;
    const inmate = f.deposit_inmate_id
      ? await repos.inmates.findInFacility(f.deposit_inmate_id, facility.id)
      : undefined;
    if (!inmate) errors.deposit_inmate_id = f.deposit_inmate_id ? MSG.invalid : MSG.required;
    else if (inmate.fraud_flag) errors.deposit_inmate_id = ERROR_FRAUD;
    const amountKey = amountError(f.deposit_amount, effectiveLimits(facility));
    if (amountKey) errors.deposit_amount = amountKey;
    // §4 pam mode: bi-weekly on the 1st and the 15th; §3: bail is paid once.
    const recurring = input.recurringType === 'biweekly' ? ('biweekly' as const) : null;
    if (recurring && type !== '' && !RECURRING_DEPOSIT_TYPE[type])
      errors.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNotForType;
    if (Object.keys(errors).length > 0 || !inmate || type === '') return { errors: errors as FieldErrors };
    // §6: approved depositor status is enforced for trust, in the pam variant too (checkout-rules.ts).
    if (type === 'trust' && !(await isApprovedDepositor(repos, user.id, facility.id, inmate.id))) {
      return { errors: { form: CHECKOUT_SERVICE_ERRORS.notApprovedDepositor } };
    }
    const q = await quote(repos.fees, facility, type, toCents(f.deposit_amount ?? 0));
    if (!q) return { errors: { deposit_amount: MSG.amountLimit } };
    const payload = signPamPayload(
      deps.keys.pam,
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
        return_url: input.returnUrl,
        recurring,
      },
      t,
    );
    const fields = { ...f, pam_payload: payload, pay_url: pamPayUrl(deps.config) };
    await repos.formState.save(session.id, { fields, errors: state.errors }, t.toISOString());
    return { pam_payload: payload, pay_url: fields.pay_url, fields, errors: state.errors };
  });
}
