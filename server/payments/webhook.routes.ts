import type { FastifyPluginAsync } from 'fastify';
import type { Escrow } from './escrow.types';
import { WebhookSignatureError, type PaymentGateway } from './gateway/payment-gateway';
import { WEBHOOK_PATH } from './gateway/simulated/simulated-webhooks';

export interface WebhookRoutesOptions {
  escrow: Pick<Escrow, 'handleWebhook'>;
  gateway: PaymentGateway;
}

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so this plugin keeps
 * the raw body: its own content-type parsers apply to this encapsulated route only, and the rest
 * of the app keeps parsing JSON. Forged or stale signatures get 400; a failure while recording
 * gets 500 so Stripe redelivers (recording is idempotent by event id).
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, { escrow, gateway }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(WEBHOOK_PATH, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    let event;
    try {
      event = gateway.verifyWebhook(raw, Array.isArray(header) ? header[0] : header);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      return reply.code(400).send({ error: 'invalid_signature', message: `Webhook signature verification failed: ${error.message}` });
    }
    await escrow.handleWebhook(event);
    return { received: true };
  });
};
