// Deep contact (§3 deep_contact, deep_contact_inmate_fraud, deep_zuid; §4 "a deep-contact trust flow goes
// from type straight to checkout", "a deposit to a deep-contact inmate needs login unless deep_zuid is
// set"): a payer arrives from a link that names the facility and the person, so the wizard starts at the
// type step with the recipient known (docs/decisions/0019-deep-contact.md).
//
// The link: `#/deep_contact/<facilityId>/<inmateId>` with an optional `?zuid=<partner user id>`.
//
// POST /pay/deep_contact { facility_id, inmate_id, deep_zuid? } (guests and signed-in payers alike):
// - 400 { errors } when a value breaks deepContactSchema (VALIDATION.* keys).
// - 404 { errors: { form: DEEP_CONTACT_ERRORS.notFound } } when the facility is unknown or the person is
//   not held there; the stored form state is left as it was.
// - 200 StateSaveResponse: a new deposit's form state (the language, and a signed-in payer's email, are
//   kept; anything of an earlier deposit is not) with the facility fields, deposit_inmate_*,
//   dep_principal_code, deep_contact true, deep_contact_inmate_fraud from the person's fraud flag (then
//   also errors.deposit_inmate_id ERROR.FRAUD_CONTROL_MESSAGE, §5) and deep_zuid ('' without one).
//
// The deep-contact fields are server owned: POST /state/save ignores them. A save of facility_id (the
// facility step, even with the same facility) or of a recipient (the normal search) ends deep contact:
// deep_contact false, deep_contact_inmate_fraud false, deep_zuid ''. POST /state/clear ends it too.
//
// POST /pay/process_deposit refuses a deep-contact deposit to the person (flex, trust, bail) from a
// guest without deep_zuid: 200 with error DEEP_CONTACT_LOGIN_REQUIRED, no charge.
import * as yup from 'yup';
import { MSG } from './schemas.ts';
export { deepContactNeedsSignIn, DEEP_CONTACT_PATHS } from './deep-contact-base.ts';

/** A partner's user id: letters, digits, dots, dashes and underscores. */
export const DEEP_ZUID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** An inmate id as the facility systems give it. */
export const DEEP_INMATE_ID_PATTERN = /^[A-Za-z0-9-]{1,20}$/;

export const DEEP_CONTACT_ERRORS = {
  /** The link names a facility or a person this site does not know. */
  notFound: 'ERROR.DEEP_CONTACT_NOT_FOUND',
  /** §4: a guest's deep-contact deposit without deep_zuid (process_deposit's error code). */
  loginRequired: 'DEEP_CONTACT_LOGIN_REQUIRED',
} as const;

export interface DeepContactRequest {
  facility_id: number | string;
  inmate_id: string;
  deep_zuid?: string;
}

export const deepContactSchema = yup.object({
  facility_id: yup
    .string()
    .required(MSG.required)
    .matches(/^\d{1,9}$/, MSG.numeric),
  inmate_id: yup.string().trim().required(MSG.required).matches(DEEP_INMATE_ID_PATTERN, MSG.invalid),
  deep_zuid: yup
    .string()
    .trim()
    .test('zuid', MSG.invalid, (v) => v === undefined || v === '' || DEEP_ZUID_PATTERN.test(v)),
});
