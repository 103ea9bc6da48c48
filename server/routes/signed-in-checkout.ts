// The checkout's calls that need a signed-in payer (§6): approved depositor status, the saved-card
// vault, the pam payment payload and pam recurring deposits. Every route answers 401 to a guest
// before reading its input and finds only the payer's own records (404 otherwise).
import type { FastifyInstance } from 'fastify';
import type { ActionResponse } from '../../contract/accounts.ts';
import { accountErrorKey } from '../../contract/accounts.ts';
import {
  CHECKOUT_SERVICE_PATHS,
  cancelPamRecurringDepositSchema,
  isApprovedDepositorSchema,
  preparePamDepositSchema,
  tokenizeSavedCardSchema,
  type IsApprovedDepositorResponse,
  type PamRecurringDepositsResponse,
} from '../../contract/checkout-services.ts';
import type { Deps } from '../deps.ts';
import { cancelPamRecurringDeposit } from '../domain/account-changes.ts';
import { preparePamDeposit } from '../domain/pam-prepare.ts';
import { recurringDeposit, sortRecurringDeposits } from '../domain/accounts.ts';
import { savedVaultCard, tokenizeCard } from '../domain/vault.ts';
import { badRequest, NOT_FOUND, validate } from '../http.ts';
import { signedInGuard } from '../signed-in.ts';
import { routeSchema } from '../api-schemas.ts';

export async function signedInCheckoutRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, repos, sessions, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  // §6: approved depositor status is the server's; /pay/process_deposit enforces it again.
  app.post(
    CHECKOUT_SERVICE_PATHS.isApprovedDepositor,
    {
      schema: routeSchema({
        summary: 'Whether the payer is an approved depositor of a person',
        tags: ['Checkout'],
        body: 'IsApprovedDepositorRequest',
        response: 'IsApprovedDepositorResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(isApprovedDepositorSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      const approved = await repos.approvedDepositors.isApproved(
        user.id,
        Number(body.value.como_facility_id),
        body.value.inmate_id,
      );
      return { approvedDepositor: approved } satisfies IsApprovedDepositorResponse;
    },
  );

  // The saved card's security code goes here and nowhere else; it decides the sandbox outcome and is forgotten.
  app.post(
    CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard,
    {
      schema: routeSchema({
        summary: "A saved card's token for the checkout",
        tags: ['Checkout'],
        body: 'TokenizeSavedCardRequest',
        response: 'TokenizeResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(tokenizeSavedCardSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      const card = await savedVaultCard(repos, user.id, body.value, now());
      if (!card) return reply.code(404).send(NOT_FOUND);
      if (!card.ok) return badRequest(reply, card.errors);
      const session = await sessions.require(request, reply);
      return tokenizeCard(repos, session.id, card.card, now());
    },
  );

  // §2 pam variant: the signed summary the checkout form-posts to the payment endpoint.
  app.post(
    CHECKOUT_SERVICE_PATHS.preparePamDeposit,
    {
      schema: routeSchema({
        summary: 'The signed payload of a pam deposit (§2 pam variant)',
        tags: ['Checkout'],
        body: 'PreparePamDepositRequest',
        response: 'PreparePamDepositResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(preparePamDepositSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      const session = await sessions.require(request, reply);
      const result = await preparePamDeposit(
        deps,
        user,
        session,
        { recurringType: body.value.recurring_type ?? '', returnUrl: `${request.protocol}://${request.host}/` },
        now(),
      );
      if ('pam_payload' in result) return result;
      return badRequest(reply, result.errors);
    },
  );

  // §7 pam recurring deposits: the payer's active ones (§9 amount descending).
  app.post(
    CHECKOUT_SERVICE_PATHS.pamRecurringDeposits,
    {
      schema: routeSchema({
        summary: "The payer's pam recurring deposits",
        body: 'EmptyRequest',
        tags: ['Checkout'],
        response: 'PamRecurringDepositsResponse',
      }),
    },
    async (request) => {
      const list = (await repos.recurringDeposits.listForUser(guard.user(request).id))
        .filter((r) => r.is_pam)
        .map(recurringDeposit);
      return { recurring_deposits: sortRecurringDeposits(list) } satisfies PamRecurringDepositsResponse;
    },
  );

  app.post(
    CHECKOUT_SERVICE_PATHS.cancelPamRecurringDeposit,
    {
      schema: routeSchema({
        summary: 'Cancels a pam recurring deposit',
        tags: ['Checkout'],
        body: 'CancelPamRecurringDepositRequest',
        response: 'ActionResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(cancelPamRecurringDepositSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      const id = Number(body.value.deposit_id);
      const change = await cancelPamRecurringDeposit(store, user.id, id, body.value.account_guid, now());
      // §8: a cancellation that fails shows ERROR_DELETING_DEPOSIT; another payer's id is not found.
      if (change.kind !== 'done') {
        return reply.code(404).send({ errors: { form: accountErrorKey('ERROR_DELETING_DEPOSIT') } });
      }
      return { success: true, errors: {} } satisfies ActionResponse;
    },
  );
}
