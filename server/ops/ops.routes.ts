import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { createReadiness } from './readiness';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Probes and metrics. `/api/health` (liveness, in app.ts) says the process answers; `/api/ready`
 * says this instance should get traffic; `/metrics` is Prometheus text, only with
 * `Authorization: Bearer $METRICS_TOKEN` (and not served at all without a configured token).
 */
export function opsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): void {
  const readiness = createReadiness({
    store: ctx.store,
    runner: ctx.runner,
    maxLagEvents: ctx.config.ops.readyMaxLagEvents,
    subscriptions: ctx.subscriptions,
  });

  app.get('/api/ready', { schema: { tags: ['ops'], hide: true } }, async (_request, reply) => {
    const report = await readiness();
    return reply
      .status(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.ops.metricsToken;
    if (!token) return reply.status(404).send({ error: 'not_found', message: 'Metrics are off: set METRICS_TOKEN to serve them' });
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized', message: 'Metrics need the METRICS_TOKEN bearer token' });
    }
    const { contentType, body } = await ctx.metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
