/** Commands refuse with the one error type deciders throw (machines/command-error.ts). */
export { DomainError, isDomainError, commandErrorStatus as domainErrorStatus, type CommandErrorCode as DomainErrorCode } from '../../machines/command-error';
