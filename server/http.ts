// Answers and input checks shared by the route modules.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply } from 'fastify';
import * as yup from 'yup';
import { REQUEST_ID_HEADER, type ErrorBody } from '../contract/api.ts';
import type { FieldErrors } from '../contract/entities.ts';
import { MSG, fieldErrorsOf } from '../contract/schemas.ts';

export const BAD_REQUEST: ErrorBody = { errors: { form: 'ERROR.BAD_REQUEST' } };
export const NOT_FOUND: ErrorBody = { errors: { form: 'ERROR.NOT_FOUND' } };
export const UNEXPECTED: ErrorBody = { errors: { form: 'ERROR.UNEXPECTED' } };
export const TIMEOUT: ErrorBody = { errors: { form: 'ERROR.TIMEOUT' } };
/** A per-client limit was reached (server/limits.ts); the answer carries Retry-After. */
export const TOO_MANY_REQUESTS: ErrorBody = { errors: { form: 'ERROR.TOO_MANY_REQUESTS' } };
/**
 * 503: the database cannot be reached for now, or the server is shutting down
 * (server/ops/db-faults.ts, docs/decisions/0051); the answer carries Retry-After.
 */
export const UNAVAILABLE: ErrorBody = { errors: { form: 'ERROR.UNAVAILABLE' } };

/** Client error statuses answered as they are; any other 4xx is answered 400. */
const KEPT_STATUSES = new Set([404, 408, 413, 414, 429, 431]);

/**
 * The one error format of every 4xx and 5xx, Fastify's own included (a body it could not parse, a
 * malformed URL, a too long id, a request the HTTP parser refused): the status to answer and an
 * i18n key, never Fastify's English message or a stack.
 */
export function errorAnswer(status: number | undefined): { status: number; body: ErrorBody } {
  const s = status ?? 500;
  if (s >= 500 || s < 400) return { status: 500, body: UNEXPECTED };
  const kept = KEPT_STATUSES.has(s) ? s : 400;
  if (kept === 404) return { status: 404, body: NOT_FOUND };
  if (kept === 408) return { status: 408, body: TIMEOUT };
  if (kept === 429) return { status: 429, body: TOO_MANY_REQUESTS };
  return { status: kept, body: BAD_REQUEST };
}
/** §4/§7: a call that needs a signed-in session answers 401; the client then goes to '/'. */
export const UNAUTHORIZED: ErrorBody = { errors: { form: 'ERROR.UNAUTHORIZED' } };

export function badRequest(reply: FastifyReply, errors: FieldErrors): FastifyReply {
  return reply.code(400).send({ errors } satisfies ErrorBody);
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Validates input (a query, params or a body) against a yup object schema. Values must be plain
 * scalars: a repeated query parameter (an array) or a nested object is refused before yup sees it,
 * so no yup default (English) message can reach the client. Returns the schema's cast value.
 */
export function validate<S extends yup.AnyObjectSchema>(schema: S, input: unknown): Checked<yup.InferType<S>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, errors: BAD_REQUEST.errors };
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) {
    if (typeof v === 'object' && v !== null) errors[k] = MSG.invalid;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors: errors as FieldErrors };
  // One pass: the value when valid, every field's first message when not.
  try {
    return { ok: true, value: schema.validateSync(input, { abortEarly: false }) as yup.InferType<S> };
  } catch (err) {
    return { ok: false, errors: fieldErrorsOf(err) };
  }
}

/** A query parameter that is a positive whole number, as text (queries arrive as strings). */
export const idText = (message: string) =>
  yup
    .string()
    .required(message)
    .matches(/^\d{1,9}$/, message);

/** Fastify's clientErrorHandler, as rawClientError returns it. */
export type RawClientErrorHandler = (
  this: { log: { debug(details: object, message: string): void } },
  err: NodeJS.ErrnoException,
  socket: Pick<Duplex, 'destroyed' | 'writable' | 'write' | 'destroy'>,
) => void;

/**
 * A request the HTTP parser refused (a bad request line, headers too large, too slow): Fastify never
 * sees it, so the answer is written to the socket here, in the API's error format with `headers`
 * (every answer's security headers: headers.ts bareErrorHeaders), and the connection closed.
 */
export function rawClientError(headers: Readonly<Record<string, string>>): RawClientErrorHandler {
  return function answer(err, socket) {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body } = errorAnswer(
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400,
    );
    // No request was made of it, so no request id: one of its own, for the answer and the log line
    // alike (docs/decisions/0051).
    const requestId = randomUUID();
    this.log.debug({ code: err.code, statusCode: status, request_id: requestId }, 'client error');
    if (socket.writable) {
      const json = JSON.stringify({ request_id: requestId, ...body });
      const all = {
        ...headers,
        [REQUEST_ID_HEADER]: requestId,
        'content-length': String(Buffer.byteLength(json)),
        connection: 'close',
      };
      const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${json}`);
    }
    socket.destroy(err);
  };
}
