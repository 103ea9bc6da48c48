// §7 unified-wallet lookups (no sign-in): a facility's wallet, and the services of a wallet.
// Shapes and answers in contract/unified-wallet.ts.
import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import {
  NO_UNIFIED_WALLET,
  UNIFIED_WALLET_PATHS,
  facilityServicesSchema,
  unifiedWalletQuerySchema,
  type FacilityServicesResponse,
  type UnifiedWalletResponse,
} from '../../contract/unified-wallet.ts';
import type { Deps } from '../deps.ts';
import { ERROR_FACILITY_NOT_FOUND } from '../domain/form-rules.ts';
import { badRequest, validate } from '../http.ts';
import { routeSchema, textParams } from '../api-schemas.ts';

export async function unifiedWalletRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos } = deps;

  app.get(
    UNIFIED_WALLET_PATHS.getUnifiedWallet,
    {
      schema: routeSchema({
        summary: "A facility's unified wallet",
        tags: ['Checkout'],
        query: textParams(['facility_id']),
        response: 'UnifiedWalletResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(unifiedWalletQuerySchema, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const facility = await repos.facilities.findById(Number(q.value.facility_id));
      if (!facility) return badRequest(reply, { facility_id: ERROR_FACILITY_NOT_FOUND });
      const wallet = await repos.unifiedWallets.findByFacility(facility.id);
      if (!wallet) return NO_UNIFIED_WALLET;
      return {
        oc_facility_id: wallet.oc_facility_id,
        uwVisitor: wallet.uw_visitor,
        uwInmate: wallet.uw_inmate,
        uwTrust: wallet.uw_trust,
      } satisfies UnifiedWalletResponse;
    },
  );

  app.post(
    UNIFIED_WALLET_PATHS.getFacilityServices,
    {
      schema: routeSchema({
        summary: "Facilities' services",
        body: 'FacilityServicesRequest',
        tags: ['Checkout'],
        response: 'FacilityServicesResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(facilityServicesSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const wallet = await repos.unifiedWallets.findByOcId(body.value.oc_facility_id.trim());
      if (!wallet) return badRequest(reply, { oc_facility_id: MSG.invalid } as FieldErrors);
      return {
        facilityId: wallet.facility_id,
        facilityServices: await repos.unifiedWallets.services(wallet.oc_facility_id),
      } satisfies FacilityServicesResponse;
    },
  );
}
