// Sign-in, sign-out, the is-logged-in check and account creation (§7 "Auth and session"; §3 New
// account; architecture: the session id rotates at sign-in, sign-out ends the session).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_PATHS,
  accountErrorKey,
  loginSchema,
  normaliseAni,
  registerSchema,
  type AccountErrorBody,
  type LoginResponse,
  type LogoutResponse,
  type MeResponse,
  type RegisterRequest,
} from '../../contract/accounts.ts';
import type { Deps } from '../deps.ts';
import { accountUser } from '../domain/accounts.ts';
import { markSignedIn } from '../domain/form-state.ts';
import { attemptLogin, registerAccount } from '../domain/login.ts';
import { clientAddress } from '../limits.ts';
import { hashSecret } from '../domain/passwords.ts';
import { BAD_REQUEST, UNAUTHORIZED, badRequest, validate } from '../http.ts';
import type { UserRow } from '../repo/users.ts';
import { NO_QUERY, routeSchema } from '../api-schemas.ts';

const REGISTER_KEYS = [
  'email',
  'password',
  'password_again',
  'pin',
  'pin_again',
  'first_name',
  'last_name',
  'phone_no',
] as const satisfies readonly (keyof RegisterRequest)[];

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export async function authRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, repos, sessions, now } = deps;

  /**
   * Signs the request's session in as the user (new id, new CSRF token, old id dead) and marks the
   * form state signed in; the account's email becomes the payer's contact email (§6).
   */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
  ): Promise<LoginResponse | undefined> {
    const session = await sessions.signIn(request, reply, user.id);
    if (!session) return undefined;
    await markSignedIn(store, session.id, user, now());
    return { success: true, csrf_token: session.csrf_token, user: accountUser(user) };
  }

  app.post(
    ACCOUNT_PATHS.login,
    {
      schema: routeSchema({ summary: 'Signs in', tags: ['Account'], body: 'LoginRequest', response: 'LoginResponse' }),
    },
    async (request, reply) => {
      const body = validate(loginSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const session = await sessions.require(request, reply);
      const email = body.value.email.toLowerCase();
      const client = { address: clientAddress(request.ip), sessionId: session.id };
      const outcome = await attemptLogin(store, email, body.value.password, client, now());
      if (outcome.kind === 'wait') {
        // docs/decisions/0039: the account's sign-in delay for this client; the password was not checked.
        return reply
          .code(429)
          .header('retry-after', String(Math.max(1, Math.ceil(outcome.seconds))))
          .send({ errors: { form: accountErrorKey('ERROR_LOGIN') } } satisfies AccountErrorBody);
      }
      if (outcome.kind === 'bad_credentials') {
        // Not 401: that status means "session ended" to the client (§4), which would leave the page.
        return reply
          .code(400)
          .send({ errors: { form: accountErrorKey('ERROR_LOGIN_CREDENTIALS') } } satisfies AccountErrorBody);
      }
      const answer = await signIn(request, reply, outcome.user);
      if (!answer) return reply.code(401).send(UNAUTHORIZED);
      return answer;
    },
  );

  app.post(
    ACCOUNT_PATHS.logout,
    {
      schema: routeSchema({
        summary: 'Signs out',
        tags: ['Account'],
        body: 'EmptyRequest',
        response: 'LogoutResponse',
      }),
    },
    async (request, reply) => {
      await sessions.destroy(request, reply);
      return { success: true, redirect_to: '/' } satisfies LogoutResponse;
    },
  );

  app.get(
    ACCOUNT_PATHS.me,
    {
      schema: routeSchema({
        summary: 'The signed-in payer, if any',
        tags: ['Account'],
        query: NO_QUERY,
        response: 'MeResponse',
      }),
    },
    async (request) => {
      const session = sessions.current(request);
      const user = session?.user_id ? await repos.users.findById(session.user_id) : undefined;
      return { logged_in: user !== undefined, user: user ? accountUser(user) : null } satisfies MeResponse;
    },
  );

  app.post(
    ACCOUNT_PATHS.register,
    {
      schema: routeSchema({
        summary: 'Creates an account and signs in',
        body: 'RegisterRequest',
        tags: ['Account'],
        response: 'RegisterResponse',
      }),
    },
    async (request, reply) => {
      const raw = request.body;
      if (!isPlainObject(raw)) return reply.code(400).send(BAD_REQUEST);
      const session = await sessions.require(request, reply);
      const { fields } = await repos.formState.get(session.id);
      // §7: the email (and the names and phone) may come from the form state of the deposit just made.
      const input: Record<string, unknown> = {
        email: fields.email,
        first_name: fields.billing_first_name,
        last_name: fields.billing_last_name,
        phone_no: fields.phone_no,
      };
      for (const k of REGISTER_KEYS) if (raw[k] !== undefined) input[k] = raw[k];
      const body = validate(registerSchema, input);
      if (!body.ok) return badRequest(reply, body.errors);
      const email = body.value.email.toLowerCase();
      const exists = { errors: { email: accountErrorKey('ACCOUNT_EXISTS') } } satisfies AccountErrorBody;
      if (await repos.users.findByEmail(email)) return reply.code(409).send(exists);

      const [passwordHash, pinHash] = await Promise.all([hashSecret(body.value.password), hashSecret(body.value.pin)]);
      const user: UserRow = {
        id: randomUUID(),
        email,
        password_hash: passwordHash,
        pin_hash: pinHash,
        first_name: body.value.first_name,
        last_name: body.value.last_name,
        phone: body.value.phone_no ? normaliseAni(body.value.phone_no) : '',
        validate_status: 'pending',
        dob: null,
        ssn_last4: null,
        professional: false,
        created_at: now().toISOString(),
      };
      // The deposits this browser made as a guest become the new account's; before the sign-in, which
      // gives the session a new id.
      const current = sessions.current(request) ?? session;
      if ((await registerAccount(store, user, current.id)) === 'exists') return reply.code(409).send(exists);
      const answer = await signIn(request, reply, user);
      if (!answer) return reply.code(401).send(UNAUTHORIZED);
      return answer;
    },
  );
}
