import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createGateway } from '@server/money/gateway/create-gateway';
import type { PaymentGateway } from '@server/money/gateway/payment-gateway';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export type Responder = (
  request: RecordedRequest,
) => { status?: number; body: unknown } | undefined;

/**
 * A local stand-in for api.stripe.com: records each request (method, path, form parameters,
 * Idempotency-Key) and answers with Stripe-shaped JSON from the test's responders.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const responders: Responder[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(body)),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
      };
      requests.push(recorded);
      const answer = responders
        .map((r) => r(recorded))
        .find((a) => a !== undefined) ?? {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${recorded.method}: ${recorded.path})`,
          },
        },
      };
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    /** Answers matching requests; earlier responders win. */
    on(
      method: string,
      path: string | RegExp,
      answer: (r: RecordedRequest) => { status?: number; body: unknown },
    ) {
      responders.push((r) =>
        r.method === method &&
        (typeof path === 'string' ? r.path === path : path.test(r.path))
          ? answer(r)
          : undefined,
      );
    },
    reset() {
      requests.length = 0;
      responders.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export const stripeError = (status: number, code: string, message: string) => ({
  status,
  body: {
    error: {
      type: status >= 500 ? 'api_error' : 'invalid_request_error',
      code,
      message,
    },
  },
});

/** The Stripe adapter pointed at a fake Stripe for the whole file, its record cleared before each test. */
export function useFakeStripeGateway(
  assign: (stripe: FakeStripe, gateway: PaymentGateway) => void,
): void {
  let stripe: FakeStripe | null = null;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    assign(
      stripe,
      createGateway({
        stripeSecretKey: 'sk_test_123',
        stripeWebhookSecret: 'whsec_test',
        publicUrl: 'http://app.test',
        stripeApi: stripe.api,
      }),
    );
  });
  afterAll(async () => {
    await stripe?.close();
  });
  beforeEach(() => stripe?.reset());
}
