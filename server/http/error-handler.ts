import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  errorCatalogue,
  errorKinds,
  errorText,
  type ErrorCode,
  type ErrorParams,
} from '@machines/errors/error-catalogue';
import {
  inputText,
  knownField,
  readInputRef,
  type InputIssue,
} from '@machines/errors/input-texts';
import { isDomainError } from '../commands/domain-error';
import { requestLanguage } from '../i18n/request-language';
import { TooManyRequests } from './rate-limits';
import { StoreUnavailable } from '../event-store/event-store';
import { SharedStateUnavailable } from './shared-http-state';

/** Fastify's own client errors, by its error code. */
const fastifyErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
};

type ValidationItem = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: unknown;
};

/**
 * The first validation issue as `invalid_input`'s params: the rule, the field and its numbers as
 * codes (the schemas carry them, machines/errors/input-texts.ts) and `detail`, the English sentence.
 * A zod issue of a schema without a reference is read by its own code when the field is known.
 */
function validationParams(error: {
  validation: ValidationItem[];
}): ErrorParams {
  const first = error.validation[0];
  if (!first) return { detail: 'Invalid request' };
  const issue = readInputRef(first.message) ?? zodIssue(first);
  if (!issue) return { detail: first.message ?? 'Invalid request' };
  return {
    detail: inputText(issue, 'en'),
    input: issue.rule,
    ...(issue.field ? { field: issue.field } : {}),
    ...issue.values,
  };
}

function zodIssue(item: ValidationItem): InputIssue | null {
  // The field is the path's last name: a list item's issue (`/deliverables/3`) is its list's.
  const names = item.instancePath
    ?.split('/')
    .filter((part) => part && !/^\d+$/.test(part));
  const field = knownField(names?.pop());
  if (!field) return null;
  const p = (item.params ?? {}) as {
    origin?: string;
    maximum?: number;
    minimum?: number;
    expected?: string;
    input?: unknown;
  };
  const list = p.origin === 'array';
  if (item.keyword === 'too_big' && p.maximum !== undefined)
    return {
      rule: list ? 'too_many' : 'too_long',
      field,
      values: { max: p.maximum },
    };
  if (item.keyword === 'too_small' && p.minimum !== undefined) {
    if (!list && p.minimum === 1) return { rule: 'required', field };
    return {
      rule: list ? 'too_few' : 'too_short',
      field,
      values: { min: p.minimum },
    };
  }
  if (item.keyword !== 'invalid_type') return null;
  if (p.input === undefined || p.input === null)
    return { rule: 'required', field };
  const rule = (
    { string: 'not_text', array: 'not_list', number: 'not_number' } as const
  )[p.expected ?? ''];
  return rule ? { rule, field } : null;
}

/** A body that is not a JSON object, where the route takes one. */
function bodyNotObject(
  error: {
    validation: { keyword?: string; instancePath?: string; params?: unknown }[];
  },
  context: unknown,
): boolean {
  const first = error.validation[0];
  const expected = (first?.params as { expected?: string } | undefined)
    ?.expected;
  return (
    context === 'body' &&
    first?.keyword === 'invalid_type' &&
    first.instancePath === '/' &&
    expected === 'object'
  );
}

/**
 * Every error answer: `error` is the kind clients have always read (it sets the status), `code`
 * the stable specific code, `params` what the text is about, and `message` the catalogue's text in
 * the caller's language (the `lang` cookie, else Accept-Language; the web app sends its own).
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: ErrorParams = {},
  error?: string,
) {
  const kind = errorCatalogue[code].kind;
  return reply.status(errorStatus(code)).send({
    error: error ?? kind,
    code,
    params,
    message: errorText(code, params, requestLanguage(request)),
  });
}

const errorStatus = (code: ErrorCode): number =>
  errorKinds[errorCatalogue[code].kind];

/** How a feature answers an error of its own (the gateway's, say); null when the error is not its. */
export type ErrorAnswer = (
  error: unknown,
) => { code: ErrorCode; params: ErrorParams; error?: string } | null;

/** Errors Fastify, its plugins or the runtime raise (no feature's): mapped to codes, else logged as internal. */
function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = error.code ? fastifyErrors[error.code] : undefined;
  if (known) return sendError(request, reply, known);
  if (error instanceof TooManyRequests && error.errorCode)
    return sendError(request, reply, error.errorCode, error.params);
  if (error.statusCode === 429)
    return sendError(request, reply, 'too_many_requests', {
      detail: error.message || 'Too many requests, please try again later',
    });
  if (error instanceof SyntaxError)
    return sendError(request, reply, 'malformed_json');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.status(error.statusCode).send({
      error: 'bad_request',
      code: 'bad_request',
      params: { detail: error.message },
      message: errorText(
        'bad_request',
        { detail: error.message },
        requestLanguage(request),
      ),
    });
  }
  if (isResponseSerializationError(error))
    request.log.error(
      { err: error, issues: error.cause.issues },
      'response did not match its schema',
    );
  else request.log.error({ err: error }, 'unhandled error');
  return sendError(request, reply, 'internal_error');
}

/**
 * The router's own refusals, before any route runs (Fastify's `frameworkErrors`): a path parameter
 * longer than the router takes (ids and tokens are far shorter) is a bad id, a URL that does not
 * decode a bad request; both in the one error shape, never echoing the path back.
 */
export function answerRouterError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(request, reply, 'invalid_input', {
      detail: 'Invalid id',
      input: 'invalid_id',
    });
  return sendError(request, reply, 'bad_request', {
    detail: 'The address is not valid',
  });
}

export function registerErrorHandling(
  app: FastifyInstance,
  {
    notFound = true,
    answers = [],
  }: { notFound?: boolean; answers?: ErrorAnswer[] } = {},
): void {
  app.setErrorHandler(
    (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = (error as { validationContext?: unknown })
          .validationContext;
        if (bodyNotObject(error, context))
          return sendError(request, reply, 'body_not_object');
        return sendError(
          request,
          reply,
          'invalid_input',
          validationParams(error),
        );
      }
      if (isDomainError(error))
        return sendError(request, reply, error.code, error.params);
      if (error instanceof StoreUnavailable) {
        request.log.warn({ err: error }, 'event store unavailable');
        reply.header('retry-after', '5');
        return sendError(request, reply, 'store_unavailable');
      }
      if (error instanceof SharedStateUnavailable) {
        request.log.warn({ err: error }, 'shared HTTP state unavailable');
        reply.header('retry-after', '5');
        return sendError(request, reply, 'shared_state_unavailable');
      }
      for (const answer of answers) {
        const given = answer(error);
        if (given)
          return sendError(
            request,
            reply,
            given.code,
            given.params,
            given.error,
          );
      }
      return answerFrameworkError(error, request, reply);
    },
  );

  if (!notFound) return;
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 'route_not_found', {
      method: request.method,
      url: request.url.split('?')[0]!,
    }),
  );
}
