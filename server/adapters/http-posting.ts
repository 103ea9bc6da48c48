// Posting over HTTP to a facility's account system (docs/decisions/0049), by the small API that
// docs/posting-api.md describes: PUT {url}/deposits/{id} sends a deposit (idempotent by its id),
// GET {url}/deposits/{id} reads what became of it. The posting job calls it outside any database
// transaction; an answer that does not come, or cannot be read, is PostingUnavailableError, and the job
// asks again later (a second PUT of the same deposit answers as the first and posts nothing twice).
import { REFUSAL_REASONS, type RefusalReason } from '../../contract/deposit-status.ts';
import { PostingUnavailableError, type Posting, type PostingRequest, type PostingResult } from '../ports/posting.ts';

export interface HttpPostingOptions {
  /** POSTING_URL: the API's base URL (an origin, or an origin and a path). */
  url: string;
  /** POSTING_TOKEN: sent as `Authorization: Bearer <token>` when set. */
  token?: string;
  /** POSTING_TIMEOUT_MS: the most one request may take, its answer's body included. */
  timeoutMs: number;
}

/** The deposit as the API receives it (docs/posting-api.md, "The deposit"). */
export interface PostingApiDeposit {
  deposit_id: string;
  deposit_type: string;
  facility_id: number;
  inmate_id: string | null;
  phone: string | null;
  amount_cents: number;
  user_id: string | null;
}

/** The API's answer about one deposit (docs/posting-api.md, "The answer"). */
export interface PostingApiAnswer {
  deposit_id?: string;
  status: 'posted' | 'refused' | 'pending';
  reason?: string;
  at?: string;
}

function toApiDeposit(request: PostingRequest): PostingApiDeposit {
  return {
    deposit_id: request.depositId,
    deposit_type: request.depositType,
    facility_id: request.facilityId,
    inmate_id: request.inmateId,
    phone: request.phone,
    amount_cents: request.amountCents,
    user_id: request.userId,
  };
}

/**
 * A reason this site has no words for is still a refusal: it reads as the general one
 * (DEPOSIT_STATUS.REASON_not_accepted), so that the payer learns the deposit came back.
 */
function refusalReason(reason: unknown): RefusalReason {
  return (REFUSAL_REASONS as readonly unknown[]).includes(reason) ? (reason as RefusalReason) : 'not_accepted';
}

/** An ISO 8601 time, or null when the value is not one. */
function isoTime(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/**
 * The port's result of an answer, or null when the answer cannot be read: an unknown status, or a
 * decided one without its time (the status tracker shows that time, docs/decisions/0048).
 */
function resultOf(answer: unknown): PostingResult | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as Partial<Record<keyof PostingApiAnswer, unknown>>;
  if (a.status === 'pending') return { kind: 'accepted' };
  const at = isoTime(a.at);
  if (at === null) return null;
  if (a.status === 'posted') return { kind: 'posted', at };
  if (a.status === 'refused') return { kind: 'refused', reason: refusalReason(a.reason), at };
  return null;
}

/** An answer that names a deposit must name the one asked about (its `deposit_id` may be left out). */
function aboutDeposit(answer: unknown, depositId: string): boolean {
  const id =
    typeof answer === 'object' && answer !== null ? (answer as { deposit_id?: unknown }).deposit_id : undefined;
  return id === undefined || id === depositId;
}

/** Answers that mean "not now": the request was not taken, or its outcome is unknown. */
function isTransient(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * The system refused the request itself (400, 401, 403, 404 to a PUT, 409...): this server's request or
 * configuration is wrong, and asking again as it is will not help, so it does not pass for an outage.
 */
export class PostingRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PostingRequestError';
    this.status = status;
  }
}

export function createHttpPosting(options: HttpPostingOptions): Posting {
  const base = options.url.replace(/\/+$/, '');
  const depositUrl = (id: string) => `${base}/deposits/${encodeURIComponent(id)}`;

  /** A PUT's or GET's answer; null for a GET of a deposit the system never received (404). */
  async function call(
    method: 'PUT' | 'GET',
    depositId: string,
    body?: PostingApiDeposit,
  ): Promise<PostingResult | null> {
    const what = `${method} /deposits/${depositId}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    // One signal for the request and the reading of its answer: a system that sends headers and then
    // stalls times out like one that never answers.
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const res = await fetch(depositUrl(depositId), {
        method,
        headers,
        signal,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) {
        await res.body?.cancel();
        if (method === 'GET' && res.status === 404) return null;
        const message = `Facility account system answered ${res.status} to ${what}`;
        if (isTransient(res.status)) throw new PostingUnavailableError(message);
        throw new PostingRequestError(res.status, message);
      }
      const answer: unknown = await res.json();
      const result = aboutDeposit(answer, depositId) ? resultOf(answer) : null;
      // The system answered, but not in words this adapter reads: the outcome is unknown to us, so the
      // job asks again rather than deciding anything.
      if (result === null)
        throw new PostingUnavailableError(`Facility account system's answer to ${what} cannot be read`);
      return result;
    } catch (err) {
      if (err instanceof PostingUnavailableError || err instanceof PostingRequestError) throw err;
      if (signal.aborted) {
        throw new PostingUnavailableError(
          `Facility account system did not answer ${what} within ${options.timeoutMs} ms`,
        );
      }
      if (err instanceof SyntaxError) {
        throw new PostingUnavailableError(`Facility account system's answer to ${what} is not JSON`);
      }
      // fetch's own failures (a refused or reset connection, an unknown host) are TypeErrors.
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      throw new PostingUnavailableError(`Facility account system could not be reached for ${what}${cause}`);
    }
  }

  return {
    name: 'http',

    async send(request: PostingRequest): Promise<PostingResult> {
      const result = await call('PUT', request.depositId, toApiDeposit(request));
      // call() answers null only to a GET's 404; a PUT's 404 is a PostingRequestError.
      if (result === null) throw new PostingRequestError(404, `No answer to PUT /deposits/${request.depositId}`);
      return result;
    },

    lookup(depositId: string): Promise<PostingResult | null> {
      return call('GET', depositId);
    },
  };
}
