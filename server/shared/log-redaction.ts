import type { FastifyServerOptions } from 'fastify';

/**
 * What the server's log must never carry: e-mail addresses, names and tokens (docs/privacy.md).
 * Pino removes the fields at these paths from every log line (a secret header, a login body, a
 * person's fields if a line ever logs a user or a deal's terms); the request serializer masks the
 * link tokens and query strings of logged URLs; the message and error texts have their e-mail
 * addresses masked. tests/server/shared/log-privacy.test.ts runs a full lifecycle and checks.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-claim-secret"]',
  ...[
    'email',
    'password',
    'token',
    'claimSecret',
    'username',
    'name',
    'companyName',
    'phoneNumber',
  ].flatMap((field) => [field, `*.${field}`]),
  'influencer',
  '*.influencer',
  'body',
  '*.body',
];

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;
/**
 * A path segment that is a link token, a claim secret, a JWT or anything else that long and random:
 * 20 or more URL characters with a digit, a capital or an underscore among them (a route's own
 * words, like `create-checkout-session`, are lower case).
 */
const isSecretSegment = (segment: string): boolean =>
  /^[A-Za-z0-9_.~-]{20,}$/.test(segment) && /[A-Z0-9_]/.test(segment);

/** A text with its e-mail addresses masked. */
export const withoutEmailAddresses = (text: string): string =>
  text.replace(EMAIL, '[email]');

/** A URL as the log shows it: token segments, e-mail addresses and the query string's values masked. */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) =>
      isSecretSegment(segment) ||
      segment.includes('@') ||
      segment.includes('%40')
        ? ':redacted'
        : segment,
    )
    .join('/');
  if (query === undefined) return safePath;
  const keys = query.split('&').map((pair) => pair.split('=', 1)[0]);
  return `${safePath}?${keys.map((key) => `${key}=:redacted`).join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
}

/** The pino options of the server's logger; `stream` sends the lines elsewhere (tests capture them). */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: LoggedError) => ({
        type: error.type ?? (error as Error).constructor?.name,
        message: withoutEmailAddresses(String(error.message ?? '')),
        stack: withoutEmailAddresses(String(error.stack ?? '')),
        ...(error.code !== undefined ? { code: error.code } : {}),
        ...(error.statusCode !== undefined
          ? { statusCode: error.statusCode }
          : {}),
      }),
    },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((arg: unknown) =>
          typeof arg === 'string' ? withoutEmailAddresses(arg) : arg,
        );
        method.apply(this, masked as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}
