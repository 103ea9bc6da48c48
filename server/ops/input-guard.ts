// One check at the edge (docs/decisions/0051): values that no field of the API may hold and that the
// two engines would take differently are refused before any route reads them, with 400 in the one
// error format (docs/decisions/0037): the field's error (VALIDATION.TOO_MANY for an amount past the
// bound, VALIDATION.INVALID_ENTRY otherwise), or 404 for a path, on SQLite and PostgreSQL alike. SQLite stores a NUL inside
// text, compares an id of any size and multiplies any amount; PostgreSQL refuses NUL in text
// ("invalid byte sequence"), and a number past its INTEGER columns ("out of range"), which answered
// 500 there and a field error on SQLite. What a field may hold within these bounds (a facility's
// maximum, an id's shape) stays the routes' own rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../contract/api.ts';
import { MSG } from '../../contract/messages.ts';
import { BAD_REQUEST, NOT_FOUND } from '../http.ts';

/** The largest value of an INTEGER column (PostgreSQL's int4, the type of every id column). */
const INTEGER_MAX = 2_147_483_647;
/**
 * The largest amount, in dollars, a request may name: far above any facility's maximum (which the
 * rules answer with a field error), far below what an INTEGER of cents holds (21,474,836.47) once
 * a fee, a tax or a day's deposits are added to it.
 */
export const MAX_AMOUNT_DOLLARS = 1_000_000;

/** Fields that hold an id or a list of them: `id`, `facility_id`, `dest_account_id`, `facilityId`, `ids`... */
const ID_FIELD = /(^ids?$|_ids?$|[a-z]Ids?$)/;
/**
 * Fields that hold an amount of money as a JSON number: `deposit_amount`, `amount`... An amount as
 * text is of the wrong type, which the routes clear with an error (docs/decisions/0037), or a query's
 * text, which each route reads with its own pattern.
 */
const AMOUNT_FIELD = /amount/i;

/** NUL in text; a number JSON cannot hold (1e400); an id past INTEGER or an amount past the bound below it; an amount past the bound. */
export type Refusal = 'nul' | 'not finite' | 'out of range' | 'amount';

/**
 * The first reason to refuse a parsed value (a body, a query, the path's params), with the field it
 * was found under; undefined when there is none. Walks the value without recursion: a body of deeply
 * nested arrays must not overflow the stack.
 */
export function refusalOf(value: unknown): { reason: Refusal; field: string } | undefined {
  const stack: { v: unknown; field: string }[] = [{ v: value, field: '' }];
  while (stack.length > 0) {
    const { v, field } = stack.pop() as { v: unknown; field: string };
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { reason: 'nul', field };
    } else if (typeof v === 'number') {
      // JSON's 1e400 is read as Infinity.
      if (!Number.isFinite(v)) return { reason: 'not finite', field };
      if (ID_FIELD.test(field) && Math.abs(v) > INTEGER_MAX) return { reason: 'out of range', field };
      if (AMOUNT_FIELD.test(field) && v > MAX_AMOUNT_DOLLARS) return { reason: 'amount', field };
      if (AMOUNT_FIELD.test(field) && v < -MAX_AMOUNT_DOLLARS) return { reason: 'out of range', field };
    } else if (Array.isArray(v)) {
      // An array's items are read as the field's own values (a list of ids is ids).
      for (const item of v) stack.push({ v: item, field });
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return { reason: 'nul', field: '' };
        stack.push({ v: item, field: k });
      }
    }
  }
  return undefined;
}

/** The answer to a refusal: the field's error, or ERROR.BAD_REQUEST when no field can be named. */
function refusalAnswer(refusal: { reason: Refusal; field: string }): ErrorBody {
  if (!refusal.field) return BAD_REQUEST;
  return { errors: { [refusal.field]: refusal.reason === 'amount' ? MSG.tooMany : MSG.invalid } };
}

/** Methods whose request has no body (RFC 9110: a body there has no meaning, and may smuggle one). */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/** A request announces a body: a length above 0, or any transfer coding (chunked). */
function hasBody(request: FastifyRequest): boolean {
  const { 'content-length': length, 'transfer-encoding': coding } = request.headers;
  return coding !== undefined || (length !== undefined && length !== '0');
}

/**
 * Hooks of the whole app. preParsing (after the security headers are set, before the body is read
 * and any handler runs): a GET, HEAD, OPTIONS or DELETE with a body is refused 400. preValidation:
 * the body has been parsed, no route has read anything yet.
 */
export function useInputGuard(app: FastifyInstance): void {
  // Hooks that call done rather than return a promise: they run on every request (docs/decisions/0062).
  app.addHook('preParsing', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (!BODILESS.has(request.method) || !hasBody(request)) return done(null, payload);
    // Passed on as an error, not sent: a hook that sends goes on to the handler until the answer is
    // written. The error handler answers 400 ERROR.BAD_REQUEST; the connection is not kept for a body unread.
    reply.header('connection', 'close');
    done(Object.assign(new Error('a body on a bodiless method'), { statusCode: 400, code: 'BODY_ON_BODILESS_METHOD' }));
  });
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
    // A path with NUL in it names nothing there is: not found, as any other path of nothing.
    const inPath = refusalOf(request.params);
    const refusal = inPath ?? refusalOf(request.query) ?? refusalOf(request.body);
    if (!refusal) return done();
    // The field's name only: the value may be anything, a card number included.
    request.log.info({ refused: refusal.reason, field: refusal.field }, 'input refused');
    if (inPath) void reply.code(404).send(NOT_FOUND);
    else void reply.code(400).send(refusalAnswer(refusal));
  });
}
