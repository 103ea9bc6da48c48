// Professional verification (§2 /account/professional_verification and its result page; §3 Professional
// request; §4 Professional request result; §5 Professional form; §6 the sso token; §7
// /fusion/get_facility_for_professional_request, /fusion/save_professional_request; §8 outcomes): an
// attorney asks to be verified as a professional at one facility.
//
// How the calls answer (docs/decisions/0013-professional-requests.md):
// - GET PROFESSIONAL_PATHS.facilities: 200 `{ facilities }`, every facility a request may name, with
//   `pending` set where the payer already has a request waiting for review.
// - GET PROFESSIONAL_PATHS.ssoToken: 200 `{ sso_token, expires_at }`, a short-lived token signed by the
//   server and bound to the signed-in payer; the server also keeps it in the form state (sso_token), so
//   a later visit takes it from there (§6).
// - POST PROFESSIONAL_PATHS.save: 200 `{ status, facility_id, facility_name }`: PENDING for a new
//   request, EXISTED when the payer already has a pending request for that facility (nothing is
//   stored), FAILED when the request is refused (the bar number is claimed by another payer's pending
//   request; stored as refused). 400 with field errors for input that breaks a §5 rule; 403 with form
//   PROFESSIONAL.TOKEN_REFUSED when jwtToken is not a valid, unexpired token of the signed-in payer.
// - Every call answers 401 with form ERROR.UNAUTHORIZED when the session is not signed in (§6).
import * as yup from 'yup';
import { US_STATES } from './regions.ts';
import { MSG } from './schemas.ts';
import { phoneError } from './phone.ts';
export {
  EMPTY_PROFESSIONAL,
  PROFESSIONAL_ERRORS,
  localDate,
  PROFESSIONAL_PATHS,
  type ProfessionalFields,
  type ProfessionalRequest,
} from './professional-base.ts';
import { PROFESSIONAL_ERRORS, pad, type ProfessionalRequest } from './professional-base.ts';

/** A facility a professional may ask for. */
export interface ProfessionalFacility {
  id: number;
  label: string;
  state: string;
  country: string;
  /** The payer already has a request for it waiting for review (§8 pending-request-exists). */
  pending: boolean;
}

export interface ProfessionalFacilitiesResponse {
  facilities: ProfessionalFacility[];
}

export interface SsoTokenResponse {
  sso_token: string;
  /** ISO 8601. */
  expires_at: string;
}

export type ProfessionalRequestStatus = 'PENDING' | 'EXISTED' | 'FAILED';

export interface SaveProfessionalResponse {
  status: ProfessionalRequestStatus;
  facility_id: number;
  facility_name: string;
}

// ---------------------------------------------------------------- §5 rules

/** §5: the business phone is exactly 10 digits (punctuation as people write it is ignored). */
export const BUSINESS_PHONE_LENGTH = 10;
export const PHONE_EXT_MAX = 6;
export const BAR_NUMBER_MAX = 20;
/** §5: the issue date lies within this many years up to today. */
export const ISSUE_DATE_YEARS = 100;

/** The inclusive range of issue dates, as ISO dates. */
export interface IssueDateWindow {
  from: string;
  to: string;
}

/** §5: from the same day 100 years ago up to today. */
export function issueDateWindow(today: string): IssueDateWindow {
  const year = Number(today.slice(0, 4));
  return { from: `${pad(year - ISSUE_DATE_YEARS, 4)}${today.slice(4)}`, to: today };
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** §5: required; a real date within the window, otherwise the PATTERN error. */
export function issueDateError(value: string, window: IssueDateWindow): string | null {
  const v = value.trim();
  if (v === '') return MSG.required;
  if (!isIsoDate(v) || v < window.from || v > window.to) return PROFESSIONAL_ERRORS.pattern;
  return null;
}

export function phoneDigits(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/** §5: required, exactly 10 digits, a valid US number (the phone rule of contract/phone.ts). */
export function businessPhoneError(value: string): string | null {
  const digits = phoneDigits(value.trim());
  if (digits === '') return MSG.required;
  if (!/^\d+$/.test(digits)) return MSG.invalid;
  if (digits.length < BUSINESS_PHONE_LENGTH) return MSG.keepTyping;
  if (digits.length > BUSINESS_PHONE_LENGTH) return MSG.tooMany;
  return phoneError(digits, 'US');
}

const US_STATE_CODES = US_STATES.map((s) => s.code);

/** A yup string field checked by a function that answers an i18n key or null. */
function checked(check: (value: string) => string | null) {
  return yup
    .string()
    .default('')
    .test({
      name: 'rule',
      test(value) {
        const key = check(value ?? '');
        return key === null ? true : this.createError({ message: key });
      },
    });
}

/** §5 Professional form: what the payer types. `window` is the range of issue dates today allows. */
export function professionalFieldsSchema(window: IssueDateWindow) {
  return yup.object({
    facilityId: yup
      .mixed<number | string>()
      .required(MSG.required)
      .test({
        name: 'facility',
        test(value) {
          if (value === undefined || value === null || value === '') return this.createError({ message: MSG.required });
          return /^\d{1,9}$/.test(String(value)) ? true : this.createError({ message: MSG.invalid });
        },
      }),
    barNumber: checked((v) => {
      const s = v.trim();
      if (s === '') return MSG.required;
      if (s.length > BAR_NUMBER_MAX) return MSG.tooMany;
      return /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(s) ? null : MSG.invalid;
    }),
    // Not among the §5 required fields: the state that issued the bar number, when given.
    issueState: checked((v) => (v === '' || US_STATE_CODES.includes(v) ? null : MSG.invalid)),
    issueDate: checked((v) => issueDateError(v, window)),
    businessPhone: checked((v) => (v.length > 20 ? MSG.tooMany : businessPhoneError(v))),
    phoneEx: checked((v) => {
      const s = v.trim();
      if (s === '') return null;
      if (!/^\d+$/.test(s)) return MSG.numeric;
      return s.length > PHONE_EXT_MAX ? MSG.tooMany : null;
    }),
  });
}

/** POST PROFESSIONAL_PATHS.save: the fields and the §6 sso token. */
export function professionalRequestSchema(window: IssueDateWindow) {
  return professionalFieldsSchema(window).shape({
    jwtToken: yup.string().required(MSG.required).max(2000, MSG.tooMany),
  });
}

/** The request as the server stores it: trimmed, digits only, the bar number in capitals. */
export function normaliseProfessionalRequest(r: ProfessionalRequest): Omit<ProfessionalRequest, 'jwtToken'> & {
  facilityId: number;
} {
  return {
    facilityId: Number(r.facilityId),
    barNumber: r.barNumber.trim().toUpperCase(),
    issueState: r.issueState,
    issueDate: r.issueDate.trim(),
    businessPhone: phoneDigits(r.businessPhone.trim()),
    phoneEx: r.phoneEx.trim(),
  };
}
