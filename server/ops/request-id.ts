// The request id (docs/decisions/0051; architecture: "a request id on every log line, answer header
// and error body"): one id per request, on each of its log lines (Fastify's child logger), in the
// X-Request-Id answer header and in every error body, where the app shows it as a reference the payer
// can quote to customer service, who find the request's log lines with it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER } from '../../contract/api.ts';

/** The log field that carries it: the same name as in the error body. */
export const REQUEST_ID_LOG_LABEL = 'request_id';

/** An id a proxy in front may hand in: short, and nothing a log line or a header could be bent by. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's request id options. A random UUID, unique across instances; or, behind a trusted proxy
 * (TRUST_PROXY), the proxy's X-Request-Id when it has a safe shape, so one id follows the request
 * through the proxy's logs and ours. A client's own header is never believed without a proxy.
 */
export function requestIdOptions(trustProxy: boolean): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: false,
    genReqId(req: IncomingMessage) {
      const given = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
      return typeof given === 'string' && INCOMING_ID.test(given) ? given : randomUUID();
    },
  };
}

function isErrorBody(payload: unknown): payload is { errors: unknown } {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'errors' in payload;
}

/** An error body with the request's id in it. */
export function withRequestId<T>(request: FastifyRequest, body: T): T {
  return isErrorBody(body) ? { ...body, request_id: request.id } : body;
}

/**
 * Puts the id in every answer's header and in every error body (a 4xx or 5xx whose body is the one
 * error format), whichever route, hook or handler built it. Called on the root instance, first.
 */
export function useRequestId(app: FastifyInstance): void {
  // Hooks that call done rather than return a promise: they run on every request (docs/decisions/0062).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    done(null, reply.statusCode >= 400 ? withRequestId(request, payload) : payload);
  });
}
