/**
 * Why a command was refused. Deciders (pure, in machines/) throw it; the server's one error
 * handler maps the code to an HTTP status. The message is what users read.
 */
export const commandErrorStatus = {
  validation_failed: 400,
  invalid_event: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  illegal_transition: 409,
  conflict: 409,
  concurrency: 409,
  expired: 410,
  idempotency_mismatch: 422,
  gateway_error: 502,
  not_available: 409,
} as const;

export type CommandErrorCode = keyof typeof commandErrorStatus;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: CommandErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return commandErrorStatus[this.code];
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
