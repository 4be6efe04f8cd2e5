import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** Hands a signed webhook to the app's webhook route; resolves with the HTTP status it answered. */
export type WebhookTransport = (request: {
  payload: string;
  signature: string;
}) => Promise<number>;

export const WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Builds Stripe-shaped events, signs them with the webhook secret exactly as Stripe does, and
 * delivers them through the app's own webhook route, so they are verified like real ones.
 */
export function createSimulatedWebhooks(options: {
  publicUrl: string;
  webhookSecret: string;
}) {
  // Without the /sim routes (which plug in app.inject) fall back to HTTP, as Stripe would call.
  let transport: WebhookTransport = async ({ payload, signature }) => {
    const response = await fetch(`${options.publicUrl}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature,
      },
      body: payload,
    });
    return response.status;
  };

  return {
    useTransport(next: WebhookTransport): void {
      transport = next;
    },
    async send(type: string, object: Record<string, unknown>): Promise<void> {
      const created = Math.floor(Date.now() / 1000);
      const event = {
        id: `evt_sim_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created,
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object },
      };
      const payload = JSON.stringify(event);
      // The signature's timestamp is real time: the receiver checks it against its own wall clock.
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.webhookSecret,
        timestamp: created,
      });
      const status = await transport({ payload, signature });
      if (status < 200 || status >= 300)
        throw new Error(`Webhook ${type} was answered with HTTP ${status}`);
    },
  };
}
