// GET /pay/get_fees_and_roundups (§7 checkout; §4 checkout amounts; §9 roundups).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { PATHS, type FeesAndRoundupsResponse } from '../../contract/api.ts';
import { DEPOSIT_TYPES, type DepositType } from '../../contract/entities.ts';
import { MSG, amountError, effectiveLimits, parseAmount } from '../../contract/schemas.ts';
import { offersType } from '../../contract/rules.ts';
import type { Deps } from '../deps.ts';
import { presetQuotes, quote, roundups } from '../domain/fees.ts';
import { ERROR_FACILITY_NOT_FOUND } from '../domain/form-rules.ts';
import { RESELECT_DEPOSIT_TYPE } from '../domain/offers.ts';
import { badRequest, idText, validate } from '../http.ts';
import { toCents, toDollars } from '../money.ts';
import { routeSchema, textParams } from '../api-schemas.ts';

const feesQuery = yup.object({
  deposit_amount: yup.string().required(MSG.amountInvalid).max(12, MSG.amountInvalid),
  deposit_type: yup
    .string()
    .required(MSG.depositType)
    .oneOf([...DEPOSIT_TYPES], MSG.depositType),
  facility_id: idText(MSG.numeric),
  unified_wallet_flag: yup.string().oneOf(['true', 'false', '1', '0'], MSG.invalid),
  oc_facility_id: yup.string().max(40, MSG.tooMany),
});

export async function feeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos } = deps;

  app.get(
    PATHS.feesAndRoundups,
    {
      schema: routeSchema({
        summary: 'The fee of an amount, its roundups and the priced presets',
        tags: ['Checkout'],
        query: textParams(['deposit_amount', 'deposit_type', 'facility_id', 'unified_wallet_flag', 'oc_facility_id']),
        response: 'FeesAndRoundupsResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(feesQuery, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const facility = await repos.facilities.findById(Number(q.value.facility_id));
      if (!facility) return badRequest(reply, { facility_id: ERROR_FACILITY_NOT_FOUND });
      const type = q.value.deposit_type as DepositType;
      if (!offersType(facility, type)) return badRequest(reply, { deposit_type: RESELECT_DEPOSIT_TYPE });

      const limits = effectiveLimits(facility);
      const amount = parseAmount(q.value.deposit_amount);
      const amountKey = amountError(amount, limits);
      if (amountKey) return badRequest(reply, { deposit_amount: amountKey });

      const amountCents = toCents(amount);
      const base = await quote(repos.fees, facility, type, amountCents);
      if (!base) return badRequest(reply, { deposit_amount: MSG.amountLimit });
      const unifiedWallet = q.value.unified_wallet_flag === 'true' || q.value.unified_wallet_flag === '1';
      return {
        original_deposit_best_fee: {
          fee: toDollars(base.feeCents),
          tax: toDollars(base.taxCents),
          total: toDollars(base.totalCents),
        },
        roundups: await roundups(repos.fees, { facility, type, amountCents, limits, unifiedWallet }),
        // §9 presets with their fees, to compare amounts by what they cost (docs/decisions/0052).
        presets: (await presetQuotes(repos.fees, facility, type, limits)).map((p) => ({
          amount: toDollars(p.amountCents),
          fee: toDollars(p.feeCents),
          tax: toDollars(p.taxCents),
          total: toDollars(p.totalCents),
        })),
      } satisfies FeesAndRoundupsResponse;
    },
  );
}
