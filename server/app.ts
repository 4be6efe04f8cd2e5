import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { createAccountCommands } from './accounts/account-commands';
import { authRoutes } from './accounts/auth.routes';
import { profileRoutes } from './accounts/profile.routes';
import { adminRoutes } from './admin/admin.routes';
import { adminMoneyRoutes } from './admin/admin-money.routes';
import { documentRoutes } from './documents/documents.routes';
import { createAdminAccounts } from './admin/admin-accounts';
import { aiAssistRoutes } from './ai/ai-assist.routes';
import { createAppContext, type AppContext } from './app-context';
import { loadConfig } from './config';
import { createAuthGuards } from './auth/authenticate';
import { createIdempotency } from './http/idempotency';
import { dealLinkRoutes } from './deals/deal-link.routes';
import { linkClaimRoutes } from './link-claims/link-claims.routes';
import { createDealViews } from './deals/deal-views';
import { dealsRoutes } from './deals/deals.routes';
import { disputeThreadRoutes } from './disputes/dispute-thread.routes';
import { limitConnectionsPerAddress } from './http/connection-limits';
import { answerRouterError, registerErrorHandling } from './http/error-handler';
import { loggerOptions } from './shared/log-redaction';
import { gatewayErrorAnswer } from './money/gateway/gateway-failure';
import { registerWriteLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import type { RouteDeps, ZodApp } from './http/route-deps';
import type { AccountCommands } from './accounts/account-commands';
import type { AdminAccounts } from './admin/admin-accounts';
import type { DealViews } from './deals/deal-views';
import { eventsStreamRoutes } from './live/events-stream.routes';
import { createProbeAudience, opsRoutes } from './ops/ops.routes';
import { paymentRequestsRoutes } from './payment-requests/payment-requests.routes';
import { requestBlockRoutes } from './payment-requests/request-block.routes';
import { pushRoutes } from './notifications/push.routes';
import { adminPushRoutes } from './notifications/admin-push.routes';
import { publicSettings, settingsRoutes } from './settings/settings.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { testMailRoutes } from './notifications/test-mail.routes';
import { registerWebApp } from './web/web-app.plugin';
import { exportRoutes } from './privacy/export.routes';
import { erasureRoutes } from './privacy/erasure.routes';

export interface BuildOptions {
  /** Serve web/dist (main.ts); tests leave it off. */
  serveWebApp?: boolean;
  /** Log as configured (LOG_LEVEL); `{ stream }` sends the lines there (tests capture them). */
  logger?: boolean | { stream: { write(line: string): void } };
}

/**
 * Many clients send "content-type: application/json" with no body on POST: treat it as no body.
 * Anything else goes to Fastify's own parser, which refuses `__proto__` and `constructor.prototype`
 * keys (a body that could pollute prototypes is a 400, as with Fastify's default).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      parse(request, text, done);
    },
  );
}

/** The Fastify server as configured: logging, limits, ids, proxies; zod validates and serialises. */
function createServer(
  config: AppContext['config'],
  options: BuildOptions,
): ZodApp {
  const app = Fastify({
    logger: options.logger
      ? loggerOptions(
          config.logLevel,
          typeof options.logger === 'object'
            ? options.logger.stream
            : undefined,
        )
      : false,
    bodyLimit: config.bodyLimitBytes,
    // Headers and body must arrive in time (Node's default waits for ever), checked often enough
    // that a short timeout is kept; the socket then gets a 408 and is closed.
    requestTimeout: config.connections.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(250, config.connections.requestTimeoutMs / 4),
      ),
    },
    genReqId: () => randomUUID(),
    // A hop count is valid at run time (Fastify's docs) though its types leave numbers out.
    trustProxy: config.trustProxy,
    // Keep ids like "42abc" and 1e99 out of the handlers: the zod params turn them into 400s.
    routerOptions: { maxParamLength: 200 },
    // An over-long parameter or an undecodable URL answers in the one error shape (error-handler.ts).
    frameworkErrors: answerRouterError,
    // Two log lines per request cost more than a cached read itself; errors are still logged by
    // the error handler, and LOG_LEVEL=debug brings the per-request lines back.
    logController: new LogController({
      disableRequestLogging:
        config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>() as unknown as ZodApp;
  app.server.headersTimeout = Math.min(
    60_000,
    config.connections.requestTimeoutMs,
  );
  limitConnectionsPerAddress(app.server, {
    maxPerAddress: config.connections.maxPerAddress,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** What every route gets: security headers, CORS, rate limits, and the OpenAPI description. */
async function registerHttpLayers(app: ZodApp, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  await registerSecurityHeaders(app as unknown as FastifyInstance, {
    https: config.publicUrl.startsWith('https://'),
  });
  if (config.corsOrigin) {
    await app.register(cors, {
      origin: config.corsOrigin.split(',').map((o) => o.trim()),
      credentials: true,
    });
  }
  await app.register(rateLimit, { global: false, ...ctx.sharedHttp.rateLimit });
  registerWriteLimits(app as unknown as FastifyInstance, {
    config,
    tokens: ctx.tokens,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Escrow deal ledger API',
        version: '1.0.0',
        description:
          'Brand–creator escrow payments. Errors are JSON {error, message}.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Production keeps the API map to itself unless API_DOCS=on.
  if (config.apiDocs)
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
    });
}

/** Everything the features' routes may be given; each feature's own type takes the parts it uses. */
interface AppRouteDeps extends RouteDeps<AppContext> {
  accounts: AccountCommands;
  admins: AdminAccounts;
  dealViews: DealViews;
}

/**
 * What the routes are built on: the guards, the command services and the deal views, with the
 * idempotency records registered on the app. `offApplied` stops the caches following the read models.
 */
function routeDeps(
  app: ZodApp,
  ctx: AppContext,
): { deps: AppRouteDeps; offApplied: () => void } {
  const idempotency = createIdempotency({
    records: ctx.sharedHttp.idempotency,
    now: () => ctx.clock.now().getTime(),
  });
  idempotency.register(app as unknown as FastifyInstance);
  const guards = createAuthGuards({
    tokens: ctx.tokens,
    accounts: ctx.queries.accounts,
  });
  const dealViews = createDealViews({
    deals: ctx.queries.deals,
    accounts: ctx.queries.accounts,
    clock: ctx.clock,
    keyedHash: ctx.keyedHash,
  });
  // Cached list answers are dropped as soon as the read models applied a change to them.
  const offApplied = ctx.runner.onApplied((events) => {
    dealViews.onApplied(events);
    for (const event of events) {
      if (SESSION_ENDS.has(event.type))
        guards.forget(event.streamId.slice('user-'.length));
    }
  });
  const deps: AppRouteDeps = {
    ctx,
    guards,
    accounts: createAccountCommands({
      bus: ctx.bus,
      run: ctx.run,
      unique: ctx.unique,
      accounts: ctx.queries.accounts,
    }),
    admins: createAdminAccounts({
      run: ctx.run,
      unique: ctx.unique,
      accounts: ctx.queries.accounts,
    }),
    dealViews,
    idempotency,
  };
  return { deps, offApplied };
}

/** Events after which a user's tokens stop working: their session version is read afresh. */
const SESSION_ENDS = new Set([
  'SessionsRevoked',
  'PasswordChanged',
  'AccountErased',
]);

/** The features' routes, registered in this order. */
const featureRoutes = [
  authRoutes,
  profileRoutes,
  dealsRoutes,
  dealLinkRoutes,
  linkClaimRoutes,
  paymentRequestsRoutes,
  requestBlockRoutes,
  adminRoutes,
  adminMoneyRoutes,
  disputeThreadRoutes,
  documentRoutes,
  exportRoutes,
  erasureRoutes,
  pushRoutes,
  adminPushRoutes,
  aiAssistRoutes,
  notificationsRoutes,
  testMailRoutes,
  eventsStreamRoutes,
  settingsRoutes,
];

/** Builds the HTTP app from its dependencies; `app.inject` in tests, `listen` in main.ts. */
export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = createServer(ctx.config, options);
  registerErrorHandling(app as unknown as FastifyInstance, {
    notFound: !options.serveWebApp,
    answers: [gatewayErrorAnswer],
  });
  acceptEmptyJsonBodies(app as unknown as FastifyInstance);
  await registerHttpLayers(app, ctx);

  app.decorateRequest('principal', null);
  const { deps, offApplied } = routeDeps(app, ctx);
  const mayReadDetails = createProbeAudience(ctx, deps.guards);
  app.get(
    '/api/health',
    { schema: { tags: ['ops'], hide: true } },
    async (request) =>
      mayReadDetails(request)
        ? { ok: true, position: ctx.runner.position }
        : { ok: true },
  );
  opsRoutes(app as unknown as FastifyInstance, { ctx, mayReadDetails });
  for (const routes of featureRoutes) routes(app, deps);
  await ctx.payments.registerRoutes(app as unknown as FastifyInstance);
  if (options.serveWebApp)
    await registerWebApp(app as unknown as FastifyInstance, {
      settings: publicSettings(ctx.config),
    });

  app.addHook('onClose', async () => {
    offApplied();
    ctx.live.closeAll();
  });
  return app as unknown as FastifyInstance;
}

/**
 * The admin accounts over the configured store, ready at its head, for a command-line tool: the CLI
 * gets the one part it uses from the composition root, never the whole context.
 */
export async function withAdminAccounts<T>(
  run: (admins: AdminAccounts) => Promise<T>,
): Promise<T> {
  const ctx = await createAppContext(loadConfig(), { startReactors: false });
  try {
    await ctx.runner.waitForPosition(await ctx.store.headPosition(), 120_000);
    return await run(
      createAdminAccounts({
        run: ctx.run,
        unique: ctx.unique,
        accounts: ctx.queries.accounts,
      }),
    );
  } finally {
    await ctx.close();
  }
}
