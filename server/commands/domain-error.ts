/**
 * Errors a command refuses with. The code decides the HTTP status in one place (the API's error
 * handler); the message is what users read.
 */
export const domainErrorStatus = {
  validation_failed: 400,
  invalid_event: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  illegal_transition: 409,
  conflict: 409,
  concurrency: 409,
  expired: 410,
  gateway_error: 502,
  not_available: 409,
} as const;

export type DomainErrorCode = keyof typeof domainErrorStatus;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return domainErrorStatus[this.code];
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
