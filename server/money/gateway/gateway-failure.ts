import type { ErrorCode, ErrorParams } from '@machines/errors/error-catalogue';
import { DomainError } from '../../commands/domain-error';
import { definiteRefusals, GatewayError } from './payment-gateway';

export function asGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError(
    'gateway_unavailable',
    `gateway_unavailable: ${(error as Error)?.message ?? String(error)}`,
  );
}

/** True when the gateway refused and nothing moved; anything else has an unknown outcome. */
export const isDefiniteRefusal = (error: GatewayError): boolean =>
  definiteRefusals.includes(error.code);

/** A refusal is a 409 the user can act on; an unknown outcome is a 502. The message starts with the code. */
export function gatewayFailure(error: GatewayError): DomainError {
  return new DomainError(
    isDefiniteRefusal(error) ? 'gateway_refused' : 'gateway_failed',
    {
      gatewayCode: error.code,
      detail: error.message,
    },
  );
}

/** Runs a gateway call that moves no money (opening a session, an account link); failures become answers. */
export async function callGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw gatewayFailure(asGatewayError(error));
  }
}

/**
 * The answer to a gateway error that reached the HTTP error handler. The client looks for the
 * gateway's code (funds_settling, payouts_enabled, ...): it is `error`, and the message starts with it.
 */
export function gatewayErrorAnswer(
  error: unknown,
): { code: ErrorCode; params: ErrorParams; error: string } | null {
  if (!(error instanceof GatewayError)) return null;
  const code =
    error.code === 'gateway_unavailable'
      ? 'gateway_unavailable'
      : 'gateway_refused';
  const params = {
    gatewayCode: error.code,
    detail: `${error.code}: ${error.message}`,
  };
  return { code, params, error: error.code };
}
