// The one HTTP client of the app (architecture: ky instance with base URL, credentials, the CSRF
// header, JSON and the 401 rule of §7). Errors come back as CallFailure values; the client never
// touches the DOM or `location` — a 401 is reported through `onUnauthorized`, which the
// composition root wires to the app machine.
import ky, { type KyInstance } from 'ky';
import { CSRF_HEADER, REQUEST_ID_HEADER } from '../../contract/api.ts';
import type { FieldErrors } from '../../contract/entities.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import { noteFailure } from './error-reference.ts';

export interface ClientOptions {
  baseUrl?: string;
  /** Called on any 401 answer (§7: redirect to '/' and log). */
  onUnauthorized?: () => void;
  /** Called on every answer of the server: the session was seen (the idle limit counts from it). */
  onAnswer?: () => void;
  fetch?: typeof fetch;
  /**
   * Answers the page asked for before its scripts came (src/prerender.tsx: the form state), by path:
   * each is the answer of the first GET of its path without a query, and is asked again if it failed.
   */
  early?: Partial<Record<string, Promise<Response>>>;
}

export interface ApiClient {
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined>, opts?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: CallOptions): Promise<T>;
  setCsrfToken(token: string): void;
  /** Resolves once the client has the session's CSRF token (from the form state's first answer). */
  sessionKnown(): Promise<void>;
}

export interface CallOptions {
  /** Milliseconds before the call fails with ERROR.TIMEOUT (default 15 s). */
  timeout?: number;
  timeoutCode?: string;
  signal?: AbortSignal;
  /** Extra request headers (§7: deletions carry the method override). */
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT = 15_000;

/** A failed call; the reference the payer can quote (the answer's request id) is noted for the screens. */
function failure(status: number, code: string, errors: FieldErrors = {}, requestId?: string): CallFailure {
  noteFailure(code, requestId);
  return { status, code, errors, ...(requestId ? { requestId } : {}) };
}

/** The request id of an error answer: its body's `request_id`, else its header (docs/decisions/0051). */
function requestIdOf(response: Response, body: unknown): string | undefined {
  const id =
    isObject(body) && typeof body.request_id === 'string' ? body.request_id : response.headers.get(REQUEST_ID_HEADER);
  return id && /^[A-Za-z0-9._:-]{1,128}$/.test(id) ? id : undefined;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A promise that fails when `signal` aborts (a call's timeout). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
}

export function createApiClient(options: ClientOptions = {}): ApiClient {
  let csrfToken = '';
  let tokenArrived = () => {};
  const tokenKnown = new Promise<void>((resolve) => (tokenArrived = resolve));
  const early = { ...options.early };
  const baseUrl = options.baseUrl ?? (typeof document !== 'undefined' ? document.baseURI : 'http://localhost/');
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const http: KyInstance = ky.create({
    baseUrl,
    credentials: 'same-origin',
    retry: 0,
    throwHttpErrors: false,
    timeout: false,
  });

  /**
   * The call's request, sent now. ky sends a request a few microtasks after it is asked for, and React
   * draws a screen in the first microtask after a machine's change: a step's own requests (the
   * checkout's fees, the receipt's status) waited for the step to be drawn, a third of a second on a
   * cheap phone (docs/decisions/0063). So the request leaves here and ky is handed its answer.
   */
  function sendNow(
    method: 'get' | 'post',
    path: string,
    init: { searchParams?: Record<string, string>; json?: unknown },
    signal: AbortSignal,
    extra: Record<string, string> | undefined,
  ): Promise<Response> {
    const url = new URL(path.replace(/^\//, ''), baseUrl);
    for (const [k, v] of Object.entries(init.searchParams ?? {})) url.searchParams.set(k, v);
    const headers = new Headers(extra);
    headers.set('accept', 'application/json');
    if (method !== 'get' && csrfToken) headers.set(CSRF_HEADER, csrfToken);
    if ('json' in init) headers.set('content-type', 'application/json');
    const body = 'json' in init ? JSON.stringify(init.json) : null;
    return send(new Request(url, { method: method.toUpperCase(), headers, body, credentials: 'same-origin', signal }));
  }

  async function call<T>(
    method: 'get' | 'post',
    path: string,
    init: { searchParams?: Record<string, string>; json?: unknown },
    opts: CallOptions = {},
    asked?: Promise<Response>,
  ): Promise<T> {
    const controller = new AbortController();
    const timeoutMs = opts.timeout ?? DEFAULT_TIMEOUT;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort);
    let response: Response;
    const answer = () => {
      const sent = sendNow(method, path, init, controller.signal, opts.headers);
      return http(path.replace(/^\//, ''), { method, signal: controller.signal, fetch: () => sent });
    };
    try {
      response = await (asked ? Promise.race([asked.catch(answer), aborted(controller.signal)]) : answer());
    } catch {
      throw failure(0, timedOut ? (opts.timeoutCode ?? 'ERROR.TIMEOUT') : 'ERROR.NETWORK');
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
    options.onAnswer?.();
    if (response.status === 204) return undefined as T;
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (response.status === 401) {
      options.onUnauthorized?.();
      throw failure(401, 'ERROR.UNAUTHORIZED', {}, requestIdOf(response, body));
    }
    if (!response.ok) {
      const errors = isObject(body) && isObject(body.errors) ? (body.errors as FieldErrors) : {};
      // A 503 whose body is not the API's (a proxy in front while the server restarts) is still "wait".
      const fallback = response.status === 503 ? 'ERROR.UNAVAILABLE' : 'ERROR.UNEXPECTED';
      const code = typeof errors.form === 'string' ? errors.form : fallback;
      throw failure(response.status, code, errors, requestIdOf(response, body));
    }
    // §7: a response without an object body is an error reported as an HTTP error.
    if (!isObject(body)) throw failure(response.status, 'ERROR.UNEXPECTED');
    return body as T;
  }

  return {
    get: (path, query, opts) => {
      const searchParams: Record<string, string> = {};
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) searchParams[k] = String(v);
      const asked = Object.keys(searchParams).length === 0 ? early[path] : undefined;
      delete early[path];
      return call('get', path, { searchParams }, opts, asked);
    },
    post: (path, body, opts) => call('post', path, body === undefined ? {} : { json: body }, opts),
    setCsrfToken: (token) => {
      csrfToken = token;
      if (token) tokenArrived();
    },
    sessionKnown: () => tokenKnown,
  };
}
