import {
  errorCatalogue,
  errorKinds,
  errorText,
  type ErrorCode,
  type ErrorKind,
  type ErrorParams,
} from './errors/error-catalogue';

/**
 * Why a command was refused: a stable code and its params (machines/errors/error-catalogue.ts).
 * Deciders (pure, in machines/) throw it; the server's one error handler answers it with the
 * code's kind as `error` (and the status it sets), the code, the params, and the catalogue's text
 * in the caller's language. The English text is also the error's `message` (logs, tests).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    /** Diagnostics for logs and tests (validation issues); never sent. */
    readonly details?: Record<string, unknown>,
  ) {
    super(errorText(code, params, 'en'));
    this.kind = errorCatalogue[code].kind;
    this.status = errorKinds[this.kind];
  }

  /** The coarse kind clients read as `error` (illegal_transition, conflict, not_found, ...). */
  readonly kind: ErrorKind;
  readonly status: number;
}

export const isDomainError = (e: unknown): e is DomainError =>
  e instanceof DomainError;
