// What contract/professional.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/professional.ts re-exports them.

export const PROFESSIONAL_PATHS = {
  facilities: '/fusion/get_facility_for_professional_request',
  save: '/fusion/save_professional_request',
  /** §6/§7 "the me endpoint": the spec does not show its path; this codebase's choice. */
  ssoToken: '/auth/sso_token',
} as const;

/** i18n keys of the page's own messages. */
export const PROFESSIONAL_ERRORS = {
  /** §5: the issue date is not a date within the last 100 years up to today. */
  pattern: 'PROFESSIONAL.PATTERN',
  /** §6: the token is not the signed-in payer's, or has expired. */
  tokenRefused: 'PROFESSIONAL.TOKEN_REFUSED',
} as const;

export const EMPTY_PROFESSIONAL: ProfessionalFields = {
  facilityId: '',
  barNumber: '',
  issueState: '',
  issueDate: '',
  businessPhone: '',
  phoneEx: '',
};

export function isProfessionalResult(value: string): value is ProfessionalResult {
  return (PROFESSIONAL_RESULTS as readonly string[]).includes(value);
}

/** §4: PENDING maps to SUCCESS, FAILED to FAILED; EXISTED stays EXISTED. */
export function resultOfStatus(status: string): ProfessionalResult {
  if (status === 'PENDING') return 'SUCCESS';
  if (status === 'EXISTED') return 'EXISTED';
  return 'FAILED';
}

/** §4: an error status maps to EXISTED (409, a conflicting request) or FAILED (any other). */
export function resultOfErrorStatus(httpStatus: number): ProfessionalResult {
  return httpStatus === 409 ? 'EXISTED' : 'FAILED';
}

/** A date's calendar day where it is read (the browser's time zone), as YYYY-MM-DD. */
export function localDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * §3 Professional request. The spec also names the fields barId, phoneNumber and phoneExt; this
 * codebase uses the first names only. issueDate is an ISO date (YYYY-MM-DD).
 */
export interface ProfessionalRequest {
  facilityId: number | string;
  barNumber: string;
  issueState: string;
  issueDate: string;
  businessPhone: string;
  phoneEx: string;
  jwtToken: string;
}

/** What the payer types: every field of the request but the token. */
export type ProfessionalFields = Omit<ProfessionalRequest, 'facilityId' | 'jwtToken'> & { facilityId: string };

/** The result page's :requestStatus (§2, §4). */
export const PROFESSIONAL_RESULTS = ['SUCCESS', 'EXISTED', 'FAILED'] as const;

export type ProfessionalResult = (typeof PROFESSIONAL_RESULTS)[number];

/** A number written with leading zeros. */
export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
