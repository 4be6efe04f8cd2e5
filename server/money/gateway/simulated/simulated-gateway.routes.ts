import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { GatewayError } from '../payment-gateway';
import type { SimulatedGateway } from './simulated-gateway';
import {
  checkoutPage,
  onboardingPage,
  paymentPage,
  type PaymentPageNotice,
} from './simulated-pages';
import { injectTransport, WebhookPending } from './simulated-webhooks';
import { requestLanguage, type Language } from '../../../i18n/request-language';

export interface SimulatedGatewayRoutesOptions {
  gateway: SimulatedGateway;
}

type Form = Record<string, string | undefined>;

/**
 * The pages act only for whoever got the URL from the app (the payer's checkout URL, the creator's
 * account link): it carries a key, and a missing or wrong one looks like an unknown id (404).
 */
function holdsKey(request: FastifyRequest, key: string): boolean {
  const given = (request.query as Record<string, unknown> | undefined)?.['key'];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The test pages' 404: what they name was not found (or its key in the URL does not open it). */
const notFound = (reply: FastifyReply, what: 'Checkout session' | 'Account') =>
  reply.code(404).type('text/plain').send(`${what} not found`);

/** The session the key in the URL opens, if any. */
const sessionFor = (
  gateway: SimulatedGateway,
  request: FastifyRequest<{ Params: { sessionId: string } }>,
) => {
  const session = gateway.ledger.sessions.get(request.params.sessionId);
  return session && holdsKey(request, gateway.accessKey('payer', session.id))
    ? session
    : undefined;
};

/** The payer's checkout page: pay (card or iDEAL), let the payment fail, or cancel. */
function checkoutRoutes(app: FastifyInstance, gateway: SimulatedGateway) {
  app.get<{ Params: { sessionId: string } }>(
    '/sim/checkout/:sessionId',
    async (request, reply) => {
      const session = sessionFor(gateway, request);
      if (!session) return notFound(reply, 'Checkout session');
      return reply.type('text/html').send(
        checkoutPage({
          action: request.url,
          description: session.input.description,
          totalCents: session.totalCents,
          status: session.status,
          lang: requestLanguage(request),
        }),
      );
    },
  );

  app.post<{ Params: { sessionId: string }; Body: Form }>(
    '/sim/checkout/:sessionId',
    async (request, reply) => {
      const session = sessionFor(gateway, request);
      if (!session) return notFound(reply, 'Checkout session');
      const outcome = request.body?.outcome;
      if (outcome === 'cancel' || session.status !== 'open')
        return reply.redirect(session.input.cancelUrl, 303);
      try {
        if (outcome === 'pay') {
          await gateway.payCheckout(
            session.id,
            request.body?.method === 'card' ? 'card' : 'ideal',
          );
          return reply.redirect(session.input.successUrl, 303);
        }
        await gateway.failCheckout(session.id);
        return reply.redirect(session.input.cancelUrl, 303);
      } catch (error) {
        const page = checkoutPage({
          action: request.url,
          description: session.input.description,
          totalCents: session.totalCents,
          status: 'open',
          error: (error as Error).message,
          lang: requestLanguage(request),
        });
        return reply.code(502).type('text/html').send(page);
      }
    },
  );
}

type ChargebackStep = 'chargeback' | 'won' | 'lost';
type PageAnswer = [code: number, notice: PaymentPageNotice, error?: string];

/** Opens a chargeback on the charge, or closes its latest open one as won or lost; says how the page answers. */
async function chargebackOutcome(
  gateway: SimulatedGateway,
  chargeId: string,
  step: ChargebackStep,
): Promise<PageAnswer> {
  // The charge's open chargeback (a charge has at most one at a time).
  const openOne = () =>
    gateway.ledger.disputes
      .filter(
        (d) =>
          d.chargeId === chargeId &&
          gateway.ledger.disputeOutcome(d.id) === null,
      )
      .at(-1);
  if (step === 'chargeback') {
    try {
      await gateway.openChargeback(chargeId, 'fraudulent');
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'invalid_request')
        return [409, openOne() ? 'chargebackOpen' : 'chargebackRefused'];
      // The dispute is stored at the gateway; only its notice to the app waits (and is sent again).
      if (error instanceof WebhookPending) return [202, 'chargebackPending'];
      return [502, 'chargebackRefused', (error as Error).message];
    }
    return [200, 'chargebackSent'];
  }
  // The outcome closes the charge's open chargeback.
  const open = openOne();
  if (!open) return [409, 'noOpenChargeback'];
  try {
    await gateway.closeChargeback(open.id, step);
  } catch (error) {
    if (error instanceof WebhookPending)
      return [202, 'chargebackOutcomePending'];
    throw error;
  }
  return [200, 'chargebackClosed'];
}

/** A paid session's page, where a card chargeback can be opened. */
function paymentRoutes(app: FastifyInstance, gateway: SimulatedGateway) {
  // Test mode only (these routes exist only with the simulated gateway): a card chargeback on a paid session.
  const showPayment = (
    sessionId: string,
    action: string,
    extra: { notice?: PaymentPageNotice; error?: string; lang?: Language } = {},
  ) => {
    const session = gateway.ledger.sessions.get(sessionId);
    if (!session) return null;
    return paymentPage({
      action,
      description: session.input.description,
      totalCents: session.totalCents,
      chargeId: session.chargeId,
      ...extra,
    });
  };
  app.get<{ Params: { sessionId: string } }>(
    '/sim/payments/:sessionId',
    async (request, reply) => {
      const html = sessionFor(gateway, request)
        ? showPayment(request.params.sessionId, request.url, {
            lang: requestLanguage(request),
          })
        : null;
      return html === null
        ? notFound(reply, 'Checkout session')
        : reply.type('text/html').send(html);
    },
  );
  app.post<{ Params: { sessionId: string }; Body: Form }>(
    '/sim/payments/:sessionId',
    async (request, reply) => {
      const session = sessionFor(gateway, request);
      if (!session) return notFound(reply, 'Checkout session');
      const outcome = request.body?.outcome;
      const chargeId = session.chargeId;
      if (
        chargeId === null ||
        !['chargeback', 'won', 'lost'].includes(outcome ?? '')
      )
        return reply.redirect(request.url, 303);
      const lang = requestLanguage(request);
      const answer = (
        code: number,
        notice: PaymentPageNotice,
        error?: string,
      ) =>
        reply
          .code(code)
          .type('text/html')
          .send(
            showPayment(session.id, request.url, {
              notice,
              lang,
              ...(error ? { error } : {}),
            }),
          );
      return answer(
        ...(await chargebackOutcome(
          gateway,
          chargeId,
          outcome as ChargebackStep,
        )),
      );
    },
  );
}

/** The creator's onboarding page: finish it (payouts enabled) or leave it incomplete. */
function onboardingRoutes(app: FastifyInstance, gateway: SimulatedGateway) {
  app.get<{ Params: { accountId: string } }>(
    '/sim/onboarding/:accountId',
    async (request, reply) => {
      const account = gateway.ledger.accounts.get(request.params.accountId);
      if (
        !account ||
        !holdsKey(request, gateway.accessKey('account', account.id))
      )
        return notFound(reply, 'Account');
      return reply.type('text/html').send(
        onboardingPage({
          action: request.url,
          accountId: request.params.accountId,
          lang: requestLanguage(request),
        }),
      );
    },
  );

  app.post<{ Params: { accountId: string }; Body: Form }>(
    '/sim/onboarding/:accountId',
    async (request, reply) => {
      const account = gateway.ledger.accounts.get(request.params.accountId);
      if (
        !account ||
        !holdsKey(request, gateway.accessKey('account', account.id))
      )
        return notFound(reply, 'Account');
      const complete = request.body?.outcome === 'complete';
      try {
        await gateway.finishOnboarding(account.id, complete);
      } catch (error) {
        return reply
          .code(502)
          .type('text/html')
          .send(
            onboardingPage({
              action: request.url,
              accountId: account.id,
              error: (error as Error).message,
              lang: requestLanguage(request),
            }),
          );
      }
      const target = complete ? account.returnUrl : account.refreshUrl;
      return reply.redirect(target ?? '/', 303);
    },
  );
}

/**
 * The simulated gateway's own checkout and onboarding pages (registered only when it runs). The
 * outcomes travel as signed webhooks through `app.inject` into the app's real webhook route: in
 * process, so it works offline, behind any proxy and in tests, with no PUBLIC_URL reachability.
 */
export const simulatedGatewayRoutes: FastifyPluginAsync<
  SimulatedGatewayRoutesOptions
> = async (app, { gateway }) => {
  gateway.useWebhookTransport(injectTransport(app));

  // HTML forms post urlencoded bodies; parsed here only, the rest of the app is untouched.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }

  checkoutRoutes(app, gateway);
  paymentRoutes(app, gateway);
  onboardingRoutes(app, gateway);
};
