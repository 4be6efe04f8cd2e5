import type { FastifyRequest } from 'fastify';
import type { Language } from '@machines/account/account.events';
import { statedLanguage } from '../i18n/request-language';

/**
 * What a first contact tells about a person: the browser's language (the app's choice, else
 * Accept-Language; none when the request states none), kept as theirs until they choose one, and an HMAC of the address it came from,
 * compared without keeping the address itself.
 */
export function browserFacts(
  ctx: { keyedHash(label: string, value: string): string },
  request: FastifyRequest,
): { language: Language | undefined; addressHash: string } {
  return {
    language: statedLanguage(request),
    addressHash: ctx.keyedHash('address', request.ip),
  };
}
