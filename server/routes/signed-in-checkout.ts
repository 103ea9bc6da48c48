// The checkout's calls that need a signed-in payer (§6): approved depositor status, the saved-card
// vault, the pam payment payload and pam recurring deposits. Every route answers 401 to a guest
// before reading its input and finds only the payer's own records (404 otherwise).
import type { FastifyInstance } from 'fastify';
import { cvcError, isCardBrand } from '../../contract/cards.ts';
import type { ActionResponse } from '../../contract/accounts.ts';
import { accountErrorKey } from '../../contract/accounts.ts';
import type { TokenizeResponse } from '../../contract/api.ts';
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
import { savedCardExpired } from '../domain/checkout-fields.ts';
import { APPROVED } from '../domain/sandbox-processor.ts';
import { badRequest, NOT_FOUND, validate } from '../http.ts';
import { randomToken } from '../security.ts';
import { signedInGuard } from '../signed-in.ts';
import { routeSchema } from '../api-schemas.ts';

/** The sandbox processor's answer for a saved card: the security code 000 fails the check (§8 CVV_MATCH). */
export function savedCardOutcome(cvc: string): string {
  return cvc === '000' ? 'CVV_MATCH' : APPROVED;
}

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
      const card = await repos.savedCards.findForUser(user.id, Number(body.value.saved_card_id));
      if (!card) return reply.code(404).send(NOT_FOUND);
      const expired = savedCardExpired(card, now());
      if (expired) return badRequest(reply, { saved_card_id: expired });
      // §5: the security code has the length of the saved card's brand (Amex 4, the others 3).
      const cvc = cvcError(body.value.credit_card_cvc, isCardBrand(card.brand) ? card.brand : null);
      if (cvc) return badRequest(reply, { credit_card_cvc: cvc });
      const session = await sessions.require(request, reply);
      const answer: TokenizeResponse = {
        token: `tok_${randomToken()}`,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      };
      await repos.vault.insert({
        token: answer.token,
        session_id: session.id,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        outcome: savedCardOutcome(body.value.credit_card_cvc),
        created_at: now().toISOString(),
        saved_card_id: card.id,
      });
      return answer;
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
