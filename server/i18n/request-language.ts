import type { FastifyRequest } from 'fastify';

export type Language = 'en' | 'nl';

/**
 * The language of a server-rendered page: the web app's choice (cookie `lang`, set when the user
 * picks a language), else the browser's first of English/Dutch (Accept-Language), else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return statedLanguage(request) ?? 'en';
}

/**
 * The language a request states (cookie, else Accept-Language), or undefined when it states none:
 * a caller without a browser (a script, a test) must not fix a person's language to English.
 */
export function statedLanguage(request: FastifyRequest): Language | undefined {
  const cookie = /(?:^|;\s*)lang=(en|nl)(?:;|$)/.exec(
    request.headers.cookie ?? '',
  );
  if (cookie) return cookie[1] as Language;
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const base = part.trim().split(';')[0]!.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'nl') return base;
  }
  return undefined;
}
