import { HttpError } from '@/lib/http';

/** A refusal of the e-mail code given with an acceptance (wrong, expired, used up): told in its field. */
export const isCodeRefusal = (error: Error) =>
  error instanceof HttpError &&
  (error.serverErrorCode ?? '').startsWith('link_code');
