// The account calls of §7 for a signed-in payer (§6): phone accounts, primary account, inactivity
// alerts, recurring deposits, deposit history, account activity and saved cards. Every call needs a
// signed-in session (401 otherwise) and finds only the payer's own records (404 otherwise).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import {
  ACCOUNT_PATHS,
  METHOD_OVERRIDE_HEADER,
  accountErrorKey,
  accountHistoryQuerySchema,
  breakageSchema,
  depositHistoryQuerySchema,
  destinationOwnersSchema,
  destinationsQuerySchema,
  makePrimarySchema,
  normaliseAni,
  type AccountErrorBody,
  type AccountErrorCode,
  type AccountHistoryResponse,
  type ActionResponse,
  type ActivityEvent,
  type BreakageResponse,
  type BreakageStatus,
  type DepositHistoryResponse,
  type DestAccountsResponse,
  type DestinationOwnersResponse,
  type DestinationsResponse,
  type Purse,
  type RecurringDepositsResponse,
  type SavedCardsResponse,
} from '../../contract/accounts.ts';
import { DEPOSIT_HISTORY_PAGE_SIZE } from '../../contract/constants.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import {
  type Change,
  cancelRecurringDeposit,
  makePrimaryAccount,
  removePhoneAccount,
  removeSavedCard,
  setBreakageChoice,
} from '../domain/account-changes.ts';
import {
  depositHistoryItem,
  destinationAccount,
  recurringDeposit,
  savedCard,
  sortDestinationAccounts,
  sortRecurringDeposits,
} from '../domain/accounts.ts';
import { ownAccountsForNumber } from '../domain/destination-owners.ts';
import { BAD_REQUEST, NOT_FOUND, badRequest, idText, validate } from '../http.ts';
import { toDollars } from '../money.ts';
import { signedInGuard } from '../signed-in.ts';
import { NO_QUERY, routeSchema, textParams } from '../api-schemas.ts';

/** Newest activity rows an account history answer holds. */
export const ACTIVITY_LIMIT = 200;

const idParams = yup.object({ id: idText(MSG.numeric) });

const DONE: ActionResponse = { success: true, errors: {} };

function refused(code: AccountErrorCode): ActionResponse {
  return { success: false, errors: { form: accountErrorKey(code) } };
}

function notFound(reply: FastifyReply, code: AccountErrorCode): FastifyReply {
  return reply.code(404).send({ errors: { form: accountErrorKey(code) } } satisfies AccountErrorBody);
}

/** A change's answer: done, refused with its code (§8), or whatever notFound answers. */
function answerChange(reply: FastifyReply, change: Change, notFoundAnswer: () => unknown) {
  if (change.kind === 'done') return DONE;
  if (change.kind === 'refused') return refused(change.code);
  return notFoundAnswer();
}

/** §7: a deletion is a POST with X-HTTP-Method-Override: DELETE. */
function isDeleteOverride(request: FastifyRequest): boolean {
  const v = request.headers[METHOD_OVERRIDE_HEADER];
  return typeof v === 'string' && v.trim().toUpperCase() === 'DELETE';
}

export async function accountRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, repos, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  const listAccounts = async (userId: string) =>
    sortDestinationAccounts((await repos.destAccounts.listForUser(userId)).map(destinationAccount));

  /**
   * Parses `:id` of a deletion and checks the override header. Undefined when it has answered 400.
   */
  function deletionId(request: FastifyRequest, reply: FastifyReply): number | undefined {
    if (!isDeleteOverride(request)) {
      void reply.code(400).send(BAD_REQUEST);
      return undefined;
    }
    const params = validate(idParams, request.params);
    if (!params.ok) {
      void badRequest(reply, params.errors);
      return undefined;
    }
    return Number(params.value.id);
  }

  // ------------------------------------------------------------ phone accounts

  app.get(
    ACCOUNT_PATHS.destAccounts,
    {
      schema: routeSchema({
        summary: "The payer's phone accounts",
        query: NO_QUERY,
        tags: ['Account'],
        response: 'DestAccountsResponse',
      }),
    },
    async (request) => {
      return { dest_accounts: await listAccounts(guard.user(request).id) } satisfies DestAccountsResponse;
    },
  );

  app.post(
    `${ACCOUNT_PATHS.destAccounts}/:id`,
    {
      schema: routeSchema({
        summary: 'Removes a phone account (with the delete method override)',
        body: 'EmptyRequest',
        tags: ['Account'],
        params: textParams(['id'], ['id']),
        response: 'ActionResponse',
      }),
    },
    async (request, reply) => {
      const id = deletionId(request, reply);
      if (id === undefined) return reply;
      const change = await removePhoneAccount(store, guard.user(request).id, id, now());
      return change.kind === 'done' ? DONE : notFound(reply, 'ERROR_DELETING_ACCOUNT');
    },
  );

  // §7: GET /account/destinations?ani and /account/destinations/
  const destinations = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = validate(destinationsQuerySchema, request.query);
    if (!q.ok) return badRequest(reply, q.errors);
    const user = guard.user(request);
    if (q.value.ani === undefined || q.value.ani === null) {
      return { destinations: await listAccounts(user.id) } satisfies DestinationsResponse;
    }
    const account = await repos.destAccounts.findByPhone(user.id, normaliseAni(q.value.ani));
    if (!account) return reply.code(404).send(NOT_FOUND);
    return { destinations: [destinationAccount(account)] } satisfies DestinationsResponse;
  };
  app.get(
    ACCOUNT_PATHS.destinations,
    {
      schema: routeSchema({
        summary: "The payer's phone accounts, or the one of a number",
        tags: ['Account'],
        query: textParams(['ani']),
        response: 'DestinationsResponse',
      }),
    },
    destinations,
  );
  app.get(
    `${ACCOUNT_PATHS.destinations}/`,
    {
      schema: routeSchema({
        summary: "The payer's phone accounts, or the one of a number",
        tags: ['Account'],
        query: textParams(['ani']),
        response: 'DestinationsResponse',
      }),
    },
    destinations,
  );

  app.post(
    ACCOUNT_PATHS.makePrimary,
    {
      schema: routeSchema({
        summary: 'Makes a phone account the primary one',
        tags: ['Account'],
        body: 'MakePrimaryRequest',
        response: 'ActionResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(makePrimarySchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const change = await makePrimaryAccount(store, guard.user(request).id, normaliseAni(body.value.ani));
      return answerChange(reply, change, () => reply.code(404).send(NOT_FOUND));
    },
  );

  app.post(
    ACCOUNT_PATHS.breakage,
    {
      schema: routeSchema({
        summary: "A phone account's breakage notices",
        tags: ['Account'],
        body: 'BreakageRequest',
        response: 'BreakageResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(breakageSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      const sms = body.value.sms_status as BreakageStatus;
      const email = body.value.email_status as BreakageStatus;
      const change = await setBreakageChoice(store, user.id, normaliseAni(body.value.ani), { sms, email });
      if (change.kind !== 'done') return reply.code(404).send(NOT_FOUND);
      return { ...DONE, breakage: { sms, email } } satisfies BreakageResponse;
    },
  );

  app.post(
    ACCOUNT_PATHS.destinationOwners,
    {
      schema: routeSchema({
        summary: "The payer's own phone accounts that hold a number (404 when none does, whoever else may)",
        tags: ['Account'],
        body: 'DestinationOwnersRequest',
        response: 'DestinationOwnersResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(destinationOwnersSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const ids = await ownAccountsForNumber(repos, guard.user(request).id, normaliseAni(body.value.ani));
      // Another payer's number and a number nobody holds get the same answer (contract/accounts.ts).
      if (ids.length === 0) return reply.code(404).send(NOT_FOUND);
      return { connected_mv_ids: ids } satisfies DestinationOwnersResponse;
    },
  );

  // ------------------------------------------------------------ recurring deposits

  app.get(
    ACCOUNT_PATHS.recurringDeposits,
    {
      schema: routeSchema({
        summary: "The payer's recurring deposits",
        query: NO_QUERY,
        tags: ['Account'],
        response: 'RecurringDepositsResponse',
      }),
    },
    async (request) => {
      const list = (await repos.recurringDeposits.listForUser(guard.user(request).id)).map(recurringDeposit);
      return { recurring_deposits: sortRecurringDeposits(list) } satisfies RecurringDepositsResponse;
    },
  );

  app.post(
    `${ACCOUNT_PATHS.recurringDeposits}/:id`,
    {
      schema: routeSchema({
        summary: 'Cancels a recurring deposit (with the delete method override)',
        body: 'EmptyRequest',
        tags: ['Account'],
        params: textParams(['id'], ['id']),
        response: 'ActionResponse',
      }),
    },
    async (request, reply) => {
      const id = deletionId(request, reply);
      if (id === undefined) return reply;
      // §8: a cancellation that fails shows ERROR_DELETING_DEPOSIT.
      const change = await cancelRecurringDeposit(store, guard.user(request).id, id, now());
      return change.kind === 'done' ? DONE : notFound(reply, 'ERROR_DELETING_DEPOSIT');
    },
  );

  // ------------------------------------------------------------ deposit history

  app.get(
    ACCOUNT_PATHS.depositHistory,
    {
      schema: routeSchema({
        summary: "The payer's deposits, a page at a time",
        tags: ['Account'],
        query: textParams(['page']),
        response: 'DepositHistoryResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(depositHistoryQuerySchema, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const user = guard.user(request);
      const page = q.value.page === undefined ? 1 : Number(q.value.page);
      const total = await repos.depositHistory.count(user.id);
      // §9: deposit history 20 per page.
      const rows = await repos.depositHistory.page(
        user.id,
        DEPOSIT_HISTORY_PAGE_SIZE,
        (page - 1) * DEPOSIT_HISTORY_PAGE_SIZE,
      );
      const closed = deps.config.closedFacilityIds ?? [];
      return {
        deposits: rows.map((r) => depositHistoryItem(r, closed, now())),
        page,
        per_page: DEPOSIT_HISTORY_PAGE_SIZE,
        total,
        pages: Math.ceil(total / DEPOSIT_HISTORY_PAGE_SIZE),
      } satisfies DepositHistoryResponse;
    },
  );

  app.get(
    ACCOUNT_PATHS.accountHistory,
    {
      schema: routeSchema({
        summary: "A phone account's activity",
        tags: ['Account'],
        query: textParams(['destination_id', 'deposit_type']),
        response: 'AccountHistoryResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(accountHistoryQuerySchema, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const user = guard.user(request);
      const account = await repos.destAccounts.findByDestinationId(user.id, q.value.destination_id);
      if (!account) return reply.code(404).send(NOT_FOUND);
      const rows = await repos.destAccounts.activity(account.id, q.value.deposit_type as Purse, ACTIVITY_LIMIT);
      return {
        activity: rows.map((r) => ({
          event_at: r.event_at,
          event_desc: r.event_desc as ActivityEvent,
          amount: toDollars(r.amount_cents),
        })),
      } satisfies AccountHistoryResponse;
    },
  );

  // ------------------------------------------------------------ saved cards

  app.get(
    ACCOUNT_PATHS.creditCards,
    {
      schema: routeSchema({
        summary: "The payer's saved cards",
        tags: ['Account'],
        query: NO_QUERY,
        response: 'SavedCardsResponse',
      }),
    },
    async (request) => {
      const t = now();
      const cards = (await repos.savedCards.listForUser(guard.user(request).id)).map((c) => savedCard(c, t));
      return { credit_cards: cards } satisfies SavedCardsResponse;
    },
  );

  app.post(
    `${ACCOUNT_PATHS.creditCards}/:id`,
    {
      schema: routeSchema({
        summary: 'Removes a saved card (with the delete method override)',
        body: 'EmptyRequest',
        tags: ['Account'],
        params: textParams(['id'], ['id']),
        response: 'ActionResponse',
      }),
    },
    async (request, reply) => {
      const id = deletionId(request, reply);
      if (id === undefined) return reply;
      // An active recurring deposit charges the card: it stays until that deposit is cancelled.
      const change = await removeSavedCard(store, guard.user(request).id, id);
      return answerChange(reply, change, () => notFound(reply, 'ERROR_DELETING_CARD'));
    },
  );
}
