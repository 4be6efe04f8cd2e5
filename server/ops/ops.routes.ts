import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '../commands/domain-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProjectionRunner } from '../../projections/runner';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { SharedHttpState } from '../http/shared-http-state';
import type { AppMetrics } from './app-metrics';
import type { SubscriptionHealth } from './subscription-health';
import type { AuthGuards } from '../auth/authenticate';
import { createReadiness } from './readiness';
import type { IntentWatch } from '../money/intent-watch';

/** The parts of the app the probes and metrics read. */
interface OpsParts {
  config: Pick<AppConfig, 'ops'>;
  store: EventStore;
  runner: ProjectionRunner;
  metrics: Pick<AppMetrics, 'scrape'>;
  subscriptions: SubscriptionHealth;
  sharedHttp: SharedHttpState;
  payments: { intents: Pick<IntentWatch, 'backlog'> };
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Whether a probe answer may carry its figures (positions, lag, why not ready): for the metrics
 * token (the monitoring system) or an admin or auditor session. Anyone else learns up or down only,
 * so strangers cannot watch the event count grow.
 */
export function createProbeAudience(
  ctx: Pick<OpsParts, 'config'>,
  guards: AuthGuards,
) {
  return function mayReadDetails(request: FastifyRequest): boolean {
    const match = /^Bearer\s+(\S+)$/i.exec(
      String(request.headers.authorization ?? '').trim(),
    );
    if (!match) return false;
    const token = ctx.config.ops.metricsToken;
    if (token && sameSecret(match[1]!, token)) return true;
    try {
      guards.authenticateAdmin(request, 'read');
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * Probes and metrics. `/api/health` (liveness, in app.ts) says the process answers; `/api/ready`
 * says this instance should get traffic (200 or 503; figures only for `mayReadDetails`); `/metrics` is Prometheus text, only with
 * `Authorization: Bearer $METRICS_TOKEN` (and not served at all without a configured token).
 */
export function opsRoutes(
  app: FastifyInstance,
  {
    ctx,
    mayReadDetails,
  }: { ctx: OpsParts; mayReadDetails: (request: FastifyRequest) => boolean },
): void {
  const readiness = createReadiness({
    store: ctx.store,
    runner: ctx.runner,
    maxLagEvents: ctx.config.ops.readyMaxLagEvents,
    subscriptions: ctx.subscriptions,
    shared: ctx.sharedHttp,
  });

  app.get(
    '/api/ready',
    { schema: { tags: ['ops'], hide: true } },
    async (request, reply) => {
      const report = await readiness();
      // Money waiting for the provider does not take the instance out of service (another instance
      // would wait on the same provider): it is reported, and alerted past the limit.
      const intents = ctx.payments.intents.backlog();
      return reply
        .status(report.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(
          mayReadDetails(request)
            ? {
                ...report,
                unansweredIntents: intents.unanswered,
                oldestUnansweredIntentSeconds: intents.oldestAgeSeconds,
                intentAlertAfterSeconds: intents.alertAfterSeconds,
              }
            : { ready: report.ready },
        );
    },
  );

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.ops.metricsToken;
    if (!token) throw new DomainError('metrics_off');
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new DomainError('metrics_token_required');
    }
    const { contentType, body } = await ctx.metrics.scrape();
    return reply
      .type(contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
