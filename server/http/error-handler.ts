import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDomainError } from '../commands/domain-error';
import { localizeError } from '../i18n/error-texts';
import { requestLanguage } from '../i18n/request-language';
import { GatewayError } from '../payments/gateway/payment-gateway';

/** The fixed answers for Fastify's own client errors: never a stack trace, always `{error, message}`. */
const fastifyErrors: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Unsupported content type; send application/json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'validation_failed', 'Request body must not be empty when content-type is application/json'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'validation_failed', 'Malformed JSON body'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'Invalid content length'],
};

/** The first validation issue as a sentence a user can read (docs/product.md §5 messages come from the schemas). */
function validationMessage(error: { validation: { message?: string; keyword?: string; instancePath?: string; params?: unknown }[] }, context: unknown): string {
  const first = error.validation[0];
  if (!first) return 'Invalid request';
  const expected = (first.params as { expected?: string } | undefined)?.expected;
  if (context === 'body' && first.keyword === 'invalid_type' && first.instancePath === '/' && expected === 'object') {
    return 'Request body must be a JSON object';
  }
  return first.message ?? 'Invalid request';
}

export function registerErrorHandling(app: FastifyInstance, { notFound = true }: { notFound?: boolean } = {}): void {
  // Every error answer (`{error, message}` with a 4xx/5xx status, from here or from a route) speaks
  // the caller's language: the web app sends its own as Accept-Language (server/i18n/error-texts.ts).
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || payload === null || typeof payload !== 'object') return payload;
    const body = payload as { error?: unknown; message?: unknown };
    if (typeof body.error !== 'string' || typeof body.message !== 'string') return payload;
    const language = requestLanguage(request);
    return language === 'en' ? payload : { ...body, message: localizeError(body.error, body.message, language) };
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ error: 'validation_failed', message: validationMessage(error, (error as { validationContext?: unknown }).validationContext) });
    }
    if (isDomainError(error)) {
      return reply.status(error.status).send({ error: error.code, message: error.message });
    }
    if (error instanceof GatewayError) {
      // docs/product.md §8: the client looks for funds_settling, payouts_enabled, balance_insufficient in the text.
      const status = error.code === 'gateway_unavailable' ? 502 : 409;
      return reply.status(status).send({ error: error.code, message: `${error.code}: ${error.message}` });
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: known[1], message: known[2] });
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: 'too_many_requests', message: error.message || 'Too many requests, please try again later' });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(400).send({ error: 'bad_request', message: error instanceof SyntaxError ? 'Malformed JSON body' : error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: 'bad_request', message: error.message });
    }
    if (isResponseSerializationError(error)) request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    else request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'internal_error', message: 'Something went wrong' });
  });

  if (!notFound) return;
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
