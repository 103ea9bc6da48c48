// §6: the account calls need a signed-in session. A route plugin adds `onRequest` of a guard as a
// hook, so every route it declares answers 401 to a guest before reading its input; handlers then
// take the payer from `user(request)`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from './deps.ts';
import { UNAUTHORIZED } from './http.ts';
import type { UserRow } from './repo/users.ts';

export interface SignedInGuard {
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** The signed-in payer of a request that passed onRequest. */
  user(request: FastifyRequest): UserRow;
}

export function signedInGuard(deps: Pick<Deps, 'repos' | 'sessions'>): SignedInGuard {
  const users = new WeakMap<FastifyRequest, UserRow>();
  return {
    async onRequest(request, reply) {
      const session = deps.sessions.current(request);
      const user = session?.user_id ? await deps.repos.users.findById(session.user_id) : undefined;
      if (!user) return reply.code(401).send(UNAUTHORIZED);
      users.set(request, user);
      return undefined;
    },
    user(request) {
      const user = users.get(request);
      if (!user) throw new Error('signed-in guard did not run for this route');
      return user;
    },
  };
}
