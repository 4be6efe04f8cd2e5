/** Commands refuse with the one error type deciders throw (machines/command-error.ts). */
export { DomainError, isDomainError } from '@machines/command-error';
