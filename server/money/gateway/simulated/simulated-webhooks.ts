import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/** Hands a signed webhook to the app's webhook route; resolves with the HTTP status it answered. */
export type WebhookTransport = (request: {
  payload: string;
  signature: string;
}) => Promise<number>;

export const WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * The app did not accept a webhook (an error answer, or no answer): what the gateway did stands
 * (the charge, the dispute), and the event waits to be sent again, as Stripe retries a webhook.
 */
export class WebhookPending extends Error {
  override readonly name = 'WebhookPending';
  constructor(readonly type: string) {
    super(`Webhook ${type} was not accepted by the app; it is sent again`);
  }
}

/** Stripe retries for days with a growing wait; the simulation waits a minute, then doubles, up to an hour. */
const FIRST_RETRY_MS = 60_000;
const LAST_RETRY_MS = 3_600_000;

/**
 * The events the app did not accept, sent again oldest first after a growing wait (or at once with
 * `redeliver`), until it accepts them.
 */
function webhookRetries(deliver: (payload: string) => Promise<boolean>) {
  const pending: string[] = [];
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | null = null;

  /** Sends the waiting events again; stops at the first the app still refuses (how many wait). */
  async function redeliver(): Promise<number> {
    while (pending.length > 0) {
      if (!(await deliver(pending[0]!))) break;
      pending.shift();
    }
    if (pending.length === 0) retryMs = FIRST_RETRY_MS;
    return pending.length;
  }

  function scheduleRetry(): void {
    if (retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      void redeliver().then((left) => {
        if (left === 0) return;
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        scheduleRetry();
      });
    }, retryMs);
    // A waiting retry never keeps the process (or a test run) alive.
    retry.unref();
  }

  return {
    redeliver,
    add(payload: string): void {
      pending.push(payload);
      scheduleRetry();
    },
  };
}

/** Delivers to the app's webhook route in process (the /sim routes' transport). */
export const injectTransport =
  (app: Pick<FastifyInstance, 'inject'>): WebhookTransport =>
  async ({ payload, signature }) =>
    (
      await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature,
        },
        payload,
      })
    ).statusCode;

/**
 * Builds Stripe-shaped events, signs them with the webhook secret exactly as Stripe does, and
 * delivers them through the app's own webhook route, so they are verified like real ones. An event
 * the app did not accept is kept and sent again (same event, signed anew) until it is.
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

  /** Delivers one signed event; false when the app did not accept it. */
  async function deliver(payload: string): Promise<boolean> {
    // The signature's timestamp is real time: the receiver checks it against its own wall clock.
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    try {
      const status = await transport({ payload, signature });
      return status >= 200 && status < 300;
    } catch {
      return false;
    }
  }
  const retries = webhookRetries(deliver);

  return {
    useTransport(next: WebhookTransport): void {
      transport = next;
    },
    redeliver: retries.redeliver,
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
      // As with Stripe, a later event does not wait for an earlier one still to be sent again.
      if (await deliver(payload)) return;
      retries.add(payload);
      throw new WebhookPending(type);
    },
  };
}
