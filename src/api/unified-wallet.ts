// The unified-wallet trust checks of the checkout (§5, §7): approved depositor, the inmate lookup and
// the service's limits. Shapes in contract/checkout-services.ts.
import { CHECKOUT_SERVICE_PATHS } from '../../contract/checkout-services-base.ts';
import type {
  AllowedMinMaxRequest,
  AllowedMinMaxResponse,
  CnInmateRequest,
  CnInmateResponse,
  IsApprovedDepositorRequest,
  IsApprovedDepositorResponse,
} from '../../contract/checkout-services.ts';
import type { ApiClient } from './client.ts';

export function isApprovedDepositor(
  api: ApiClient,
  input: IsApprovedDepositorRequest,
): Promise<IsApprovedDepositorResponse> {
  return api.post<IsApprovedDepositorResponse>(CHECKOUT_SERVICE_PATHS.isApprovedDepositor, input);
}

export function cnInmate(api: ApiClient, input: CnInmateRequest): Promise<CnInmateResponse> {
  return api.post<CnInmateResponse>(CHECKOUT_SERVICE_PATHS.getCnInmate, input);
}

export function allowedMinMax(api: ApiClient, input: AllowedMinMaxRequest): Promise<AllowedMinMaxResponse> {
  return api.post<AllowedMinMaxResponse>(CHECKOUT_SERVICE_PATHS.getAllowedMinMax, input);
}
