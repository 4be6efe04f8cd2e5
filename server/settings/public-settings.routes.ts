import { z } from 'zod';
import type { RouteDeps, ZodApp } from '../http/route-deps';

export const publicSettingsSchema = z.object({
  /** Payments use test money (the simulated gateway, or Stripe test keys): every screen says so. */
  testMode: z.boolean(),
  paymentsMode: z.enum(['simulated', 'stripe']),
});

/** Settings any page may read before login (no secrets): what the web app shows around every screen. */
export function publicSettingsRoutes(app: ZodApp, { ctx }: RouteDeps): void {
  app.get(
    '/api/settings/public',
    {
      schema: { tags: ['settings'], response: { 200: publicSettingsSchema } },
    },
    async () => {
      const { gateway } = ctx.payments;
      return { testMode: gateway.testMode, paymentsMode: gateway.mode === 'simulated' ? ('simulated' as const) : ('stripe' as const) };
    },
  );
}
