import {
  DEAL_FEE_BPS,
  MAX_DEAL_CENTS,
  MAX_REQUEST_CENTS,
  REQUEST_FEE_BPS,
} from '@machines/money';
import {
  publicSettingsSchema,
  type PublicSettings,
} from '@machines/contract/public-settings';
import type { AppConfig } from '../config';
import type { RouteDeps, ZodApp } from '../http/route-deps';

/** The public settings from the running configuration (the same values the commands and timers use). */
export function publicSettings(config: AppConfig): PublicSettings {
  const secretKey = config.stripe.secretKey;
  const simulatedPayments = !secretKey;
  return {
    reviewPeriodHours: config.reviewPeriodHours,
    disputePeriodHours: config.disputePeriodHours,
    requestExpiryDays: config.requestExpiryDays,
    dealFeeBps: DEAL_FEE_BPS,
    requestFeeBps: REQUEST_FEE_BPS,
    maxDealCents: MAX_DEAL_CENTS,
    maxRequestCents: MAX_REQUEST_CENTS,
    simulatedPayments,
    testMode:
      simulatedPayments ||
      secretKey.startsWith('sk_test_') ||
      secretKey.startsWith('rk_test_'),
    mailKept: !config.notifications.smtpUrl,
  };
}

/** GET /api/settings: public, cacheable for a minute (configuration changes only with a restart). */
export function settingsRoutes(
  app: ZodApp,
  { ctx }: RouteDeps<{ config: AppConfig }>,
): void {
  const answer = publicSettings(ctx.config);
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Durations, fees, limits and test mode as the running server applies them (public)',
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return answer;
    },
  );
}
