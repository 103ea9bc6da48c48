// Log lines an operator can use (docs/decisions/0051): each carries the request's id
// (server/ops/request-id.ts); one line per request when it ends, at `info` for writes and for errors,
// at `debug` for successful reads, so that a busy site's reads do not flood the default level; no
// body is ever logged, and what could hold a card's number, code or a secret is redacted.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * Paths pino replaces with '[redacted]'. Request bodies are never logged (Fastify does not log
 * them, and no line here does); these cover headers and any object a log call is handed: an error
 * whose `value` is the input it refused (yup's), or a card's fields wherever they sit.
 */
const REDACT = [
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers["x-csrf-token"]',
  'headers.authorization',
  'body',
  'req.body',
  'err.value',
  'err.params',
  'credit_card',
  'credit_card_cvc',
  '*.credit_card',
  '*.credit_card_cvc',
  '*.*.credit_card',
  '*.*.credit_card_cvc',
];

export function loggerOption(logger: boolean | object | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = { level: 'info', redact: { paths: REDACT, censor: '[redacted]' } };
  return logger === true ? base : { ...base, ...logger };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The levels that write a debug line. */
const DEBUG_LEVELS = new Set(['trace', 'debug']);

/** The path without its query: a search's query names people and is not logged. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * Fastify's request lines, as an operator wants them: no "incoming request" line; one line when the
 * answer is sent, with the route, the path without its query, the status and the time, at `debug`
 * for a successful read and `info` otherwise; an unexpected error is logged with its stack by the
 * error handler besides.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    // A successful read is a debug line: nothing is built for it when the level leaves it out.
    if (!error && READS.has(request.method) && status < 400 && !DEBUG_LEVELS.has(request.log.level)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: pathOf(request.url),
      status,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else if (READS.has(request.method) && status < 400) request.log.debug(line, 'request done');
    else request.log.info(line, 'request done');
  }
}

/** Fastify's logController option: the request lines above, each with the request's id. */
export function requestLog(requestIdLogLabel: string): LogController {
  return new RequestLog({ requestIdLogLabel });
}
