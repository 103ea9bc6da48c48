// §7 client errors (always on: the site's error reports, §8) and the sandbox outbox (architecture: a
// session may read the messages it caused), which is registered only when the development endpoints
// are asked for and never in production mode (server/config.ts; docs/decisions/0035).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { PATHS, type OutboxResponse } from '../../contract/api.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { recordClientError } from '../domain/client-errors.ts';
import { badRequest, validate } from '../http.ts';
import { CLIENT_ERROR_BODY_LIMIT } from '../limits.ts';
import { NO_QUERY, routeSchema } from '../api-schemas.ts';

export const LIMITS = { message: 2000, stack: 8000, url: 2000, userAgent: 500 } as const;
const OUTBOX_LIST_SIZE = 200;

// Long fields are cut, not refused: an error report should never fail for being long.
const errorBody = yup.object({
  message: yup.string().trim().required(MSG.required),
  stack: yup.string(),
  url: yup.string(),
});

function cut(value: string | undefined, max: number): string | null {
  if (value === undefined || value === '') return null;
  return value.length > max ? value.slice(0, max) : value;
}

export async function clientErrorRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, sessions, now } = deps;

  // A report is small; a bigger body is refused (413) before it is read (docs/decisions/0039).
  app.post(
    PATHS.logJsError,
    {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      schema: routeSchema({
        summary: "Reports an error of the app's page (§8)",
        tags: ['Development'],
        body: 'LogJsErrorRequest',
        response: null,
      }),
    },
    async (request, reply) => {
      const body = validate(errorBody, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const session = await sessions.require(request, reply);
      const ua = request.headers['user-agent'];
      const report = {
        message: cut(body.value.message, LIMITS.message) ?? '',
        stack: cut(body.value.stack, LIMITS.stack),
        url: cut(body.value.url, LIMITS.url),
        user_agent: cut(typeof ua === 'string' ? ua : undefined, LIMITS.userAgent),
      };
      await recordClientError(repos, session.id, report, now());
      return reply.code(204).send();
    },
  );
}

/** GET /development/outbox: the texts and emails this session caused, newest first; none without a session. */
export async function outboxRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, sessions } = deps;
  app.get(
    PATHS.outbox,
    {
      schema: routeSchema({
        summary: 'The texts and emails this session caused (development only)',
        query: NO_QUERY,
        tags: ['Development'],
        response: 'OutboxResponse',
      }),
    },
    async (request) => {
      const session = sessions.current(request);
      const messages = session ? await repos.outbox.listForSession(session.id, OUTBOX_LIST_SIZE) : [];
      return { messages } satisfies OutboxResponse;
    },
  );
}
