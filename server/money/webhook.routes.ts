import type { FastifyPluginAsync } from 'fastify';
import type { Escrow } from './escrow.types';
import {
  WebhookSignatureError,
  type PaymentGateway,
} from './gateway/payment-gateway';
import { WEBHOOK_PATH } from './gateway/simulated/simulated-webhooks';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  signatureTimestamp,
  webhookShapeProblem,
} from './webhook-shape';
import { sendError } from '../http/error-handler';

export interface WebhookRoutesOptions {
  escrow: Pick<Escrow, 'handleWebhook'>;
  gateway: PaymentGateway;
}

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so this plugin keeps
 * the raw body: its own content-type parsers apply to this encapsulated route only, and the rest
 * of the app keeps parsing JSON. Forged or stale signatures get 400 (answered here: this plugin may run without the app's error handler); a failure while recording
 * gets 500 so Stripe redelivers (recording is idempotent by event id).
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (
  app,
  { escrow, gateway },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(WEBHOOK_PATH, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const headers = request.headers['stripe-signature'];
    const header = Array.isArray(headers) ? headers[0] : headers;
    let event;
    try {
      event = gateway.verifyWebhook(raw, header);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      return sendError(request, reply, 'invalid_signature', {
        detail: error.message,
      });
    }
    // Stripe's SDK only refuses old timestamps; a future-dated one is as suspect (a replay window).
    const signedAt = signatureTimestamp(header);
    if (
      signedAt === null ||
      Math.abs(Date.now() / 1000 - signedAt) > WEBHOOK_TOLERANCE_SECONDS
    ) {
      return sendError(request, reply, 'invalid_signature', {
        detail: 'timestamp outside the tolerance zone',
      });
    }
    const problem = webhookShapeProblem(event);
    if (problem)
      return sendError(request, reply, 'invalid_input', { detail: problem });
    await escrow.handleWebhook(event);
    return { received: true };
  });
};
