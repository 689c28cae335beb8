import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import type { RestResponse } from '../../http/rest-route.js';
import { EXPERIMENTAL_HEADER, experimentalAcknowledgement } from '../../wp/tec/experimental-acknowledgement.js';

/** ExperimentalEndpointException as a WP_Error: always 400, whatever was wrong with the header. */
function missingAcknowledgement(message: string): AppError {
  return new AppError(400, 'missing_experimental_endpoint_acknowledgement', message);
}

/**
 * Endpoint::assure_experimental_acknowledgement: a header PHP finds empty (none, `""`, `"0"`) is
 * "requires acknowledgement header."; any other value must be the sentence once trimmed, in any
 * case. Throws the 400; returns when the request may go on.
 */
export function assertExperimentalAcknowledged(ctx: RequestContext): void {
  const acknowledgement = experimentalAcknowledgement(ctx.header(EXPERIMENTAL_HEADER));
  if (acknowledgement === 'missing') throw missingAcknowledgement('Experimental endpoint requires acknowledgement header.');
  if (acknowledgement === 'wrong') throw missingAcknowledgement('Experimental endpoint requires appropriate acknowledgement header.');
}

export type Handler<Ctx extends RequestContext = RequestContext> = (ctx: Ctx) => Promise<RestResponse>;

/**
 * The gate as TEC places it: inside the endpoint's callback (Endpoint::respond), so after core's
 * argument validation and the permission check, before the endpoint reads anything. `enabled`
 * false is TEC's `tec_rest_experimental_endpoint` filter returning false (TEC_V1_EXPERIMENTAL_GATE=off).
 * The handler keeps its context's type (its parameters typed from the endpoint's arguments).
 */
export function gated<Ctx extends RequestContext>(enabled: boolean, handler: Handler<Ctx>): Handler<Ctx> {
  if (!enabled) return handler;
  return async (ctx) => {
    assertExperimentalAcknowledged(ctx);
    return handler(ctx);
  };
}
